/**
 * The delivery layer's types (issue 12 "Test notification, for real"): what is sent to one contact
 * path, and what became of it. services/delivery/createDelivery.ts routes a message to its adapter.
 */
import type { ContactPathType } from '../../../schemas/entities.ts';

/** What a delivery is for: a test notification, a contact-path confirmation code, or an alert. */
export type DeliveryKind = 'test' | 'confirmation' | 'notification';

/** One message to one contact path of one member. */
export interface DeliveryMessage {
  orgId: string;
  /** The member it is for (null for an address not yet a member's, e.g. a sign-up's). */
  contactId: number | null;
  pathType: ContactPathType;
  /**
   * The path's value: an e-mail address (EMAIL, PLAINTEXTEMAIL), a phone number in E.164 form (SMS,
   * PHONE, TTYTDD; a national number is read with `countryCode`), a Slack member or channel id, an
   * e-mail address known to the Slack workspace, or an incoming-webhook address (SLACK).
   */
  address: string;
  /** The phone's region (ISO 3166 alpha-2, §3 countryCode) when `address` is not in E.164 form. */
  countryCode?: string | null;
  /** The mail's subject (e-mail paths; the outbox keeps it for the others). */
  subject?: string;
  /** The plain text: the SMS, what the voice call says, the Slack message, the mail's body. */
  text: string;
  kind: DeliveryKind;
}

/**
 * `sent`: the provider accepted it (the SMTP server, Twilio, Slack). `queued`: written to the delivery
 * outbox (no adapter for the path type, or its adapter not configured) or, for e-mail, left in the mail
 * outbox. `failed`: refused (by the provider, with its error code, or by a limit here) or not reachable.
 */
export type DeliveryOutcome = 'sent' | 'queued' | 'failed';

/** Which adapter took the message. */
export type AdapterName = 'email' | 'sms' | 'voice' | 'slackWebhook' | 'slackApi' | 'outbox';

export interface DeliveryResult {
  outcome: DeliveryOutcome;
  adapter: AdapterName;
  /** What happened, in words, without the full address or the text (the provider's message on failure). */
  detail: string;
  /** Why it failed or was queued: `twilio.21211`, `slack.channel_not_found`, `smtp`, `delivery.timeout`, `delivery.notConfigured`, …; null when sent. */
  errorCode: string | null;
  /** The provider's id of what it accepted: a Twilio SID, a Slack ts, the mail_outbox id. */
  providerId: string | null;
  /** The delivery_outbox row recording the attempt; null only when it could not be written (logged). */
  deliveryId: number | null;
}

/** What an adapter answers; createDelivery records it. */
export interface AdapterAnswer {
  outcome: DeliveryOutcome;
  detail: string;
  errorCode?: string | null;
  providerId?: string | null;
  /** HTTP requests made, retries included. */
  requests?: number;
}

/** Where the delivery layer logs (Fastify's logger fits): never a full address, a text or a credential. */
export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** §9-style bounds of what is sent, checked before any request (over them: `failed`, nothing sent). */
export const DELIVERY_LIMITS = {
  /** Twilio's own bound on an SMS body (it splits it into up to 10 segments). */
  smsText: 1600,
  /** What a call says: the `Twiml` parameter is at most 4,000 characters, escaping and the <Response><Say> around it included. */
  voiceTwiml: 4000,
  /** Slack truncates past 40,000; a message meant to be read is far shorter. */
  slackText: 4000,
  emailText: 100_000,
  subject: 200,
  /** What the outbox keeps of a message for another path type. */
  outboxText: 10_000,
  /** RFC 5321's 254 for e-mail; webhook addresses and ids fit in 500. */
  emailAddress: 254,
  address: 500,
} as const;
