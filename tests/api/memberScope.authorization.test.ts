/**
 * The member scope (server/routes/member/index.ts; ARCHITECTURE.md "Security defaults": a
 * `/{orgId}/{contactId}/…` call is refused (403) unless that contact is the session's contact in that
 * organisation). A probe domain is registered through the same `memberDomain` declaration the
 * member domains use; every cross combination of caller and addressed contact is refused, the probe
 * never runs (not even the body is parsed), and only the member's own address passes. Then the same
 * matrix over every route of the real member domains (issue 12 "Safety": two members in springfield
 * and one in acme × every route × read and write): 403 `member.notSelf` and nothing changed (issue 13
 * adds the static and expected locations and the subscriptions, issue 15 the member's second factors).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  addresses, contacts, deliveryOutbox, expectedLocations, groupMembers, groups, memberPasskeys, memberSubscriptions, memberTotp, pathConfirmations, recoveryCodes,
  secondFactorEnrolments, sessionLogins,
} from '../../server/db/schema.ts';
import { memberDomain } from '../../server/http/memberDomain.ts';
import { MEMBER_DOMAINS, MEMBER_PREFIX } from '../../server/routes/member/index.ts';
import { createCaptcha, DEFAULT_ALTCHA } from '../../server/services/captcha.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { storedCustomValues } from '../support/customFields.ts';
import { storedProfile } from '../support/profile.ts';
import { SoftAuthenticator } from '../support/softAuthenticator.ts';
import { solveAltcha } from '../support/testNotification.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const ran: string[] = [];
const probe = memberDomain('probe', async (app) => {
  app.get('/probe', async (request) => {
    ran.push(`GET ${request.org.orgId}/${request.memberContactId}`);
    return { orgId: request.org.orgId, contactId: request.memberContactId };
  });
  app.post<{ Body: { note?: string } }>('/probe', async (request) => {
    ran.push(`POST ${request.org.orgId}/${request.memberContactId}`);
    return { orgId: request.org.orgId, contactId: request.memberContactId, note: request.body.note ?? null };
  });
});

/** Every route of the member scope, as registered (the real domains and the probe). */
const memberRoutes: { method: string; url: string }[] = [];
const t = useTestApp({
  memberDomains: [...MEMBER_DOMAINS, probe],
  onRoute: (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith(`${MEMBER_PREFIX}/`)) memberRoutes.push({ method, url: route.url });
  },
});

interface Caller {
  name: string;
  orgId: string;
  contactId: number | null;
  cookie: string;
  csrfToken: string;
}

/** A session (started at `orgId`) signed in as `contactId` there, or a visitor's when null. */
async function callerOf(name: string, orgId: string, contactId: number | null): Promise<Caller> {
  const session = await startSession(t.app, orgId);
  if (contactId !== null) {
    await t.database.db.insert(sessionLogins).values({ orgId, sessionHash: hashToken(session.sessionToken), contactId });
  }
  return { name, orgId, contactId, cookie: session.cookie, csrfToken: session.csrfToken };
}

let members = 0;
async function newMember(orgId: string, firstName: string): Promise<number> {
  const username = `${firstName.toLowerCase()}.probe.${++members}`;
  const [row] = await t.database.db.insert(contacts).values({ orgId, username, firstName, lastName: 'Probe', email: null })
    .returning({ contactId: contacts.contactId });
  return row!.contactId;
}

async function setUp() {
  const springfieldA = await newMember('springfield', 'Ann');
  const springfieldB = await newMember('springfield', 'Bob');
  const acmeC = await newMember('acme', 'Cy');
  const callers = [
    await callerOf('member A of springfield', 'springfield', springfieldA),
    await callerOf('member B of springfield', 'springfield', springfieldB),
    await callerOf('member C of acme', 'acme', acmeC),
    await callerOf('a visitor', 'springfield', null),
  ];
  const targets = [
    { orgId: 'springfield', contactId: springfieldA },
    { orgId: 'springfield', contactId: springfieldB },
    { orgId: 'acme', contactId: acmeC },
  ];
  return { callers, targets };
}

