/**
 * The test notification (§7 testNotification calls, §6, issue 12 "Test notification, for real")
 * against real peers on loopback, no mocked function: the ALTCHA challenge solved for real (a small
 * proof of work), the message delivered through the project's SMTP server, a Twilio-compatible
 * server and a Slack webhook server, and reCAPTCHA checked against a server speaking siteverify.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AltchaChallengeAnswer, TestNotificationPermissionAnswer } from '../../schemas/api/testNotification.ts';
import { captchaUses, deliveryOutbox, organizations, testNotifications } from '../../server/db/schema.ts';
import { createDelivery } from '../../server/services/delivery/createDelivery.ts';
import { createMailer } from '../../server/services/mail.ts';
import { contactPathDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { newMember, type Member } from '../support/profile.ts';
import { startSlackServer, type TestSlackServer } from '../support/slackServer.ts';
import { startSmtpServer, textBodyOf, headersOf, type TestSmtpServer } from '../support/smtpServer.ts';
import { useTestApp } from '../support/testApp.ts';
import { solveAltcha, startSiteverifyServer, type TestSiteverifyServer } from '../support/testNotification.ts';
import { startTwilioServer, type TestTwilioServer } from '../support/twilioServer.ts';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-test';
const BAD_NUMBER = '+15005550001';
const RECAPTCHA_SECRET = 'recaptcha-secret-test';

let twilio: TestTwilioServer;
let slack: TestSlackServer;
let smtp: TestSmtpServer;
let siteverify: TestSiteverifyServer;

// The peers first: the app's delivery layer is made with their addresses.
beforeAll(async () => {
  twilio = await startTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, badNumbers: [BAD_NUMBER] });
  slack = await startSlackServer({ botToken: 'xoxb-unused', channels: [] });
  smtp = await startSmtpServer();
  siteverify = await startSiteverifyServer(RECAPTCHA_SECRET);
});

const t = useTestApp({
  delivery: (db) => createDelivery({
    db,
    mailer: createMailer({ db, smtpUrl: smtp.url, from: 'City of Springfield <portal@springfield.example>' }),
    sms: { apiUrl: twilio.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+12175550100' },
    slackWebhookPrefix: `${slack.url}/services/`,
    retryDelaysMs: [10, 10],
    log: { info: () => {}, warn: () => {}, error: () => {} },
  }),
  captcha: {
    altcha: { maxNumber: 300, expiresInSeconds: 60 },
    // Read when the app is made, after the peers started: the loopback server stands in for Google's siteverify (RECAPTCHA_VERIFY_URL).
    get recaptcha() {
      return { secret: RECAPTCHA_SECRET, verifyUrl: siteverify.url };
    },
  },
});

afterAll(async () => {
  await Promise.all([twilio.close(), slack.close(), smtp.close(), siteverify.close()]);
});
afterEach(() => {
  twilio.received.length = 0;
  slack.received.length = 0;
});

const base = (member: Member) => `/${member.orgId}/${member.contactId}/testNotification`;
const get = (member: Member, path: string) => t.app.inject({ method: 'GET', url: `${base(member)}${path}`, headers: { cookie: member.cookie } });

async function challengeFor(member: Member): Promise<AltchaChallengeAnswer> {
  const response = await get(member, '/challenge');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AltchaChallengeAnswer;
}

const solvedFor = async (member: Member) => solveAltcha(await challengeFor(member));

function send(member: Member, form: Record<string, string>, language = 'en_US') {
  return t.app.inject({
    method: 'POST', url: `${base(member)}?language=${language}`,
    headers: { cookie: member.cookie, 'x-csrf-token': member.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** springfield's name of a path (§3 Contact path name: its SMS and phone prompts). */
const pathName = (pathId: number) => contactPathDefinitionsOf(fixtureOrgs.springfield.settings).find((path) => path.pathId === pathId)!.name;

let serial = 0;
const springfieldMember = () => newMember(t.app, t.database.db, 'springfield', { firstName: 'Tess', lastName: 'Notify' }, [
  { pathId: 1, pathType: 'EMAIL', value: `tess.${++serial}@springfield.example` },
  { pathId: 2, pathType: 'SMS', value: '2175550134', countryCode: 'US' },
  { pathId: 3, pathType: 'PHONE', value: BAD_NUMBER },
  { pathId: 4, pathType: 'TTYTDD', value: '' },
  { pathId: 7, pathType: 'RECIP', value: 'yes' },
]);

