/**
 * The delivery layer (issue 12 "Test notification, for real", "Confirmed contact paths"): one call,
 * `deliver(message)`, sends a message to one contact path through the adapter of its path type —
 *
 * | path type | adapter |
 * |---|---|
 * | EMAIL, PLAINTEXTEMAIL | the mailer: mail_outbox, then SMTP (emailAdapter.ts) |
 * | SMS | Twilio-compatible `Messages.json` (twilioAdapter.ts) |
 * | PHONE | Twilio-compatible `Calls.json`, the text said once |
 * | SLACK | an incoming webhook under SLACK_WEBHOOK_PREFIX, or `chat.postMessage` with SLACK_BOT_TOKEN (slackAdapter.ts) |
 * | TTYTDD, PAGER, NUMERICPAGER, FAX, TA, RECIP | the delivery outbox: no adapter speaks them (a TTY needs Baudot tones, not speech) |
 *
 * — and records the attempt in `delivery_outbox`, whatever its outcome. A path whose adapter is not
 * configured (no SMS_*, no bot token) is written to the delivery outbox as `queued`, with its full
 * address and text, and nothing else happens to it: never dropped silently. Every provider call is
 * bounded (requestWithRetries.ts), every text and address is checked against DELIVERY_LIMITS first,
 * and a provider's refusal is `failed` with its error code: `deliver` never throws.
 *
 * Logs carry the organisation, contact, path type, masked address, adapter, outcome and error code:
 * never the text (a confirmation code), the full address or a credential.
 */
import parsePhoneNumber from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import type { SlackBotConfig, SmsApiConfig } from '../../config.ts';
import { DEFAULT_SLACK_WEBHOOK_PREFIX } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertDelivery } from '../../repositories/deliveryOutbox.ts';
import type { Mailer } from '../mail.ts';
import { DELIVERY_LIMITS, type AdapterAnswer, type AdapterName, type DeliveryLog, type DeliveryMessage, type DeliveryResult } from './deliveryMessage.ts';
import { sendEmail } from './emailAdapter.ts';
import { maskAddress } from './maskAddress.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_RETRY_DELAYS_MS, type RequestBounds } from './requestWithRetries.ts';
import { postToWebhook, postWithBot, slackAddressOf } from './slackAdapter.ts';
import { placeCall, sayTwiml, sendSms } from './twilioAdapter.ts';

export interface Delivery {
  /**
   * Sends `message` through its path's adapter and records the attempt; never rejects. `requestLog`
   * (the request's logger, `request.log`) puts its lines under the request's id; the layer's own otherwise.
   */
  deliver(message: DeliveryMessage, requestLog?: DeliveryLog): Promise<DeliveryResult>;
  /** Which adapters are configured (the others' paths go to the delivery outbox). */
  readonly configured: { email: boolean; sms: boolean; slackBot: boolean };
}