const call = (caller: Caller, method: 'GET' | 'POST', path: string, options: { csrf?: boolean; payload?: string } = {}) =>
  t.app.inject({
    method, url: path,
    headers: {
      cookie: caller.cookie,
      ...(method === 'POST' && options.csrf !== false ? { 'x-csrf-token': caller.csrfToken } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: options.payload ?? JSON.stringify({ note: 'hello' }) } : {}),
  });

describe('member scope /{orgId}/{contactId}/…', () => {
  it('lets each member reach only their own address, GET and POST alike; every other combination is 403 and nothing runs', async () => {
    const { callers, targets } = await setUp();
    for (const caller of callers) {
      for (const target of targets) {
        for (const method of ['GET', 'POST'] as const) {
          ran.length = 0;
          const response = await call(caller, method, `/${target.orgId}/${target.contactId}/probe`);
          const own = caller.orgId === target.orgId && caller.contactId === target.contactId;
          const label = `${caller.name} ${method} /${target.orgId}/${target.contactId}`;
          if (own) {
            expect(response.statusCode, label).toBe(200);
            expect(response.json(), label).toMatchObject({ orgId: target.orgId, contactId: target.contactId });
            expect(ran, label).toEqual([`${method} ${target.orgId}/${target.contactId}`]);
          } else {
            expect(response.statusCode, label).toBe(403);
            expect(response.json(), label).toEqual({ errorCode: 'member.notSelf' });
            expect(ran, label).toEqual([]);
          }
        }
      }
    }
  });

  it('refuses a POST without the CSRF token to the member themselves, and runs nothing', async () => {
    const own = await callerOf('member', 'springfield', await newMember('springfield', 'Dee'));
    ran.length = 0;
    const response = await call(own, 'POST', `/springfield/${own.contactId}/probe`, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    expect(ran).toEqual([]);
  });

  it('refuses before the body is read: a malformed body of a stranger is 403, not 400', async () => {
    const stranger = await callerOf('visitor', 'springfield', null);
    const target = await newMember('springfield', 'Eve');
    const response = await call(stranger, 'POST', `/springfield/${target}/probe`, { payload: '{not json' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'member.notSelf' });
  });

  it.each([
    ['a contactId that is not a number', 'springfield', 'abc', 403, 'member.notSelf'],
    ['an unknown organisation', 'nowhere', '1', 404, 'org.notFound'],
    ['a disabled organisation', 'dormant', '1', 404, 'org.notFound'],
    ['self-service turned off', 'paused', '1', 403, 'ssp.page.deactivated'],
  ])('refuses %s with the answer of §8', async (_name, orgId, contactId, status, errorCode) => {
    const visitor = await callerOf('visitor', 'springfield', null);
    ran.length = 0;
    const response = await call(visitor, 'GET', `/${orgId}/${contactId}/probe`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errorCode });
    expect(ran).toEqual([]);
  });
});

/**
 * The real member routes (issue 12): how each is called with a request that would succeed for its own
 * member, so a refusal is the scope's and nothing else's. A route added to a member domain without a
 * row here fails the first test below.
 */
interface MemberRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The registered path, relative to MEMBER_PREFIX. */
  path: string;
  /** The address after `/{orgId}/{contactId}` (with its query); one of the target's own where it names a row of theirs. */
  address: string | ((target: { orgId: string; contactId: number }) => string);
  /** The body of a write: a valid save for the target, at its stored version (a form, or JSON with `json`). */
  body?: (target: { orgId: string; contactId: number }) => Promise<Record<string, unknown>>;
  /** The body is sent as JSON (§7's PUT of group subscriptions), not as a form. */
  json?: boolean;
  /** What the write answers its own member (`status: 'yes'` when not given). */
  answer?: object;
  /** The status the member's own call gets in the target's organisation (200 when not given). */
  ownStatus?: (orgId: string) => number;
}

