/**
 * The mails that confirm what happened to an account (issue 11 "Outcomes are confirmed"): a welcome
 * after sign-up, a security notice after every password change or reset (NIST SP 800-63B
 * 6.1.2.3: the subscriber is notified of a change through another channel), and a receipt listing
 * what went when an account is deleted (issue 12). Each goes through the
 * mailer (outbox first, limited per address and kind like every mail) and never holds up or fails
 * the answer: the change happened; a missing mail is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findContact } from '../repositories/contacts.ts';
import type { Mailer, MailMessage } from './mail.ts';

export interface AccountMailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const orgPath = (portalUrl: string, org: Organization, page: string) => `${portalUrl}/${encodeURIComponent(org.orgId)}/${page}`;

async function sendToContact(deps: AccountMailDeps, org: Organization, contactId: number, message: (contact: { username: string; firstName: string }) => Omit<MailMessage, 'to'>) {
  try {
    const contact = await findContact(deps.db, org.orgId, contactId);
    if (!contact?.email) return;
    const mail = message({ username: contact.username ?? '', firstName: contact.firstName ?? '' });
    const queued = await deps.mailer.send(org.orgId, { ...mail, to: contact.email }, deps.log);
    if (!queued) deps.log.warn({ orgId: org.orgId, kind: mail.kind }, 'account mail over the limit per address, not sent');
  } catch (err) {
    deps.log.error({ err, orgId: org.orgId }, 'account mail could not be written');
  }
}

/** "Your password was changed": to the member, after a change, an expired-password change or a reset. */
export function notifyPasswordChanged(deps: AccountMailDeps, org: Organization, contactId: number, portalUrl: string, now = new Date()): Promise<void> {
  const name = org.settings.orgName;
  return sendToContact(deps, org, contactId, ({ username, firstName }) => ({
    kind: 'passwordChanged',
    subject: `Your password for ${name} was changed`,
    text: `Hello ${firstName},\n\n`
      + `The password of your account ${username} at ${name} was changed on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n`
      + 'If you changed it, there is nothing more to do.\n'
      + `If you did not, choose a new password now and tell ${name}:\n${orgPath(portalUrl, org, 'forgot-password')}\n`,
  }));
}

/** "Welcome": to the member who just signed up, with their username and where to keep their details current. */
export function sendWelcome(deps: AccountMailDeps, org: Organization, contactId: number, portalUrl: string): Promise<void> {
  const name = org.settings.orgName;
  return sendToContact(deps, org, contactId, ({ username, firstName }) => ({
    kind: 'welcome',
    subject: `Welcome to ${name}'s notifications`,
    text: `Hello ${firstName},\n\n`
      + `Your account ${username} at ${name} has been created: you will receive ${name}'s notifications on the ways to reach you that you gave.\n\n`
      + `Keep them current, add others and set quiet times here:\n${orgPath(portalUrl, org, 'home')}\n\n`
      + `If you did not sign up, tell ${name}.\n`,
  }));
}

/** What an account deletion removed (services/accountDeletion.ts), for its receipt. */
export interface DeletionReceipt {
  /** The deleted account's e-mail address (the contact is gone when the mail is written). */
  to: string;
  firstName: string;
  username: string | null;
  deletedAt: Date;
  removed: { contactPaths: number; quietTimes: number; locations: number; customFields: number; signIns: number; accessKeys: number; deliveries: number };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Your account was deleted": to the address the deleted account had, listing what was removed. */
export async function sendDeletionReceipt(deps: Omit<AccountMailDeps, 'db'>, org: Organization, receipt: DeletionReceipt): Promise<void> {
  const name = org.settings.orgName;
  const { removed } = receipt;
  const lines = [
    'your profile: name, e-mail address, external id, language and time zone',
    `${counted(removed.contactPaths, 'contact path', 'contact paths')}, with ${counted(removed.quietTimes, 'quiet time', 'quiet times')}`,
    counted(removed.locations, 'location', 'locations'),
    counted(removed.customFields, 'additional-information answer', 'additional-information answers'),
    counted(removed.signIns, 'open sign-in', 'open sign-ins'),
    counted(removed.accessKeys, 'access key', 'access keys'),
    counted(removed.deliveries, 'record of a message sent to you', 'records of messages sent to you'),
    'your password and security answer',
  ];
  const account = receipt.username ? `Your account ${receipt.username}` : 'Your account';
  try {
    const queued = await deps.mailer.send(org.orgId, {
      to: receipt.to,
      kind: 'accountDeleted',
      subject: `Your account at ${name} was deleted`,
      text: `Hello ${receipt.firstName},\n\n`
        + `${account} at ${name} was deleted on ${receipt.deletedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, as you asked. This was removed:\n\n`
        + lines.map((line) => `- ${line}`).join('\n')
        + `\n\nThis portal no longer sends you ${name}'s notifications through this account. `
        + `If you did not ask for this, tell ${name}.\n`,
    }, deps.log);
    if (!queued) deps.log.warn({ orgId: org.orgId, kind: 'accountDeleted' }, 'account mail over the limit per address, not sent');
  } catch (err) {
    deps.log.error({ err, orgId: org.orgId }, 'account mail could not be written');
  }
}
