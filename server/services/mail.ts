/**
 * The mail adapter (ARCHITECTURE.md "Outside services behind adapters": SMTP through nodemailer; an
 * outbox table and a demo mail viewer when no SMTP is configured).
 *
 * Every mail is first written to `mail_outbox`, so what the portal sent (or tried to) is on record in
 * the database whatever happens next. With SMTP_URL set it is then delivered through nodemailer and
 * the row gets `sent_at`, or `error` when the SMTP server refused it or could not be reached. Delivery
 * runs after `send` has returned: a slow or broken SMTP server neither fails nor delays the member's
 * request, and how long a request takes does not tell whether it sent a mail. Without SMTP_URL the row
 * stays unsent and the demo mailbox (`/mails`) shows it.
 *
 * Whoever asks, one address gets at most MAILS_PER_RECIPIENT_PER_HOUR mails of one kind an hour
 * (issue 9 row 4: no mail bombing through the forgot-username or reset forms); `send` answers null
 * for a mail over the limit, and nothing is written or sent.
 */
import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM } from '../config.ts';
import type { Db } from '../db/client.ts';
import { insertMailWithinLimit, recordDelivery } from '../repositories/mailOutbox.ts';

/** What a mail is for: the limit per address counts each kind on its own. */
export type MailKind = 'resetPassword' | 'forgotUsername' | 'invitation' | 'passwordChanged' | 'accountDeleted' | 'welcome' | 'testNotification' | 'contactConfirmation' | 'other';

/** Mails of one kind one address gets at most in an hour, whoever asks. */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export interface MailMessage {
  /** One recipient address. */
  to: string;
  kind: MailKind;
  subject: string;
  /** The plain-text body; every mail has one (the demo mailbox shows it). */
  text: string;
  /** An HTML alternative, sent beside the text. */
  html?: string;
}

export interface MailDelivery {
  /** When the SMTP server accepted the mail; null when it was not delivered. */
  sentAt: Date | null;
  /** Why delivery failed; null when it was delivered or not attempted. */
  error: string | null;
}

export interface QueuedMail {
  mailId: number;
  /**
   * Settles when delivery has been attempted and recorded on the row; never rejects. Without SMTP it
   * settles at once with `{ sentAt: null, error: null }`.
   */
  delivery: Promise<MailDelivery>;
}

/** Where delivery failures are reported: Fastify's logger fits, and so does `console`. */
export interface MailLog {
  error(details: object, message: string): void;
}

export interface Mailer {
  /** True when SMTP_URL is configured and mails leave the outbox. */
  readonly delivers: boolean;
  /**
   * Writes the outbox row and starts its delivery; null when the address has had its mails of this
   * kind for the hour (nothing written). Rejects only when the row cannot be written. A failed
   * delivery is logged to `log` when given (the request's logger: the line carries its id), else to
   * the mailer's.
   */
  send(orgId: string, message: MailMessage, log?: MailLog): Promise<QueuedMail | null>;
  /** Deliveries attempted since the mailer was made, by outcome (the metrics read them). */
  deliveries(): { sent: number; failed: number };
  /** Waits for the deliveries under way (before the database closes). */
  settle(): Promise<void>;
  /** Waits for the deliveries under way and closes the SMTP connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  /** smtp:// or smtps:// address of the SMTP server; null keeps every mail in the outbox. */
  smtpUrl: string | null;
  /** The From address; `Member portal <no-reply@localhost>` when not given. */
  from?: string;
  log?: MailLog;
}

/** An SMTP error message can be long (a whole server reply); the row keeps its start. */
const MAX_ERROR_LENGTH = 1000;

const consoleLog: MailLog = {
  error: (details, message) => console.error(`${message}: ${JSON.stringify(details)}`),
};

export function createMailer({ db, smtpUrl, from = DEFAULT_MAIL_FROM, log = consoleLog }: MailerOptions): Mailer {
  // Bounded waits: an unreachable server is given up on in seconds, not nodemailer's default minutes.
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 60_000 })
    : null;
  const pending = new Set<Promise<MailDelivery>>();
  const counts = { sent: 0, failed: 0 };

  async function deliver(orgId: string, mailId: number, message: MailMessage, requestLog: MailLog): Promise<MailDelivery> {
    let result: MailDelivery;
    try {
      await transport!.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      result = { sentAt: new Date(), error: null };
      counts.sent++;
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH) || 'delivery failed';
      counts.failed++;
      requestLog.error({ orgId, mailId, error }, 'mail not delivered');
      result = { sentAt: null, error };
    }
    try {
      await recordDelivery(db, orgId, mailId, result);
    } catch (err) {
      requestLog.error({ orgId, mailId, error: err instanceof Error ? err.message : String(err) }, 'mail delivery not recorded');
    }
    return result;
  }

  async function settle(): Promise<void> {
    while (pending.size) await Promise.all([...pending]);
  }

  return {
    delivers: transport !== null,

    async send(orgId, message, requestLog = log) {
      const mailId = await insertMailWithinLimit(db, orgId, {
        recipient: message.to, kind: message.kind, subject: message.subject, text: message.text, html: message.html ?? null,
      }, MAILS_PER_RECIPIENT_PER_HOUR, new Date(Date.now() - HOUR_MS));
      if (mailId === null) return null;
      if (!transport) return { mailId, delivery: Promise.resolve({ sentAt: null, error: null }) };
      const delivery = deliver(orgId, mailId, message, requestLog);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return { mailId, delivery };
    },

    settle,

    deliveries: () => ({ ...counts }),

    async close() {
      await settle();
      transport?.close();
    },
  };
}
