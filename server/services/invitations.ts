/**
 * §1/§2 invitation links of private organisations:
 * `/{orgId}/new?contactId={id}&referrer=invitation&strOrgId={orgId}&strContactId={id}&time={ms}&key={k}`,
 * where key = base64url(HMAC-SHA256(secret 'invitation-hmac', `${orgId}.${contactId}.${time}`)).
 * A link is good for 7 days after `time`, for the one unregistered contact it names, in the
 * organisation it names; a `time` further in the future than a small clock skew is not one the
 * server made. Sign-up and userInfo check the same way (verifyInvitation, invitedContact).
 */
import { and, eq } from 'drizzle-orm';
import type { InvitationParams } from '../../schemas/signUp/payload.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { sameToken } from '../plugins/session.ts';
import { hmac } from './serverSecrets.ts';

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

export type InvitedContact = typeof contacts.$inferSelect;

/**
 * The unregistered contact a valid invitation of `orgId` names, or why there is none: a bad link
 * (403), a contact that no longer exists (404), or one that has signed up already (409).
 */
export async function invitedContact(db: Db, orgId: string, query: Partial<InvitationParams>, now = Date.now()): Promise<{ contact: InvitedContact } | InvitationRefusal> {
  const verified = await verifyInvitation(db, orgId, query, now);
  if ('status' in verified) return verified;
  const [contact] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, verified.contactId)));
  if (!contact) return { status: 404, errorCode: 'signup.invitation.invalid' };
  if (contact.registered || contact.username !== null) return { status: 409, errorCode: 'signup.invitation.used' };
  return { contact };
}