describe('GET …/testNotification/permission', () => {
  it('answers the permission, the paths with a value (masked, RECIP and empty ones left out), ALTCHA with its challenge address; never cached', async () => {
    const member = await springfieldMember();
    const response = await get(member, '/permission');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json() as TestNotificationPermissionAnswer;
    expect(answer).toEqual({
      permission: true, recaptchaSiteKey: '', windowSeconds: 300,
      captcha: { kind: 'altcha', challengeUrl: `${base(member)}/challenge` },
      paths: [
        { pathId: 1, pathType: 'EMAIL', name: 'Work Email', maskedValue: expect.stringMatching(/^t•+@springfield\.example$/), retryAfterSeconds: 0 },
        { pathId: 2, pathType: 'SMS', name: expect.any(String), maskedValue: expect.stringMatching(/0134$/), retryAfterSeconds: 0 },
        { pathId: 3, pathType: 'PHONE', name: expect.any(String), maskedValue: expect.stringMatching(/0001$/), retryAfterSeconds: 0 },
      ],
    });
    expect(JSON.stringify(answer)).not.toContain('2175550134');
  });

  it('is false for a member without a path with a value, and when the organisation turned test notifications off', async () => {
    const bare = await newMember(t.app, t.database.db, 'springfield');
    expect((await get(bare, '/permission')).json()).toMatchObject({ permission: false, paths: [] });

    await setOrgSetting('acme', { permission: false });
    try {
      const member = await newMember(t.app, t.database.db, 'acme', {}, [{ pathId: 1, pathType: 'EMAIL', value: 'off@acme.example' }]);
      expect((await get(member, '/permission')).json()).toMatchObject({ permission: false });
      expect((await get(member, '/challenge')).statusCode).toBe(403);
      const refused = await send(member, { 'g-recaptcha-response': 'x', pathId: '1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'testNotification.notPermitted' });
    } finally {
      await setOrgSetting('acme', {});
    }
  });
});

describe('GET …/testNotification/challenge', () => {
  it('answers a signed ALTCHA v2 challenge for this member, expiring within minutes', async () => {
    const member = await springfieldMember();
    const challenge = await challengeFor(member);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, data: { orgId: 'springfield', contactId: String(member.contactId) } });
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(30);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(60);
  });
});

