/**
 * E-mail paths (EMAIL, PLAINTEXTEMAIL) through the portal's mailer (services/mail.ts): the mail is
 * written to `mail_outbox` first, then delivered over SMTP when SMTP_URL is set. Without SMTP it stays
 * in the mail outbox (`queued`; the demo mailbox shows it there). With SMTP the answer waits for the
 * SMTP server's verdict at most `waitMs`; a delivery still under way then is `queued` and its outcome
 * lands on the mail_outbox row.
 */
import type { MailKind, Mailer } from '../mail.ts';
import type { AdapterAnswer, DeliveryKind, DeliveryLog } from './deliveryMessage.ts';

const MAIL_KINDS: Record<DeliveryKind, MailKind> = { test: 'testNotification', confirmation: 'contactConfirmation', notification: 'other' };

export async function sendEmail(
  mailer: Mailer, log: DeliveryLog, waitMs: number,
  message: { orgId: string; to: string; kind: DeliveryKind; subject: string; text: string }, hide: (text: string) => string,
): Promise<AdapterAnswer> {
  // The mailer logs a failed SMTP delivery with the error alone (mail id, organisation): no address, no text.
  const queued = await mailer.send(message.orgId, { to: message.to, kind: MAIL_KINDS[message.kind], subject: message.subject, text: message.text }, log);
  if (!queued) return { outcome: 'failed', errorCode: 'mail.overLimit', detail: 'this address had its mails of this kind for the hour' };
  const providerId = String(queued.mailId);
  if (!mailer.delivers) return { outcome: 'queued', errorCode: 'delivery.notConfigured', providerId, detail: 'no SMTP_URL: kept in the mail outbox' };
  let timer: NodeJS.Timeout | undefined;
  const verdict = await Promise.race([
    queued.delivery,
    new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), waitMs); }),
  ]);
  clearTimeout(timer);
  if (!verdict) return { outcome: 'queued', errorCode: 'smtp.pending', providerId, detail: 'the SMTP server has not answered yet; its outcome goes to the mail outbox' };
  if (verdict.sentAt) return { outcome: 'sent', providerId, detail: 'accepted by the SMTP server' };
  return { outcome: 'failed', errorCode: 'smtp', providerId, detail: hide(verdict.error ?? 'not delivered').slice(0, 500) };
}
