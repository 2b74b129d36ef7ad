/**
 * §1/§2 invitation links of private organisations:
 * `/{orgId}/new?contactId={id}&referrer=invitation&strOrgId={orgId}&strContactId={id}&time={ms}&key={k}`,
 * where key = base64url(HMAC-SHA256(secret 'invitation-hmac', `${orgId}.${contactId}.${time}`)).
 * A link is good for 7 days after `time`, for the one unregistered contact it names, in the
 * organisation it names; a `time` further in the future than a small clock skew is not one the
 * server made. Sign-up and userInfo check the same way (verifyInvitation, invitedContact).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InvitationParams } from '../../schemas/signUp/payload.ts';
import type { Db } from '../db/client.ts';
import { findContact, upsertInvitedContact, type Contact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import type { Mailer } from './mail.ts';
import { refuse, type Refusal } from './results.ts';
import { hmac } from './serverSecrets.ts';
import { sameToken } from './tokens.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How far another app server's clock may run ahead of this one's. */
export const INVITATION_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** What the links say in `referrer` (§2 "new?contactId={number}&referrer={value}"). */
export const INVITATION_REFERRER = 'invitation';

export type InvitationRefusal =
  | { status: 403; errorCode: 'signup.invitation.invalid' }
  | { status: 404; errorCode: 'signup.invitation.invalid' }
  | { status: 409; errorCode: 'signup.invitation.used' }
  | { status: 410; errorCode: 'signup.invitation.expired' };

const INVALID = { status: 403, errorCode: 'signup.invitation.invalid' } as const;
const CONTACT_ID = /^[1-9][0-9]{0,9}$/;
const TIME = /^[0-9]{1,15}$/;

/** The key of an invitation of `contactId` in `orgId` made at `time` (ms since the epoch). */
export function invitationKey(db: Db, orgId: string, contactId: number | string, time: number | string): Promise<string> {
  return hmac(db, 'invitation-hmac', `${orgId}.${contactId}.${time}`);
}

/** The parameters of a new invitation link for `contactId` of `orgId`. */
export async function inviteParams(db: Db, orgId: string, contactId: number, now = Date.now()): Promise<InvitationParams> {
  const time = String(now);
  return { contactId: String(contactId), strOrgId: orgId, strContactId: String(contactId), time, key: await invitationKey(db, orgId, contactId, time) };
}

/** The sign-up address of an invitation (the portal's origin goes in front of it in a mail). */
export function invitationPath(orgId: string, params: InvitationParams): string {
  const query = new URLSearchParams({
    contactId: params.contactId, referrer: INVITATION_REFERRER, strOrgId: params.strOrgId,
    strContactId: params.strContactId, time: params.time, key: params.key,
  });
  return `/${encodeURIComponent(orgId)}/new?${query}`;
}

/** Whether a request carries any invitation parameter (then they all have to verify). */
export function hasInvitation(query: Partial<InvitationParams>): boolean {
  return [query.contactId, query.strOrgId, query.strContactId, query.time, query.key].some((value) => value !== undefined && value !== '');
}

/**
 * Checks the link's own parameters for `orgId`: the key (constant-time), that both ids name the
 * same contact and the organisation asked, and the time. Answers the contact id, or why not.
 */
export async function verifyInvitation(db: Db, orgId: string, query: Partial<InvitationParams>, now = Date.now()): Promise<{ contactId: number } | InvitationRefusal> {
  const { contactId = '', strOrgId = '', strContactId = '', time = '', key = '' } = query;
  if (!CONTACT_ID.test(contactId) || strContactId !== contactId || strOrgId !== orgId || !TIME.test(time) || key === '') return INVALID;
  if (!sameToken(key, await invitationKey(db, orgId, contactId, time))) return INVALID;
  const madeAt = Number(time);
  if (madeAt > now + INVITATION_CLOCK_SKEW_MS) return INVALID;
  if (now - madeAt > INVITATION_TTL_MS) return { status: 410, errorCode: 'signup.invitation.expired' };
  return { contactId: Number(contactId) };
}

export type InvitedContact = Contact;

/**
 * The unregistered contact a valid invitation of `orgId` names, or why there is none: a bad link
 * (403), a contact that no longer exists (404), or one that has signed up already (409).
 */
export async function invitedContact(db: Db, orgId: string, query: Partial<InvitationParams>, now = Date.now()): Promise<{ contact: InvitedContact } | InvitationRefusal> {
  const verified = await verifyInvitation(db, orgId, query, now);
  if ('status' in verified) return verified;
  const contact = await findContact(db, orgId, verified.contactId);
  if (!contact) return { status: 404, errorCode: 'signup.invitation.invalid' };
  if (contact.registered || contact.username !== null) return { status: 409, errorCode: 'signup.invitation.used' };
  return { contact };
}

export interface InviteeDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Invites a person to a private organisation's sign-up (admin API): an unregistered contact
 * (registered = false, no username or password yet; the one already pending for the address is
 * re-invited) and its §1 invitation link, mailed to the address. 503 when the mail cannot be
 * written, 429 when the address has had its invitations for the hour (services/mail.ts): the contact
 * and link exist either way, and the administrator may hand the link over another way.
 */
export async function inviteContact(
  { db, mailer, log }: InviteeDeps, org: Organization, person: { firstName: string; lastName: string; email: string }, portalUrl: string,
): Promise<{ ok: true; contactId: number; url: string } | Refusal> {
  const firstName = person.firstName.trim();
  const lastName = person.lastName.trim();
  const address = person.email.trim();
  if (!firstName || !lastName) return refuse(400, { errorCode: 'request.invalid', message: 'body/firstName and body/lastName must not be blank' });
  const contactId = await upsertInvitedContact(db, org.orgId, { firstName, lastName, email: address });
  const url = invitationPath(org.orgId, await inviteParams(db, org.orgId, contactId));
  const orgName = org.settings.orgName;
  let queued;
  try {
    queued = await mailer.send(org.orgId, {
      to: address,
      kind: 'invitation',
      subject: `Your invitation to ${orgName}`,
      text: `Hello ${firstName} ${lastName},\n\n${orgName} invites you to create your account in its member portal, `
        + `where you choose how alerts reach you.\n\nCreate your account here (the link works for 7 days):\n${portalUrl}${url}\n\n`
        + 'If you did not expect this invitation, you can ignore this e-mail.\n',
    }, log);
  } catch (err) {
    log.error({ err }, 'invitation mail could not be written');
    return refuse(503, { errorCode: 'invitation.mail.failed', contactId, url });
  }
  // Over the mail limit per address (issue 9 row 4): the link exists; the administrator hands it over.
  if (!queued) return refuse(429, { errorCode: 'invitation.mail.limited', contactId, url });
  return { ok: true, contactId, url };
}