describe('POST …/testNotification?language', () => {
  it('delivers a localized test message over e-mail through SMTP and answers success', async () => {
    const member = await springfieldMember();
    const response = await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.stringContaining('Work Email') });
    const mail = await smtp.nextMail(`tess.${serial}@springfield.example`);
    expect(headersOf(mail.raw).get('subject')).toContain('Springfield');
    expect(textBodyOf(mail.raw)).toContain('This is a test notification from');
    const [row] = await t.database.db.select().from(deliveryOutbox).where(and(eq(deliveryOutbox.contactId, member.contactId), eq(deliveryOutbox.kind, 'test')));
    expect(row).toMatchObject({ pathType: 'EMAIL', adapter: 'email' });
  });

  it('delivers over SMS through the Twilio-compatible API, in the language asked for', async () => {
    const member = await springfieldMember();
    const response = await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '2' }, 'de_DE');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(twilio.received).toHaveLength(1);
    expect(twilio.received[0]!.form).toMatchObject({ To: '+12175550134', From: '+12175550100' });
    const orgName = (await orgSettings('springfield')).orgName;
    // The de_DE catalogue's text, with the organisation's and the path's names in it; the answer in German too.
    expect(twilio.received[0]!.form.Body).toBe(`Dies ist eine Testbenachrichtigung von ${orgName}. Sie hat Sie über Ihren Kontaktweg ${pathName(2)} erreicht, also erhalten Sie dort auch unsere Warnungen. Sie müssen nichts weiter tun.`);
    expect(response.json()).toEqual({ success: true, message: `Die Testbenachrichtigung wurde an ${pathName(2)} gesendet.` });
  });

  it('delivers over Slack to an incoming webhook', async () => {
    const member = await newMember(t.app, t.database.db, 'acme', {}, [{ pathId: 999, pathType: 'SLACK', value: slack.webhookUrl }]);
    const response = await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '999' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(slack.received).toHaveLength(1);
    expect(JSON.stringify(slack.received[0]!.payload)).toContain('This is a test notification from');
  });

  it('answers success false with the message when the delivery failed (the provider refused the number), and the profile says so', async () => {
    const member = await springfieldMember();
    const response = await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '3' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: false, message: expect.stringContaining('twilio.21211') });
    const profile = await t.app.inject({ method: 'GET', url: `/springfield/${member.contactId}/profile`, headers: { cookie: member.cookie } });
    expect(profile.json()).toMatchObject({ hasSentTestNotification: false, sendErrorMsg: expect.stringContaining('twilio.21211') });
  });

  it('allows one test per member per path per 5 minutes: 429 testNotification.tooSoon without using up the captcha; another path still goes', async () => {
    const member = await springfieldMember();
    expect((await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '2' })).statusCode).toBe(200);
    const solution = await solvedFor(member);
    const again = await send(member, { 'g-recaptcha-response': solution, pathId: '2' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ errorCode: 'testNotification.tooSoon', retryAfterSeconds: expect.any(Number), message: expect.stringContaining('5 minutes') });
    expect(twilio.received).toHaveLength(1);
    // The refused send did not use the captcha up: it still takes the e-mail path.
    expect((await send(member, { 'g-recaptcha-response': solution, pathId: '1' })).statusCode).toBe(200);
    const permission = (await get(member, '/permission')).json() as TestNotificationPermissionAnswer;
    expect(permission.paths.find((path) => path.pathId === 2)!.retryAfterSeconds).toBeGreaterThan(290);
    const profile = await t.app.inject({ method: 'GET', url: `/springfield/${member.contactId}/profile`, headers: { cookie: member.cookie } });
    expect(profile.json()).toMatchObject({ hasSentTestNotification: true, sendNotificationPermission: { permission: true } });

    // Five minutes later it goes again.
    await t.database.db.update(testNotifications).set({ sentAt: sql`now() - interval '301 seconds'` })
      .where(and(eq(testNotifications.orgId, 'springfield'), eq(testNotifications.contactId, member.contactId)));
    expect((await send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '2' })).statusCode).toBe(200);
  });

  it('claims the 5 minutes once when two sends race', async () => {
    const member = await springfieldMember();
    const [a, b] = await Promise.all([
      send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '2' }),
      send(member, { 'g-recaptcha-response': await solvedFor(member), pathId: '2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    expect(twilio.received).toHaveLength(1);
  });

  it('refuses a replayed captcha solution: captcha.replayed', async () => {
    const member = await springfieldMember();
    const solution = await solvedFor(member);
    expect((await send(member, { 'g-recaptcha-response': solution, pathId: '1' })).statusCode).toBe(200);
    const replay = await send(member, { 'g-recaptcha-response': solution, pathId: '2' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ errorCode: 'captcha.replayed', message: expect.any(String) });
    expect(twilio.received).toHaveLength(0);
  });

  it.each([
    ['missing', async () => '', 'captcha.missing'],
    ['not a payload', async () => 'not-base64-json', 'captcha.invalid'],
    ['a wrong solution', async (member: Member) => {
      const payload = JSON.parse(Buffer.from(await solvedFor(member), 'base64').toString()) as { solution: { counter: number } };
      payload.solution.counter += 1;
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }, 'captcha.invalid'],
    ['a forged challenge (parameters changed after signing)', async (member: Member) => {
      const challenge = await challengeFor(member);
      return solveAltcha({ ...challenge, parameters: { ...challenge.parameters, keyPrefix: challenge.parameters.keyPrefix.slice(0, 2) } });
    }, 'captcha.invalid'],
    ['a challenge made for another member', async () => solvedFor(await springfieldMember()), 'captcha.invalid'],
    ['an expired challenge', async (member: Member) => {
      const challenge = await challengeFor(member);
      return solveAltcha({ ...challenge, parameters: { ...challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) - 1 } });
    }, 'captcha.expired'],
  ])('refuses %s: 400 with its errorCode and sends nothing', async (_name, solution, errorCode) => {
    const member = await springfieldMember();
    const response = await send(member, { 'g-recaptcha-response': await solution(member), pathId: '2' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode });
    expect(twilio.received).toHaveLength(0);
    expect(await t.database.db.select().from(testNotifications).where(eq(testNotifications.contactId, member.contactId))).toEqual([]);
  });

  it.each([
    ['a path the member has no value for', { pathId: '4' }, 400, 'testNotification.unknownPath'],
    ['the RECIP path', { pathId: '7' }, 400, 'testNotification.unknownPath'],
    ['a path the organisation does not define', { pathId: '42' }, 400, 'testNotification.unknownPath'],
    ['a pathId that is not digits', { pathId: '1e3' }, 400, 'request.invalid'],
    ['a language that is not one of the 27', { pathId: '1', language: 'xx_XX' }, 400, 'request.invalid'],
    ['an overlong captcha', { pathId: '1', 'g-recaptcha-response': 'x'.repeat(4001) }, 400, 'request.invalid'],
    ['an unknown field', { pathId: '1', extra: 'x' }, 200, null],
  ])('bounds its input: %s', async (_name, fields, status, errorCode) => {
    const member = await springfieldMember();
    const { language, ...form } = fields as Record<string, string>;
    const solution = form['g-recaptcha-response'] ?? await solvedFor(member);
    const response = await send(member, { ...form, 'g-recaptcha-response': solution }, language);
    expect(response.statusCode, response.body).toBe(status);
    if (errorCode) expect(response.json()).toMatchObject({ errorCode });
  });
});

