/**
 * Confirmed contact paths (issue 12, beyond the spec) against real peers on loopback: the codes go
 * through a Twilio-compatible server (SMS, voice) and the project's SMTP server (e-mail), and are read
 * there, as a member's phone or mailbox would.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PathConfirmationCodeAnswer } from '../../schemas/api/pathConfirmation.ts';
import type { ContactPathsAnswer } from '../../schemas/api/profile.ts';
import { contactPaths, organizations, pathConfirmations } from '../../server/db/schema.ts';
import { createDelivery } from '../../server/services/delivery/createDelivery.ts';
import { createMailer } from '../../server/services/mail.ts';
import { getAs, newMember, postProfile, storedProfile, type Member } from '../support/profile.ts';
import { startSmtpServer, textBodyOf, type TestSmtpServer } from '../support/smtpServer.ts';
import { useTestApp } from '../support/testApp.ts';
import { startTwilioServer, type TestTwilioServer } from '../support/twilioServer.ts';

const ACCOUNT_SID = 'AC00000000000000000000000000000042';
const AUTH_TOKEN = 'twilio-auth-token-confirm';

let twilio: TestTwilioServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  twilio = await startTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  smtp = await startSmtpServer();
});

const t = useTestApp({
  delivery: (db) => createDelivery({
    db,
    mailer: createMailer({ db, smtpUrl: smtp.url, from: 'City of Springfield <portal@springfield.example>' }),
    sms: { apiUrl: twilio.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+12175550100' },
    retryDelaysMs: [10, 10],
    log: { info: () => {}, warn: () => {}, error: () => {} },
  }),
});

afterAll(async () => {
  await Promise.all([twilio.close(), smtp.close()]);
});
beforeEach(() => {
  twilio.received.length = 0;
});

let serial = 0;
/** A springfield member with a confirmed e-mail path and nothing else. */
async function member(): Promise<Member> {
  const email = `cora.${++serial}@springfield.example`;
  return newMember(t.app, t.database.db, 'springfield', { firstName: 'Cora', lastName: 'Confirm', email }, [
    { pathId: 1, pathType: 'EMAIL', value: email, confirmedKey: ` ${email}` },
  ]);
}

const versionOf = async (who: Member) => (await storedProfile(t.database.db, who.orgId, who.contactId)).contact!.profileVersion;
const paths = async (who: Member) => (await getAs(t.app, who, `/${who.orgId}/${who.contactId}/contactPaths`)).json() as ContactPathsAnswer;
const confirmedOf = async (who: Member, pathId: number) => (await paths(who)).contactPaths.find((path) => path.pathId === pathId)!.confirmed;

async function saveSms(who: Member, value: string) {
  return postProfile(t.app, who, { contactPath: [{ pathId: 1 }, { pathId: 2, value, countryCode: 'US' }], profileVersion: await versionOf(who) });
}

/** The code in the newest SMS to `to` (E.164) the Twilio server received. */
function smsCode(to: string): string {
  const message = twilio.received.filter((request) => request.resource === 'Messages' && request.form.To === to).at(-1);
  const code = /\b(\d{6})\b/.exec(message?.form.Body ?? '')?.[1];
  if (!code) throw new Error(`no code reached ${to}: ${JSON.stringify(twilio.received.map((request) => request.form))}`);
  return code;
}

const post = (who: Member, path: string, body?: object) => t.app.inject({
  method: 'POST', url: `/${who.orgId}/${who.contactId}/contactPaths${path}`,
  headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
  ...(body ? { payload: JSON.stringify(body) } : {}),
});
const confirm = (who: Member, pathId: number, code: string) => post(who, `/${pathId}/confirmation`, { code });
const resend = (who: Member, pathId: number) => post(who, `/${pathId}/confirmationCode?language=en_US`);

/** Moves the path's last send back, as if `seconds` had passed (the limits count from it). */
async function age(who: Member, pathId: number, seconds: number, column: 'sentAt' | 'expiresAt' = 'sentAt') {
  await t.database.db.update(pathConfirmations).set({ [column]: sql`${pathConfirmations[column]} - make_interval(secs => ${seconds})` })
    .where(and(eq(pathConfirmations.orgId, who.orgId), eq(pathConfirmations.contactId, who.contactId), eq(pathConfirmations.pathId, pathId)));
}

