/**
 * What the sign-up API tests share: valid payloads per demo organisation, the three ways of sending
 * `userDetail` (§7), row counts to prove a refused sign-up stored nothing, an invitation made
 * straight in the database, and the administrator's session.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { encodeEbBase64, EB_BASE64 } from '../../schemas/ebBase64.ts';
import type { InvitationParams, SignUpPayload } from '../../schemas/signUp/payload.ts';
import type { Db } from '../../server/db/client.ts';
import { addresses, contactPaths, contacts } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { inviteParams } from '../../server/services/invitations.ts';
import { injectAdminLogin, setCookie } from './testApp.ts';

let serial = 0;
/** A username no other test of the run uses. */
export const freshUsername = (stem = 'new.member') => `${stem}.${process.pid}.${++serial}`;

/** A password each organisation's policy (§5) accepts: public, private, FedRAMP. */
export const GOOD_PASSWORDS: Record<string, string> = { springfield: 'Spring2026field', acme: 'Acme-2026x', fedagency: 'Acme#Corp2026', campus: 'Acme-2026x', paused: 'Spring2026field' };

/** A complete, valid sign-up of `orgId` (acme asks for two contact paths, §5 minimum). */
export function validPayload(orgId: string, change: Partial<SignUpPayload> = {}): SignUpPayload {
  return {
    firstName: 'Dana', lastName: 'Newcomer', username: freshUsername(), password: GOOD_PASSWORDS[orgId] ?? 'Spring2026field',
    securityQuestion: 'question_two', securityAnswer: '  Blue Whale ', preferredLanguage: 'fr_FR', organizationId: orgId,
    email: 'dana.newcomer@example.org',
    contactPaths: [
      { pathId: 1, pathType: 'EMAIL', value: 'dana.newcomer@example.org' },
      { pathId: 2, pathType: 'SMS', value: '(201) 555-0123', countryCode: 'US', noValidate: false },
    ],
    contactAddressVo: {
      pristineLocationName: 'Home', locationName: 'Home', country: 'US', streetAddress: '800 E Monroe St', suite: '',
      city: 'Springfield', state: 'IL', postalCode: '62701', lon: -89.64, lat: 39.8, addressGeoCodingSource: 'Nominatim', id: null,
    },
    accept: true,
    ...change,
  };
}

export type Encoding = 'eb-base64' | 'form' | 'json';

/** The request a sign-up screen sends: `userDetail` eb-base64 encoded (default), as a form field, or as JSON. */
export function bodyOf(userDetail: unknown, encoding: Encoding = 'eb-base64'): { payload: string; headers: Record<string, string> } {
  switch (encoding) {
    case 'eb-base64':
      return { payload: encodeEbBase64({ userDetail }), headers: { 'content-type': EB_BASE64.contentType, [EB_BASE64.header.toLowerCase()]: EB_BASE64.value } };
    case 'form':
      return { payload: new URLSearchParams({ userDetail: JSON.stringify(userDetail) }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 'json':
      return { payload: JSON.stringify({ userDetail }), headers: { 'content-type': 'application/json' } };
  }
}

export interface Visitor {
  cookie: string;
  csrfToken: string;
}

/** `POST /rest/registration/signUp?orgId[&invitation]` as `visitor`. */
export function postSignUp(app: FastifyInstance, options: {
  orgId: string; visitor: Visitor; userDetail: unknown; invitation?: Partial<InvitationParams> | null; encoding?: Encoding; csrfToken?: string | null;
}) {
  const query = new URLSearchParams({ orgId: options.orgId, ...Object.fromEntries(Object.entries(options.invitation ?? {}).filter(([, v]) => v !== undefined)) });
  const body = bodyOf(options.userDetail, options.encoding);
  const csrf = options.csrfToken === undefined ? options.visitor.csrfToken : options.csrfToken;
  return app.inject({
    method: 'POST', url: `/rest/registration/signUp?${query}`,
    headers: { ...body.headers, cookie: options.visitor.cookie, ...(csrf === null ? {} : { 'x-csrf-token': csrf }) },
    payload: body.payload,
  });
}

/** Rows of the tables a sign-up writes. */
export async function rowCounts(db: Db) {
  const of = async (table: typeof contacts | typeof contactPaths | typeof addresses) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { contacts: await of(contacts), contactPaths: await of(contactPaths), addresses: await of(addresses) };
}

/** Runs `refused` and asserts that it stored nothing in contacts, contact_paths and addresses. */
export async function expectNothingStored<T>(db: Db, refused: () => Promise<T>): Promise<T> {
  const before = await rowCounts(db);
  const result = await refused();
  expect(await rowCounts(db)).toEqual(before);
  return result;
}

/** An unregistered contact of `orgId` and the parameters of its invitation link, made at `now`. */
export async function inviteDirectly(db: Db, orgId: string, now = Date.now(), person = { firstName: 'Ivy', lastName: 'Invited', email: 'ivy.invited@example.org' }) {
  const [row] = await db.insert(contacts).values({ orgId, username: null, passwordHash: null, registered: false, ...person }).returning({ contactId: contacts.contactId });
  return { contactId: row!.contactId, params: await inviteParams(db, orgId, row!.contactId, now) };
}

/** The demo administrator's cookie and CSRF token (admin API). */
export async function adminSession(app: FastifyInstance, db: Db) {
  await ensureAdmin(db, DEMO_ADMIN_PASSWORD);
  const response = await injectAdminLogin(app, { username: 'admin', password: DEMO_ADMIN_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { cookie: `SSPADMIN=${setCookie(response, 'SSPADMIN')!.value}`, csrfToken: response.json().csrfToken as string };
}
