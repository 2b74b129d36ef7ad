/**
 * SMS and voice through a Twilio-compatible REST API (issue 12): `POST {SMS_API_URL}/2010-04-01/
 * Accounts/{sid}/Messages.json` with the form fields To, From, Body for an SMS, and `…/Calls.json`
 * with To, From, Twiml `<Response><Say>…</Say></Response>` for a call; HTTP Basic auth sid:token.
 *
 * Plain fetch rather than the `twilio` package: that client builds its addresses on api.twilio.com
 * with no setting for another base (a provider speaking the same API, a loopback server in the
 * tests) short of replacing its HTTP client, and these two form posts are all the portal sends.
 */
import type { SmsApiConfig } from '../../config.ts';
import type { AdapterAnswer } from './deliveryMessage.ts';
import { requestWithRetries, type ProviderAnswer, type RequestBounds } from './requestWithRetries.ts';

/** Sends one SMS; `to` is in E.164 form, `body` within DELIVERY_LIMITS.smsText. */
export function sendSms(config: SmsApiConfig, bounds: RequestBounds, to: string, body: string, hide: (text: string) => string): Promise<AdapterAnswer> {
  return post(config, bounds, 'Messages', { To: to, From: config.from, Body: body }, hide);
}

/** Places one call that says `text`, once; `to` is in E.164 form. */
export function placeCall(config: SmsApiConfig, bounds: RequestBounds, to: string, twiml: string, hide: (text: string) => string): Promise<AdapterAnswer> {
  return post(config, bounds, 'Calls', { To: to, From: config.from, Twiml: twiml }, hide);
}

/** The TwiML of a call that says `text` (escaped: the text is the member's organisation's, not markup). */
export function sayTwiml(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
  return `<Response><Say>${escaped}</Say></Response>`;
}

async function post(config: SmsApiConfig, bounds: RequestBounds, resource: 'Messages' | 'Calls', form: Record<string, string>, hide: (text: string) => string): Promise<AdapterAnswer> {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}.json`;
  const answer = await requestWithRetries(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  }, bounds);
  return twilioOutcome(answer, hide);
}

/** Twilio answers 201 with the resource ({sid, status, …}), and an error as {code, message, more_info, status}. */
function twilioOutcome(answer: ProviderAnswer, hide: (text: string) => string): AdapterAnswer {
  if (answer.kind === 'timeout') return { outcome: 'failed', errorCode: 'delivery.timeout', detail: 'the SMS API did not answer in time', requests: answer.requests };
  if (answer.kind === 'unreachable') return { outcome: 'failed', errorCode: 'delivery.unreachable', detail: `the SMS API could not be reached: ${answer.reason}`, requests: answer.requests };
  const json = parseJson(answer.body);
  if (answer.status >= 200 && answer.status < 300) {
    const sid = typeof json?.sid === 'string' ? json.sid.slice(0, 64) : null;
    const status = typeof json?.status === 'string' ? json.status.slice(0, 40) : 'accepted';
    return { outcome: 'sent', providerId: sid, detail: `accepted by the SMS API (${status})`, requests: answer.requests };
  }
  const code = typeof json?.code === 'number' || typeof json?.code === 'string' ? String(json.code).slice(0, 20) : null;
  const message = typeof json?.message === 'string' ? hide(json.message).slice(0, 500) : `HTTP ${answer.status}`;
  return { outcome: 'failed', errorCode: code ? `twilio.${code}` : `http.${answer.status}`, detail: message, requests: answer.requests };
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