describe('a new SMS number is sent a code by the save', () => {
  it('texts a 6-digit code to the number, keeps only its HMAC, and shows the path as not confirmed until the code is entered', async () => {
    const who = await member();
    const saved = await saveSms(who, '(217) 555-0140');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'yes', confirmationSent: [2] });

    const [sms] = twilio.received;
    expect(sms).toMatchObject({ resource: 'Messages', form: { To: '+12175550140', From: '+12175550100' } });
    expect(sms!.form.Body).toMatch(/^City of Springfield: your confirmation code is \d{6}\. It expires in 10 minutes\.$/);
    const code = smsCode('+12175550140');
    const [row] = await t.database.db.select().from(pathConfirmations).where(and(eq(pathConfirmations.orgId, 'springfield'), eq(pathConfirmations.contactId, who.contactId)));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await paths(who);
    expect(listed.unconfirmedPathsReceive).toBe(true);
    expect(listed.contactPaths.map(({ pathId, confirmed }) => [pathId, confirmed])).toEqual([[1, true], [2, false], [3, null], [4, null], [5, null], [6, null], [7, null]]);

    const confirmed = await confirm(who, 2, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true });
    expect(await confirmedOf(who, 2)).toBe(true);

    // Used once: the path needs nothing more, and saving it unchanged sends nothing.
    expect((await confirm(who, 2, code)).json()).toEqual({ errorCode: 'pathConfirmation.notNeeded' });
    twilio.received.length = 0;
    expect((await saveSms(who, '2175550140')).json()).toMatchObject({ confirmationSent: [] });
    expect(twilio.received).toEqual([]);
  });

  it('sends the code by e-mail to a changed address, in the member\'s language', async () => {
    const who = await member();
    const address = `new.${serial}@springfield.example`;
    const saved = await postProfile(t.app, who, {
      profile: [{ profileId: 0, name: 'preferredLanguage', value: 'fr_FR' }],
      contactPath: [{ pathId: 1, value: address }], profileVersion: await versionOf(who),
    });
    expect(saved.json()).toMatchObject({ status: 'yes', confirmationSent: [1] });
    const text = textBodyOf((await smtp.nextMail(address)).raw);
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    expect(text).toContain('code de confirmation');
    expect((await confirm(who, 1, code)).json()).toEqual({ confirmed: true });
  });
});

describe('wrong, old and expired codes', () => {
  it.each([
    ['letters', 'abcdef'],
    ['a wrong number', 'wrong'],
    ['an empty code', ''],
  ])('refuses %s with pathConfirmation.wrongCode and the attempts left; five void the code', async (_name, kind) => {
    const who = await member();
    await saveSms(who, '2175550141');
    const code = smsCode('+12175550141');
    const wrong = kind === 'wrong' ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : kind;
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const refused = await confirm(who, 2, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errorCode: 'pathConfirmation.wrongCode', attemptsLeft });
    }
    expect((await confirm(who, 2, wrong)).json()).toEqual({ errorCode: 'pathConfirmation.expired' });
    // The right code is no good now either: a new one must be sent.
    expect((await confirm(who, 2, code)).json()).toEqual({ errorCode: 'pathConfirmation.expired' });
    expect(await confirmedOf(who, 2)).toBe(false);
  });

  it('counts concurrent guesses one by one: 20 at once get 5 answers of wrongCode or expired and confirm nothing', async () => {
    const who = await member();
    await saveSms(who, '2175550142');
    const wrong = String((Number(smsCode('+12175550142')) + 7) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(who, 2, wrong)));
    const codes = answers.map((answer) => (answer.json() as { errorCode: string }).errorCode);
    expect(codes.filter((code) => code === 'pathConfirmation.wrongCode')).toHaveLength(4);
    expect(codes.filter((code) => code === 'pathConfirmation.expired')).toHaveLength(16);
    const [row] = await t.database.db.select({ attempts: pathConfirmations.attempts }).from(pathConfirmations)
      .where(and(eq(pathConfirmations.orgId, 'springfield'), eq(pathConfirmations.contactId, who.contactId)));
    expect(row!.attempts).toBe(5);
  });

  it('refuses an expired code, and a code sent to the number the path had before', async () => {
    const who = await member();
    await saveSms(who, '2175550143');
    const first = smsCode('+12175550143');
    await age(who, 2, 11 * 60, 'expiresAt');
    expect((await confirm(who, 2, first)).json()).toEqual({ errorCode: 'pathConfirmation.expired' });

    // The number changes within the minute: the limits hold the new code back, and the old one confirms nothing.
    await age(who, 2, -11 * 60, 'expiresAt');
    expect((await saveSms(who, '2175550144')).json()).toMatchObject({ status: 'yes', confirmationSent: [] });
    expect((await confirm(who, 2, first)).json()).toEqual({ errorCode: 'pathConfirmation.expired' });
    expect(await confirmedOf(who, 2)).toBe(false);
  });
});