describe('reCAPTCHA, when the organisation has a site key and the server RECAPTCHA_SECRET', () => {
  beforeAll(async () => {
    await setOrgSetting('acme', { recaptchaSiteKey: 'site-key-acme' });
  });
  afterAll(async () => {
    await setOrgSetting('acme', {});
  });

  it('names reCAPTCHA, its site key and Google\'s script in the permission, and verifies the token with siteverify (secret, response, remoteip)', async () => {
    const member = await newMember(t.app, t.database.db, 'acme', {}, [{ pathId: 999, pathType: 'SLACK', value: slack.webhookUrl }]);
    expect((await get(member, '/permission')).json()).toMatchObject({
      recaptchaSiteKey: 'site-key-acme', captcha: { kind: 'recaptcha', siteKey: 'site-key-acme', scriptUrl: 'https://www.google.com/recaptcha/api.js' },
    });
    const response = await send(member, { 'g-recaptcha-response': 'good-token-1', pathId: '999' });
    expect(response.statusCode, response.body).toBe(200);
    expect(siteverify.received.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded', form: { secret: RECAPTCHA_SECRET, response: 'good-token-1', remoteip: '127.0.0.1' },
    });
    expect(slack.received).toHaveLength(1);
  });

  it.each([
    ['a token siteverify refuses', 'bad-token', 400, 'captcha.invalid'],
    ['an expired or used token', 'stale-token', 400, 'captcha.expired'],
    ['siteverify failing', 'down-token', 503, 'captcha.unavailable'],
  ])('refuses %s', async (_name, token, status, errorCode) => {
    const member = await newMember(t.app, t.database.db, 'acme', {}, [{ pathId: 999, pathType: 'SLACK', value: slack.webhookUrl }]);
    const response = await send(member, { 'g-recaptcha-response': token, pathId: '999' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ errorCode });
    expect(slack.received).toHaveLength(0);
  });

  it('uses a token once even before asking siteverify', async () => {
    const member = await newMember(t.app, t.database.db, 'acme', {}, [
      { pathId: 999, pathType: 'SLACK', value: slack.webhookUrl }, { pathId: 1, pathType: 'EMAIL', value: 'once@acme.example' },
    ]);
    expect((await send(member, { 'g-recaptcha-response': 'good-token-2', pathId: '999' })).statusCode).toBe(200);
    const asked = siteverify.received.length;
    const replay = await send(member, { 'g-recaptcha-response': 'good-token-2', pathId: '1' });
    expect(replay.json()).toMatchObject({ errorCode: 'captcha.replayed' });
    expect(siteverify.received).toHaveLength(asked);
    expect((await t.database.db.select().from(captchaUses).where(eq(captchaUses.orgId, 'acme'))).length).toBeGreaterThan(0);
  });
});

/** Sets acme's (or another's) sendNotificationPermission in the database and drops it from the cache. */
async function setOrgSetting(orgId: string, value: { permission?: boolean; recaptchaSiteKey?: string }) {
  const settings = await orgSettings(orgId);
  await t.database.db.update(organizations).set({ settings: { ...settings, sendNotificationPermission: value } }).where(eq(organizations.orgId, orgId));
  t.app.orgCache.invalidate(orgId);
}

async function orgSettings(orgId: string) {
  const [row] = await t.database.db.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.orgId, orgId));
  return row!.settings;
}

