/**
 * The mails that confirm what happened to an account (issue 11 "Outcomes are confirmed"): a welcome
 * after sign-up, and a security notice after every password change or reset (NIST SP 800-63B
 * 6.1.2.3: the subscriber is notified of a change through another channel). Each goes through the
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