describe('send the code again', () => {
  it('waits a minute between codes and allows 5 an hour; a new code voids the old one', async () => {
    const who = await member();
    await saveSms(who, '2175550145');
    const first = smsCode('+12175550145');

    const tooSoon = await resend(who, 2);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ errorCode: 'pathConfirmation.tooSoon', retryAfterSeconds: expect.any(Number) });
    expect((tooSoon.json() as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
    expect((tooSoon.json() as { message: string }).message).toMatch(/\d+ seconds/);

    for (let send = 2; send <= 5; send++) {
      await age(who, 2, 61);
      const again = await resend(who, 2);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json() as PathConfirmationCodeAnswer).toEqual({ outcome: 'sent', maskedValue: '••••••0145', expiresInSeconds: 600, retryAfterSeconds: 60 });
    }
    const latest = smsCode('+12175550145');
    await age(who, 2, 61);
    const sixth = await resend(who, 2);
    expect(sixth.statusCode).toBe(429);
    // The hour's five are used up: the wait runs to the end of the hour the first code opened.
    expect((sixth.json() as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3000);

    if (first !== latest) expect((await confirm(who, 2, first)).json()).toMatchObject({ errorCode: 'pathConfirmation.wrongCode' });
    expect((await confirm(who, 2, latest)).json()).toEqual({ confirmed: true });
  });

  it('calls a voice number and says the code digit by digit', async () => {
    const who = await member();
    await postProfile(t.app, who, { contactPath: [{ pathId: 1 }, { pathId: 3, value: '2175550146', countryCode: 'US' }], profileVersion: await versionOf(who) });
    const call = twilio.received.find((request) => request.resource === 'Calls');
    expect(call?.form.To).toBe('+12175550146');
    expect(call?.form.Twiml).toMatch(/your confirmation code is (\d ){5}\d\./);
  });

  it.each([
    ['a path with no value', 4],
    ['a confirmed path', 1],
    ['a path the organisation does not define', 99],
  ])('refuses %s with pathConfirmation.notNeeded', async (_name, pathId) => {
    const who = await member();
    for (const call of [resend(who, pathId), confirm(who, pathId, '123456')]) {
      const refused = await call;
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errorCode: 'pathConfirmation.notNeeded' });
    }
  });
});

describe('the organisation\'s settings', () => {
  async function setConfirmation(orgId: string, value: object) {
    await t.database.db.update(organizations)
      .set({ settings: sql`jsonb_set(${organizations.settings}, '{contactPathConfirmation}', ${JSON.stringify(value)}::jsonb)`, settingsVersion: sql`${organizations.settingsVersion} + 1` })
      .where(eq(organizations.orgId, orgId));
    t.app.orgCache.invalidate(orgId);
  }

  it('sends no code and asks nothing when confirmation is not required; says when unconfirmed paths receive nothing', async () => {
    await setConfirmation('springfield', { required: false });
    try {
      const who = await member();
      expect((await saveSms(who, '2175550147')).json()).toMatchObject({ confirmationSent: [] });
      expect(twilio.received).toEqual([]);
      expect(await confirmedOf(who, 2)).toBeNull();
      expect((await resend(who, 2)).json()).toEqual({ errorCode: 'pathConfirmation.notNeeded' });
    } finally {
      await setConfirmation('springfield', {});
    }
    await setConfirmation('springfield', { unconfirmedPathsReceive: false });
    try {
      expect((await paths(await member())).unconfirmedPathsReceive).toBe(false);
    } finally {
      await setConfirmation('springfield', {});
    }
  });
});

it('keeps the confirmation of a path through saves that do not change its value, and drops it with a new value', async () => {
  const who = await member();
  await saveSms(who, '2175550148');
  expect((await confirm(who, 2, smsCode('+12175550148'))).json()).toEqual({ confirmed: true });
  await postProfile(t.app, who, { profile: [{ profileId: 1, name: 'firstName', value: 'Corinne' }], profileVersion: await versionOf(who) });
  expect(await confirmedOf(who, 2)).toBe(true);
  await age(who, 2, 61);
  expect((await saveSms(who, '2175550149')).json()).toMatchObject({ confirmationSent: [2] });
  expect(await confirmedOf(who, 2)).toBe(false);
  const [stored] = await t.database.db.select({ confirmedKey: contactPaths.confirmedKey }).from(contactPaths)
    .where(and(eq(contactPaths.orgId, 'springfield'), eq(contactPaths.contactId, who.contactId), eq(contactPaths.pathId, 2)));
  expect(stored!.confirmedKey).toBe('US 2175550148');
});