const versionOf = async (orgId: string, contactId: number) => (await storedProfile(t.database.db, orgId, contactId)).contact!.profileVersion;

/** The newest confirmation code the delivery outbox holds for a member. */
async function lastCodeSent(orgId: string, contactId: number): Promise<string> {
  const [row] = await t.database.db.select({ text: deliveryOutbox.text }).from(deliveryOutbox)
    .where(and(eq(deliveryOutbox.orgId, orgId), eq(deliveryOutbox.contactId, contactId), eq(deliveryOutbox.kind, 'confirmation')))
    .orderBy(desc(deliveryOutbox.deliveryId)).limit(1);
  return /\b(\d{6})\b/.exec(row?.text ?? '')?.[1] ?? 'none';
}

/** The target's live enrolment of `kind` (second_factor_enrolments): an app's secret, a passkey registration's challenge. */
async function enrolmentOf(orgId: string, contactId: number, kind: 'totp' | 'passkey'): Promise<string> {
  const [row] = await t.database.db.select({ value: secondFactorEnrolments.value }).from(secondFactorEnrolments)
    .where(and(eq(secondFactorEnrolments.orgId, orgId), eq(secondFactorEnrolments.contactId, contactId), eq(secondFactorEnrolments.kind, kind)));
  return row?.value ?? '';
}

/** Each target's software authenticator, its credential id known before it registers (the addresses name it). */
const authenticators = new Map<number, SoftAuthenticator>();
const authenticatorOf = (contactId: number) => {
  if (!authenticators.has(contactId)) authenticators.set(contactId, new SoftAuthenticator('http://localhost', 'localhost'));
  return authenticators.get(contactId)!;
};