export interface DeliveryOptions {
  db: Db;
  mailer: Mailer;
  /** The Twilio-compatible API (config.ts sms); null: SMS and voice paths go to the outbox. */
  sms?: SmsApiConfig | null;
  /** Slack's Web API with a bot token (config.ts slackBot); null: only webhook addresses are posted to. */
  slackBot?: SlackBotConfig | null;
  /** What a member's webhook address must start with (SLACK_WEBHOOK_PREFIX): the server posts nowhere else. */
  slackWebhookPrefix?: string;
  /** Per request (DEFAULT_REQUEST_TIMEOUT_MS, 10 s). */
  timeoutMs?: number;
  /** Pauses before the retries (DEFAULT_RETRY_DELAYS_MS: 2 retries, after 0.5 s and 1.5 s). */
  retryDelaysMs?: readonly number[];
  /** How long an e-mail delivery is waited for (10 s) before it is answered `queued`. */
  emailWaitMs?: number;
  log?: DeliveryLog;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

const consoleLog: DeliveryLog = {
  info: () => {},
  warn: (details, message) => console.warn(`${message}: ${JSON.stringify(details)}`),
  error: (details, message) => console.error(`${message}: ${JSON.stringify(details)}`),
};

export function createDelivery(options: DeliveryOptions): Delivery {
  const { db, mailer, sms = null, slackBot = null, log: ownLog = consoleLog } = options;
  const webhookPrefix = options.slackWebhookPrefix ?? DEFAULT_SLACK_WEBHOOK_PREFIX;
  const bounds: RequestBounds = { timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS };
  const emailWaitMs = options.emailWaitMs ?? DEFAULT_REQUEST_TIMEOUT_MS;

  /** Chooses the adapter and sends; the answer says what to record. */
  async function route(message: DeliveryMessage, hide: (text: string) => string, log: DeliveryLog): Promise<{ adapter: AdapterName; answer: AdapterAnswer; address: string }> {
    const address = message.address.trim();
    const refuse = (adapter: AdapterName, errorCode: string, detail: string) => ({ adapter, address, answer: { outcome: 'failed' as const, errorCode, detail } });
    if (!message.text.trim()) return refuse('outbox', 'delivery.emptyText', 'there is no text to send');
    if (address.length > DELIVERY_LIMITS.address || hasControlCharacter(address)) return refuse('outbox', 'delivery.badAddress', 'the address is too long or has control characters');
    if ((message.subject?.length ?? 0) > DELIVERY_LIMITS.subject) return refuse('outbox', 'delivery.subjectTooLong', `the subject is longer than ${DELIVERY_LIMITS.subject} characters`);

    switch (message.pathType) {
      case 'EMAIL':
      case 'PLAINTEXTEMAIL': {
        if (address.length > DELIVERY_LIMITS.emailAddress || !EMAIL.test(address)) return refuse('email', 'delivery.badAddress', 'not an e-mail address');
        if (message.text.length > DELIVERY_LIMITS.emailText) return refuse('email', 'delivery.textTooLong', `the text is longer than ${DELIVERY_LIMITS.emailText} characters`);
        const subject = message.subject?.trim() || firstLine(message.text);
        return { adapter: 'email', address, answer: await sendEmail(mailer, log, emailWaitMs, { orgId: message.orgId, to: address, kind: message.kind, subject, text: message.text }, hide) };
      }
      case 'SMS':
      case 'PHONE': {
        const adapter = message.pathType === 'SMS' ? 'sms' : 'voice';
        const number = e164Of(address, message.countryCode);
        if (!number) return refuse(adapter, 'delivery.badAddress', 'not a phone number in E.164 form');
        const twiml = adapter === 'voice' ? sayTwiml(message.text) : '';
        if (adapter === 'sms' && message.text.length > DELIVERY_LIMITS.smsText) return refuse(adapter, 'delivery.textTooLong', `an SMS holds at most ${DELIVERY_LIMITS.smsText} characters`);
        if (adapter === 'voice' && twiml.length > DELIVERY_LIMITS.voiceTwiml) return refuse(adapter, 'delivery.textTooLong', `a call's TwiML holds at most ${DELIVERY_LIMITS.voiceTwiml} characters`);
        if (!sms) return { adapter: 'outbox', address: number, answer: notConfigured(`no SMS API configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM)`) };
        const answer = adapter === 'sms' ? await sendSms(sms, bounds, number, message.text, hide) : await placeCall(sms, bounds, number, twiml, hide);
        return { adapter, address: number, answer };
      }
      case 'SLACK': {
        const slack = slackAddressOf(address);
        if (message.text.length > DELIVERY_LIMITS.slackText) return refuse(slack.kind === 'webhook' ? 'slackWebhook' : 'slackApi', 'delivery.textTooLong', `a Slack message holds at most ${DELIVERY_LIMITS.slackText} characters here`);
        if (slack.kind === 'webhook') {
          // A member's address is posted to only under the configured prefix: no request to any other host.
          if (!slack.url.startsWith(webhookPrefix)) return refuse('slackWebhook', 'delivery.badAddress', 'the webhook address is not under SLACK_WEBHOOK_PREFIX');
          return { adapter: 'slackWebhook', address, answer: await postToWebhook(slack.url, bounds, message.text) };
        }
        if (slack.kind === 'invalid') return refuse('slackApi', 'delivery.badAddress', 'not a Slack id, e-mail address or webhook address');
        if (!slackBot) return { adapter: 'outbox', address, answer: notConfigured('no Slack bot token configured (SLACK_BOT_TOKEN)') };
        return { adapter: 'slackApi', address, answer: await postWithBot(slackBot, bounds, slack, message.text) };
      }
      default:
        if (message.text.length > DELIVERY_LIMITS.outboxText) return refuse('outbox', 'delivery.textTooLong', `the outbox keeps at most ${DELIVERY_LIMITS.outboxText} characters`);
        return { adapter: 'outbox', address, answer: notConfigured(`no adapter delivers ${message.pathType} paths`) };
    }
  }

  return {
    configured: { email: mailer.delivers, sms: sms !== null, slackBot: slackBot !== null },

    async deliver(message, requestLog) {
      const log = requestLog ?? ownLog;
      const masked = maskAddress(message.pathType, message.address);
      const hide = hider(message.address, masked);
      let routed: { adapter: AdapterName; answer: AdapterAnswer; address: string };
      try {
        routed = await route(message, hide, log);
      } catch (err) {
        // An adapter's bug or the mail outbox's database: still an outcome, never a 500.
        log.error({ orgId: message.orgId, contactId: message.contactId, pathType: message.pathType, to: masked, error: hide(err instanceof Error ? err.message : String(err)) }, 'delivery error');
        routed = { adapter: 'outbox', address: message.address, answer: { outcome: 'failed', errorCode: 'delivery.error', detail: 'the delivery could not be attempted' } };
      }
      const { adapter, answer } = routed;
      const queued = answer.outcome === 'queued' && adapter === 'outbox';
      const record = {
        orgId: message.orgId,
        contactId: message.contactId,
        pathType: message.pathType,
        // The outbox keeps what would have been sent, to whom; every other row only the masked address.
        recipient: queued ? routed.address : null,
        recipientMasked: masked,
        kind: message.kind,
        adapter,
        outcome: answer.outcome,
        subject: queued ? (message.subject ?? null) : null,
        text: queued ? message.text : null,
        providerId: answer.providerId ?? null,
        errorCode: answer.errorCode ?? null,
        detail: hide(answer.detail).slice(0, 1000),
        requests: answer.requests ?? 0,
      };
      let deliveryId: number | null = null;
      try {
        deliveryId = await insertDelivery(db, record);
      } catch (err) {
        log.error({ orgId: message.orgId, contactId: message.contactId, pathType: message.pathType, to: masked, adapter, outcome: answer.outcome, error: err instanceof Error ? err.message : String(err) }, 'delivery not recorded');
      }
      const line = { orgId: message.orgId, contactId: message.contactId, deliveryId, pathType: message.pathType, to: masked, kind: message.kind, adapter, outcome: answer.outcome, errorCode: record.errorCode, requests: record.requests };
      if (answer.outcome === 'failed') log.warn(line, 'delivery failed');
      else log.info(line, answer.outcome === 'sent' ? 'delivery sent' : 'delivery queued');
      return { outcome: answer.outcome, adapter, detail: record.detail, errorCode: record.errorCode, providerId: record.providerId, deliveryId };
    },
  };
}

function notConfigured(detail: string): AdapterAnswer {
  return { outcome: 'queued', errorCode: 'delivery.notConfigured', detail: `${detail}: kept in the delivery outbox` };
}

/** A phone number in E.164 form, from E.164 or from a national number and its region. */
function e164Of(address: string, countryCode: string | null | undefined): string | null {
  const compact = address.replace(/[\s().-]/g, '');
  if (E164.test(compact)) return compact;
  if (!countryCode || !/^[A-Z]{2}$/.test(countryCode)) return null;
  try {
    const parsed = parsePhoneNumber(address, countryCode as CountryCode);
    return parsed && E164.test(parsed.number) ? parsed.number : null;
  } catch {
    return null;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!.slice(0, 120);
}

/** Replaces the full address (and, for a number, its digits in any spacing) in a provider's message by its masked form. */
function hider(address: string, masked: string): (text: string) => string {
  const value = address.trim();
  const digits = value.replace(/\D/g, '');
  return (text) => {
    let out = value ? text.split(value).join(masked) : text;
    if (digits.length >= 6) out = out.replace(/\+?\d[\d\s().-]{4,}\d/g, (run) => (run.replace(/\D/g, '').endsWith(digits.slice(-6)) ? masked : run));
    return out;
  };
}