const MEMBER_ROUTES: MemberRoute[] = [
  { method: 'GET', path: '/profile', address: '/profile' },
  { method: 'GET', path: '/contactPaths', address: '/contactPaths' },
  { method: 'GET', path: '/profile/checkexternalId/json', address: '/profile/checkexternalId/json?externalId=E-1' },
  {
    method: 'POST', path: '/profile', address: '/profile',
    body: async ({ orgId, contactId }) => ({
      profile: JSON.stringify([{ profileId: 1, name: 'firstName', value: 'Changed' }, { profileId: 0, name: 'email', value: 'changed@example.org' }]),
      contactPath: JSON.stringify([{ pathId: 1, value: 'changed@example.org' }, { pathId: 2, value: '2015550123', countryCode: 'US' }]),
      profileVersion: String(await versionOf(orgId, contactId)),
    }),
  },
  {
    // The save above sent a code to the SMS number (path 2) a minute ago, as far as the limits know; this one replaces it.
    method: 'POST', path: '/contactPaths/:pathId/confirmationCode', address: '/contactPaths/2/confirmationCode?language=en_US',
    body: async ({ orgId, contactId }) => {
      await t.database.db.update(pathConfirmations).set({ sentAt: sql`now() - interval '2 minutes'` })
        .where(and(eq(pathConfirmations.orgId, orgId), eq(pathConfirmations.contactId, contactId)));
      return {};
    },
    answer: { outcome: 'queued', retryAfterSeconds: 60 },
  },
  {
    // The code as the delivery outbox kept it (no SMS API is configured here).
    method: 'POST', path: '/contactPaths/:pathId/confirmation', address: '/contactPaths/2/confirmation',
    body: async ({ orgId, contactId }) => ({ code: await lastCodeSent(orgId, contactId) }),
    answer: { confirmed: true },
  },
  { method: 'GET', path: '/customFields', address: '/customFields' },
  {
    // acme shows custom fields (Department is mandatory); springfield shows none, so its save is empty.
    method: 'POST', path: '/customFields', address: '/customFields',
    body: async ({ orgId }) => ({ rs: JSON.stringify(orgId === 'acme' ? [{ attrId: 11, savedValues: ['Finance'] }, { attrId: 14, savedValues: ['French'] }] : []) }),
  },
  { method: 'GET', path: '/testNotification/permission', address: '/testNotification/permission' },
  { method: 'GET', path: '/testNotification/challenge', address: '/testNotification/challenge' },
  {
    // The e-mail path the profile save above gave each member; a challenge of the target's own, solved for real.
    method: 'POST', path: '/testNotification', address: '/testNotification?language=en_US',
    body: async ({ orgId, contactId }) => ({
      'g-recaptcha-response': await solveAltcha(await createCaptcha({ altcha: DEFAULT_ALTCHA, recaptcha: null }).challenge(t.database.db, orgId, contactId)),
      pathId: '1',
    }),
    answer: { success: true },
  },
  // acme shows the group-membership list; springfield does not (404 groupMembership.notShown, still only to the member themselves).
  { method: 'GET', path: '/groupMemberships', address: '/groupMemberships?pageNo=1', ownStatus: (orgId) => (orgId === 'acme' ? 200 : 404) },
  { method: 'GET', path: '/export', address: '/export' },
  { method: 'GET', path: '/addresses', address: '/addresses' },
  { method: 'GET', path: '/addresses/validatelocname', address: '/addresses/validatelocname?locationName=Home' },
  {
    // A verified location inside springfield's geofence (acme has none).
    method: 'POST', path: '/addresses', address: '/addresses',
    body: async () => ({ rs: JSON.stringify({ locationName: 'Home', streetAddress: '800 E Monroe St', city: 'Springfield', state: 'IL', country: 'US', lat: 39.8, lon: -89.64 }), update: 'false' }),
    answer: { status: '1' },
  },
  { method: 'POST', path: '/addresses/expectedLocations', address: '/addresses/expectedLocations', body: async () => ({ pageSize: '5', pageNo: '1', sidx: 'address.arriveDate', sord: 'desc' }), answer: { currentPageNo: 1 } },
  {
    // springfield lets members change expected locations; acme does not (403 location.notEditable, still only to the member themselves).
    method: 'POST', path: '/addresses/expectedLocation/createOrUpdate', address: '/addresses/expectedLocation/createOrUpdate',
    body: async ({ contactId }) => ({
      expectedLocation: JSON.stringify({ contactId, address: { locationName: 'Conference', streetAddress: '1 Convention Center Plaza', city: 'Springfield', lat: 39.8, lon: -89.65, arriveDate: '2026-12-01 09:00', expireDate: '2026-12-03 18:00' } }),
      update: 'false',
    }),
    answer: { status: '1' },
    ownStatus: (orgId) => (orgId === 'springfield' ? 200 : 403),
  },
  {
    method: 'POST', path: '/addresses/expectedLocation/delete', address: '/addresses/expectedLocation/delete',
    body: async ({ orgId, contactId }) => {
      const [row] = await t.database.db.select({ id: expectedLocations.expectedLocationId }).from(expectedLocations)
        .where(and(eq(expectedLocations.orgId, orgId), eq(expectedLocations.contactId, contactId))).limit(1);
      return { _method: 'DELETE', expectedLocationId: String(row?.id ?? 1) };
    },
    answer: { status: '1' },
    ownStatus: (orgId) => (orgId === 'springfield' ? 200 : 403),
  },
  { method: 'GET', path: '/subscriptions', address: '/subscriptions' },
  {
    // A leaf of each organisation's alert tree, and springfield's weather with quiet nights.
    method: 'POST', path: '/subscriptions', address: '/subscriptions',
    body: async ({ orgId, contactId }) => ({
      rs: JSON.stringify({ contactId, subs: [{ serviceId: orgId === 'acme' ? 211 : 121, checked: true }] }),
      rsNodisturb: JSON.stringify({ checked: true, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM', timeZoneId: 'America/Chicago' }),
    }),
  },
  // acme lets members opt into groups; springfield does not (404 groupSubscriptions.notShown, still only to the member themselves).
  { method: 'GET', path: '/groupSubscriptions', address: '/groupSubscriptions', ownStatus: (orgId) => (orgId === 'acme' ? 200 : 404) },
  {
    method: 'PUT', path: '/groupSubscriptions', address: '/groupSubscriptions', json: true,
    body: async ({ orgId }) => {
      const [carpool] = await t.database.db.select({ id: groups.groupId }).from(groups).where(and(eq(groups.orgId, orgId), eq(groups.name, 'Carpool')));
      return { addGroups: [carpool?.id ?? 1] };
    },
    answer: { result: true },
    ownStatus: (orgId) => (orgId === 'acme' ? 200 : 404),
  },
  // Issue 15: the member's second factors. An app set up and confirmed with a code of its secret, new
  // recovery codes, the app removed; a passkey registered by the target's software authenticator,
  // renamed and removed (springfield and acme require no second factor).
  { method: 'GET', path: '/secondFactors', address: '/secondFactors' },
  { method: 'POST', path: '/secondFactors/totp/setup', address: '/secondFactors/totp/setup', body: async () => ({}), answer: { secret: expect.any(String) } },
  {
    method: 'POST', path: '/secondFactors/totp', address: '/secondFactors/totp',
    body: async ({ orgId, contactId }) => ({ code: new TOTP({ secret: Secret.fromBase32(await enrolmentOf(orgId, contactId, 'totp') || 'AAAA') }).generate() }),
    answer: { recoveryCodes: expect.any(Array) },
  },
  { method: 'POST', path: '/secondFactors/recoveryCodes', address: '/secondFactors/recoveryCodes', body: async () => ({}), answer: { recoveryCodes: expect.any(Array) } },
  { method: 'DELETE', path: '/secondFactors/totp', address: '/secondFactors/totp', body: async () => ({}), answer: { status: 'ok' } },
  { method: 'POST', path: '/secondFactors/passkeys/options', address: '/secondFactors/passkeys/options', body: async () => ({}), answer: { origin: 'http://localhost' } },
  {
    method: 'POST', path: '/secondFactors/passkeys', address: '/secondFactors/passkeys', json: true,
    body: async ({ orgId, contactId }) => {
      const { challenge = 'none', userHandle = '' } = JSON.parse(await enrolmentOf(orgId, contactId, 'passkey') || '{}') as { challenge?: string; userHandle?: string };
      return { credential: authenticatorOf(contactId).register({ challenge, user: { id: userHandle } }), name: 'Phone' };
    },
    answer: { passkey: { name: 'Phone' } },
  },
  {
    method: 'PUT', path: '/secondFactors/passkeys/:passkeyId', address: ({ contactId }) => `/secondFactors/passkeys/${authenticatorOf(contactId).id}`, json: true,
    body: async () => ({ name: 'Desk' }), answer: { status: 'ok' },
  },
  {
    method: 'DELETE', path: '/secondFactors/passkeys/:passkeyId', address: ({ contactId }) => `/secondFactors/passkeys/${authenticatorOf(contactId).id}`,
    body: async () => ({}), answer: { status: 'ok' },
  },
];

describe('member scope: every route of the member domains', () => {
  it('lists every registered member route in the matrix', () => {
    const real = memberRoutes.filter((route) => !route.url.endsWith('/probe')).map((route) => `${route.method} ${route.url}`).sort();
    expect(real.length).toBeGreaterThan(0);
    expect(real).toEqual(MEMBER_ROUTES.map((route) => `${route.method} ${MEMBER_PREFIX}${route.path}`).sort());
  });

  it('answers each member only at their own address; every other caller, read and write, is 403 member.notSelf and nothing changes', async () => {
    const { callers, targets } = await setUp();
    const everything = async () => Promise.all(targets.map(async (target) => ({
      ...(await storedProfile(t.database.db, target.orgId, target.contactId)),
      customValues: await storedCustomValues(t.database.db, target.orgId, target.contactId),
      addresses: await t.database.db.select().from(addresses).where(and(eq(addresses.orgId, target.orgId), eq(addresses.contactId, target.contactId))),
      expectedLocations: await t.database.db.select().from(expectedLocations).where(and(eq(expectedLocations.orgId, target.orgId), eq(expectedLocations.contactId, target.contactId))),
      subscriptions: await t.database.db.select().from(memberSubscriptions).where(and(eq(memberSubscriptions.orgId, target.orgId), eq(memberSubscriptions.contactId, target.contactId))),
      groups: await t.database.db.select().from(groupMembers).where(and(eq(groupMembers.orgId, target.orgId), eq(groupMembers.contactId, target.contactId))),
      totp: await t.database.db.select().from(memberTotp).where(and(eq(memberTotp.orgId, target.orgId), eq(memberTotp.contactId, target.contactId))),
      passkeys: await t.database.db.select().from(memberPasskeys).where(and(eq(memberPasskeys.orgId, target.orgId), eq(memberPasskeys.contactId, target.contactId))),
      recoveryCodes: await t.database.db.select().from(recoveryCodes).where(and(eq(recoveryCodes.orgId, target.orgId), eq(recoveryCodes.contactId, target.contactId))),
      enrolments: await t.database.db.select().from(secondFactorEnrolments)
        .where(and(eq(secondFactorEnrolments.orgId, target.orgId), eq(secondFactorEnrolments.contactId, target.contactId))),
    })));
    for (const route of MEMBER_ROUTES) {
      for (const caller of callers) {
        for (const target of targets) {
          const own = caller.orgId === target.orgId && caller.contactId === target.contactId;
          const address = typeof route.address === 'string' ? route.address : route.address(target);
          const label = `${caller.name} ${route.method} /${target.orgId}/${target.contactId}${address}`;
          const before = await everything();
          const fields = route.body ? await route.body(target) : undefined;
          const body = fields === undefined ? undefined
            : route.json ? JSON.stringify(fields) : new URLSearchParams(fields as Record<string, string>).toString();
          const response = await t.app.inject({
            method: route.method, url: `/${target.orgId}/${target.contactId}${address}`,
            headers: {
              cookie: caller.cookie,
              ...(body !== undefined
                ? { 'x-csrf-token': caller.csrfToken, 'content-type': route.json ? 'application/json' : 'application/x-www-form-urlencoded' }
                : {}),
            },
            ...(body !== undefined ? { payload: body } : {}),
          });
          if (own) {
            expect(response.statusCode, `${label}: ${response.body}`).toBe(route.ownStatus?.(target.orgId) ?? 200);
            if (route.method !== 'GET' && response.statusCode === 200) expect(response.json(), label).toMatchObject(route.answer ?? { status: 'yes' });
          } else {
            expect(response.statusCode, label).toBe(403);
            expect(response.json(), label).toEqual({ errorCode: 'member.notSelf' });
            expect(await everything(), label).toEqual(before);
          }
        }
      }
    }
  });

  it('refuses a save without the CSRF token to the member themselves, and changes nothing', async () => {
    const own = await callerOf('member', 'springfield', await newMember('springfield', 'Fay'));
    const save = MEMBER_ROUTES.find((route) => route.method === 'POST' && route.path === '/profile')!;
    const before = await storedProfile(t.database.db, 'springfield', own.contactId!);
    const response = await t.app.inject({
      method: 'POST', url: `/springfield/${own.contactId}${save.address as string}`,
      headers: { cookie: own.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(await save.body!({ orgId: 'springfield', contactId: own.contactId! }) as Record<string, string>).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    expect(await storedProfile(t.database.db, 'springfield', own.contactId!)).toEqual(before);
  });
});
