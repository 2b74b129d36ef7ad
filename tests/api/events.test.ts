/**
 * Events (issue 14, §3 Event subscription and Event notification, schemas/api/events.ts,
 * services/events.ts) through the real app on the seeded demo (springfield's public "marathon-2026"
 * and "lake-water-main", its private "staff-coat-drive"):
 * - who sees what (§6): the list, one event, its notifications and their files, a private event's
 *   only for the organisation's signed-in members (to anyone else 404 `event.notFound`, whatever
 *   `isLogin` says); an organisation that shows no events answers 404 `events.off` to visitors;
 * - an event's notifications a page at a time, newest first, and one notification with its CAP facts,
 *   `event_id` when given being its own event's;
 * - the sign-up (§7 `eventSubscriptionSignUpStr`): the CSRF token, the JSON read before anything else,
 *   the event sign-up form's §5 rules with the event's requirements (table-driven, the exact message
 *   key at its pointer), a mobile number or an e-mail address to send to, kept once per event and
 *   person, MAX_SIGNUPS per event; every refusal with nothing stored;
 * - the publishing API's events and their notifications (201 then 200, the refusals with nothing
 *   stored, a withdrawal taking the notifications and sign-ups with it);
 * - `GET /{orgId}/events.ics`: the public events with a start as iCalendar, each under its own UID
 *   and linking to its page.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventList, EventNotification, EventPage, EventSubscription } from '../../schemas/api/events.ts';
import { eventNotifications, events, eventSignups } from '../../server/db/schema.ts';
import { MAX_SIGNUPS } from '../../server/services/events.ts';
import { makePublishingKey } from '../../server/services/publishing.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const keys: Record<string, string> = {};
let member: Member;
let acmeMember: Member;
let visitor: { cookie: string; csrfToken: string };

beforeAll(async () => {
  for (const orgId of ['springfield', 'acme']) {
    const made = await makePublishingKey(t.database.db, orgId, 'events test');
    if (!made.ok) throw new Error('no key');
    keys[orgId] = made.key;
  }
  member = await newMember(t.app, t.database.db, 'springfield');
  acmeMember = await newMember(t.app, t.database.db, 'acme');
  visitor = await startSession(t.app, 'springfield');
});

const REQUIRED = 'jquery.validation.field.required';
const PHONE = 'eventSubscription.validation.phone';
const EMAIL = 'eventSubscription.validation.email';
const MOBILE_OR_EMAIL = 'eventSubscription.validation.mobileOrEmail';
const NOT_FOUND = { success: false, message: 'event.notFound', result: null };

const MARATHON: EventSubscription = {
  id: 'marathon-2026', groupName: 'Springfield Marathon 2026', isPrivate: false, keyword: { keyword: 'RUN' }, nixleAgency: { shortCode: '888777' }, widgets: [],
  eventSubscriptionWebPage: {
    requireName: false, requireMobile: true, requireEmail: false,
    eventStartDate: Date.parse('2026-12-06T07:00:00-06:00'), eventEndDate: Date.parse('2026-12-06T13:00:00-06:00'),
    timeZone: 'America/Chicago', eventAddress: 'Old State Capitol Plaza, Springfield, IL 62701', socialSharing: true,
  },
};
const LAKE: EventSubscription = {
  id: 'lake-water-main', groupName: 'Lake Springfield water main repair', isPrivate: false, keyword: { keyword: '' }, nixleAgency: { shortCode: '' }, widgets: [],
  eventSubscriptionWebPage: {
    requireName: true, requireMobile: false, requireEmail: true,
    eventStartDate: Date.parse('2026-11-25T08:00:00-06:00'), eventEndDate: Date.parse('2026-12-10T17:00:00-06:00'),
    timeZone: 'America/Chicago', eventAddress: 'East Lake Drive, Springfield, IL 62712', socialSharing: false,
  },
};
const COAT_DRIVE: EventSubscription = {
  id: 'staff-coat-drive', groupName: 'Winter coat drive (city staff)', isPrivate: true, keyword: { keyword: '' }, nixleAgency: { shortCode: '' }, widgets: [],
  eventSubscriptionWebPage: {
    requireName: false, requireMobile: false, requireEmail: false,
    eventStartDate: Date.parse('2026-12-01T09:00:00-06:00'), eventEndDate: Date.parse('2026-12-01T15:00:00-06:00'),
    timeZone: 'America/Chicago', eventAddress: 'Municipal Center West, 300 S 7th St, Springfield, IL', socialSharing: false,
  },
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** `POST …/list` or `…/{eventId}` (form `isLogin`) with `cookie` (none: a visitor without a session). */
const postIsLogin = (url: string, isLogin: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...FORM, ...(cookie ? { cookie } : {}) }, payload: form({ isLogin }) });

/** The sign-up as the page sends it: the values as JSON in `eventSubscriptionSignUpStr`, with the session's CSRF token. */
function signUp(values: unknown, as: { cookie: string; csrfToken?: string } = visitor, orgId = 'springfield') {
  const signUpStr = typeof values === 'string' ? values : JSON.stringify(values);
  return t.app.inject({
    method: 'POST', url: `/nixle/eventSubscription/${orgId}/signUp`,
    headers: { ...FORM, cookie: as.cookie, ...(as.csrfToken ? { 'x-csrf-token': as.csrfToken } : {}) },
    payload: form({ eventSubscriptionSignUpStr: signUpStr }),
  });
}

const publish = (method: 'PUT' | 'DELETE', path: string, payload?: object, orgId = 'springfield') =>
  t.app.inject({ method, url: `/api/v1/${orgId}/${path}`, headers: { authorization: `Bearer ${keys[orgId]}` }, ...(payload ? { payload } : {}) });

const signupsOf = (eventId: string) =>
  t.database.db.select().from(eventSignups).where(and(eq(eventSignups.orgId, 'springfield'), eq(eventSignups.eventId, eventId)));
const allSignups = async () => (await t.database.db.select({ n: count() }).from(eventSignups))[0]!.n;
const allEvents = async () => (await t.database.db.select({ n: count() }).from(events))[0]!.n;
const allEventNotifications = async () => (await t.database.db.select({ n: count() }).from(eventNotifications))[0]!.n;
const sentAt = async (notificationId: string) =>
  (await t.database.db.select().from(eventNotifications).where(eq(eventNotifications.notificationId, notificationId)))[0]!.sendDate.getTime();

describe('POST /nixle/eventSubscription/{orgId}/list', () => {
  it.each([
    ['a visitor', 'false', () => undefined],
    ['a visitor who says they are signed in (the server reads the session itself)', 'true', () => undefined],
    ['a visitor with a session', 'false', () => visitor.cookie],
    ['a member of another organisation', 'true', () => acmeMember.cookie],
  ])('answers %s the public events only, latest start first', async (_who, isLogin, cookieOf) => {
    const response = await postIsLogin('/nixle/eventSubscription/springfield/list', isLogin, cookieOf());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ events: [MARATHON, LAKE] });
    expect(response.headers['cache-control']).toBe('private, max-age=0');
  });

  it('answers a signed-in springfield member the private event too, marked private', async () => {
    const response = await postIsLogin('/nixle/eventSubscription/springfield/list', 'true', member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ events: [MARATHON, COAT_DRIVE, LAKE] });
  });

  it.each([
    ['acme, which shows no events, to a visitor', 'acme', undefined, 404, { errorCode: 'events.off' }],
    ['an unknown organisation', 'nowhere', undefined, 404, { errorCode: 'org.notFound' }],
  ])('refuses %s', async (_what, orgId, cookie, status, body) => {
    const response = await postIsLogin(`/nixle/eventSubscription/${orgId}/list`, 'false', cookie);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('lets acme\'s members through (§2: a member\'s own flag may show events): none there', async () => {
    const response = await postIsLogin('/nixle/eventSubscription/acme/list', 'true', acmeMember.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ events: [] });
  });
});

describe('POST /nixle/eventSubscription/{orgId}/{eventId}', () => {
  it('answers one public event to anyone', async () => {
    const response = await postIsLogin('/nixle/eventSubscription/springfield/marathon-2026', 'false');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', result: MARATHON });
  });

  it.each([
    ['an unknown event', 'no-such-event', undefined],
    ['the private event to a visitor', 'staff-coat-drive', undefined],
    ['the private event to a visitor who says they are signed in', 'staff-coat-drive', 'visitor'],
    ['the private event to another organisation\'s member', 'staff-coat-drive', 'acme'],
  ])('answers 404 event.notFound for %s', async (_what, eventId, who) => {
    const cookie = who === 'visitor' ? visitor.cookie : who === 'acme' ? acmeMember.cookie : undefined;
    const response = await postIsLogin(`/nixle/eventSubscription/springfield/${eventId}`, 'true', cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('answers the private event to a signed-in member', async () => {
    const response = await postIsLogin('/nixle/eventSubscription/springfield/staff-coat-drive', 'true', member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', result: COAT_DRIVE });
  });

  it('answers 404 events.off for an event of acme to a visitor', async () => {
    const response = await postIsLogin('/nixle/eventSubscription/acme/anything', 'false');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'events.off' });
  });
});

describe('GET /nixle/eventSubscription/{orgId}/{eventId}/page', () => {
  const page = (eventId: string, query: string, cookie?: string) =>
    t.app.inject({ url: `/nixle/eventSubscription/springfield/${eventId}/page${query}`, headers: cookie ? { cookie } : {} });
  const ids = (answer: EventPage) => answer.data.map((notification) => notification.notificationId);

  it.each([
    ['the default page (1, size 25)', '', ['run-005', 'run-004', 'run-003', 'run-002']],
    ['page 1 of size 2', '?pageNo=1&pageSize=2', ['run-005', 'run-004']],
    ['page 2 of size 2', '?pageNo=2&pageSize=2', ['run-003', 'run-002']],
    ['page 2 of size 3', '?pageNo=2&pageSize=3', ['run-002']],
    ['a page past the last', '?pageNo=3&pageSize=2', []],
  ])('answers %s newest first with the count of all', async (_what, query, expected) => {
    const response = await page('marathon-2026', query);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as EventPage;
    expect(ids(answer)).toEqual(expected);
    expect(answer.count).toBe(4);
    const times = answer.data.map((notification) => notification.notificationSendDate);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers each notification as §3 names it, the event\'s zone on each', async () => {
    const answer = (await page('lake-water-main', '')).json() as EventPage;
    expect(answer).toEqual({
      count: 2,
      data: [
        {
          notificationId: 'lake-002', eventId: 'lake-water-main', title: 'Low water pressure on East Lake Drive', type: 3,
          textMessage: 'Customers on East Lake Drive and Lakeside Terrace may see low water pressure until 5 PM today.', rtfContent: '',
          notificationSendDate: await sentAt('lake-002'), timeZone: 'America/Chicago', expire: 24, attachmentFiles: [],
          category: '', event: '', urgency: '', severity: '', certainty: '', instructions: '', eventWebPageStatus: 'Active',
        },
        {
          notificationId: 'lake-001', eventId: 'lake-water-main', title: 'Repair work begins', type: 1,
          textMessage: 'CWLP crews begin replacing 1,200 feet of water main along East Lake Drive. One lane stays open during work hours.', rtfContent: '',
          notificationSendDate: await sentAt('lake-001'), timeZone: 'America/Chicago', expire: null, attachmentFiles: [],
          category: '', event: '', urgency: '', severity: '', certainty: '', instructions: '', eventWebPageStatus: 'Active',
        },
      ],
    });
  });

  it('answers the private event\'s page to a member only', async () => {
    const refused = await page('staff-coat-drive', '');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errorCode: 'event.notFound' });
    const answered = await page('staff-coat-drive', '', member.cookie);
    expect(answered.statusCode).toBe(200);
    expect(ids(answered.json() as EventPage)).toEqual(['coat-001']);
  });

  it.each([
    ['an unknown event', 'no-such-event', '', 404, { errorCode: 'event.notFound' }],
    ['page 0', 'marathon-2026', '?pageNo=0', 400, { errorCode: 'request.invalid' }],
    ['a page size over 200', 'marathon-2026', '?pageSize=201', 400, { errorCode: 'request.invalid' }],
  ])('refuses %s', async (_what, eventId, query, status, body) => {
    const response = await page(eventId, query);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(body);
  });
});

describe('GET /nixle/eventSubscription/getNotificationDetail/{orgId}/{notificationId}', () => {
  const detail = (notificationId: string, query = '', cookie?: string) =>
    t.app.inject({ url: `/nixle/eventSubscription/getNotificationDetail/springfield/${notificationId}${query}`, headers: cookie ? { cookie } : {} });
  const gone = { success: false, message: 'notification.notFound', result: null };

  it.each([
    ['without event_id', ''],
    ['with its own event_id', '?event_id=marathon-2026'],
  ])('answers the alert with its CAP facts %s', async (_what, query) => {
    const response = await detail('run-005', query);
    expect(response.statusCode).toBe(200);
    const expected: EventNotification = {
      notificationId: 'run-005', eventId: 'marathon-2026', title: 'Lightning: the start may be delayed', type: 2,
      textMessage: 'Lightning has been seen within 10 miles. If it is still in the area at 6:30 AM, the start will be delayed. Runners: stay in the Capitol garage until told otherwise.',
      rtfContent: '', notificationSendDate: await sentAt('run-005'), timeZone: 'America/Chicago', expire: 6, attachmentFiles: [],
      category: 'Met', event: 'Lightning', urgency: 'Expected', severity: 'Moderate', certainty: 'Likely',
      instructions: 'Go indoors or into a hard-topped vehicle when you hear thunder.', eventWebPageStatus: 'Active',
    };
    expect(response.json()).toEqual({ success: true, message: '', result: expected });
  });

  it('answers the advisory with its image and the withdrawn one as Deactive', async () => {
    const advisory = (await detail('run-004')).json() as { result: EventNotification };
    expect(advisory.result.attachmentFiles).toEqual([{ fileId: 'spfld-doc-boilmap', fileName: 'boil-water-area.png', fileType: 'image/png', image: true }]);
    expect(advisory.result.type).toBe(3);
    const withdrawn = (await detail('run-002')).json() as { result: EventNotification };
    expect(withdrawn.result).toMatchObject({ notificationId: 'run-002', eventWebPageStatus: 'Deactive' });
  });

  it.each([
    ['another event\'s event_id', 'run-005', '?event_id=lake-water-main', undefined],
    ['an unknown event_id', 'run-005', '?event_id=no-such-event', undefined],
    ['an unknown notification', 'no-such-notification', '', undefined],
    ['the private event\'s notification to a visitor', 'coat-001', '', undefined],
    ['the private event\'s notification to a visitor with a session', 'coat-001', '?event_id=staff-coat-drive', 'visitor'],
  ])('answers 404 notification.notFound for %s', async (_what, notificationId, query, who) => {
    const response = await detail(notificationId, query, who ? visitor.cookie : undefined);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(gone);
  });

  it('answers the private event\'s notification to a member', async () => {
    const response = await detail('coat-001', '?event_id=staff-coat-drive', member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: '', result: { notificationId: 'coat-001', eventId: 'staff-coat-drive', title: 'Drop-off boxes are out' } });
  });
});

describe('POST /nixle/eventSubscription/{orgId}/signUp', () => {
  const GOOD = { eventId: 'marathon-2026', mobile: '(217) 555-0142' };

  it.each([
    ['without the CSRF token', () => ({ cookie: visitor.cookie })],
    ['with a token that is not the session\'s', () => ({ cookie: visitor.cookie, csrfToken: member.csrfToken })],
    ['with a token but no cookie', () => ({ cookie: '', csrfToken: visitor.csrfToken })],
  ])('refuses a sign-up %s (403 csrf.invalid), nothing stored', async (_what, as) => {
    const before = await allSignups();
    const response = await signUp(GOOD, as());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    expect(await allSignups()).toBe(before);
  });

  it.each([
    ['not JSON', '{eventId: marathon-2026'],
    ['JSON that is not an object', '["marathon-2026"]'],
    ['null', 'null'],
    ['no eventId', JSON.stringify({ mobile: '2175550142' })],
    ['an empty eventId', JSON.stringify({ eventId: '', mobile: '2175550142' })],
    ['a mobile that is a number', JSON.stringify({ eventId: 'marathon-2026', mobile: 2175550142 })],
    ['a mobile of 41 characters', JSON.stringify({ eventId: 'marathon-2026', mobile: '2'.repeat(41) })],
    ['widgets that are not a list', JSON.stringify({ eventId: 'marathon-2026', mobile: '2175550142', widgets: 'a' })],
    ['21 widgets', JSON.stringify({ eventId: 'marathon-2026', mobile: '2175550142', widgets: Array.from({ length: 21 }, (_, i) => `w${i}`) })],
  ])('refuses an eventSubscriptionSignUpStr of %s (400 request.invalidBody), nothing stored', async (_what, signUpStr) => {
    const before = await allSignups();
    const response = await signUp(signUpStr);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, result: 'request.invalidBody' });
    expect(await allSignups()).toBe(before);
  });

  it('refuses a form without eventSubscriptionSignUpStr (400), nothing stored', async () => {
    const before = await allSignups();
    const response = await t.app.inject({
      method: 'POST', url: '/nixle/eventSubscription/springfield/signUp', headers: { ...FORM, cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
      payload: form({ mobile: '2175550142' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
    expect(await allSignups()).toBe(before);
  });

  it.each([
    ['marathon (requireMobile) without a mobile', { eventId: 'marathon-2026', email: 'pat@example.com' }, REQUIRED, [['/mobile', REQUIRED]]],
    ['marathon with an empty mobile', { eventId: 'marathon-2026', mobile: '' }, REQUIRED, [['/mobile', REQUIRED]]],
    ['marathon with blanks for a mobile', { eventId: 'marathon-2026', mobile: '   ' }, REQUIRED, [['/mobile', REQUIRED]]],
    ['marathon with a UK mobile', { eventId: 'marathon-2026', mobile: '+44 7700 900123' }, PHONE, [['/mobile', PHONE]]],
    ['marathon with seven digits', { eventId: 'marathon-2026', mobile: '555-0142' }, PHONE, [['/mobile', PHONE]]],
    ['marathon with an N11 area code', { eventId: 'marathon-2026', mobile: '911-555-0142' }, PHONE, [['/mobile', PHONE]]],
    ['marathon with a good mobile and a bad e-mail (checked though optional)', { eventId: 'marathon-2026', mobile: '217-555-0142', email: 'pat@' }, EMAIL, [['/email', EMAIL]]],
    ['lake (requireName, requireEmail) with a bad e-mail', { eventId: 'lake-water-main', fullName: 'Pat Doe', email: 'pat.example.com' }, EMAIL, [['/email', EMAIL]]],
    ['lake without a name', { eventId: 'lake-water-main', email: 'pat@example.com' }, REQUIRED, [['/fullName', REQUIRED]]],
    ['lake with blanks for a name', { eventId: 'lake-water-main', fullName: '  ', email: 'pat@example.com' }, REQUIRED, [['/fullName', REQUIRED]]],
    ['lake without a name or an e-mail', { eventId: 'lake-water-main', mobile: '2175550142' }, REQUIRED, [['/fullName', REQUIRED], ['/email', REQUIRED]]],
    ['lake with a name of 101 characters', { eventId: 'lake-water-main', fullName: 'n'.repeat(101), email: 'pat@example.com' }, 'jquery.validation.maxlength', [['/fullName', 'jquery.validation.maxlength']]],
    ['lake with a bad optional mobile', { eventId: 'lake-water-main', fullName: 'Pat Doe', email: 'pat@example.com', mobile: 'call me' }, PHONE, [['/mobile', PHONE]]],
  ])('refuses %s (400, §5 key first, every field at its pointer), nothing stored', async (_what, values, result, errors) => {
    const before = await allSignups();
    const response = await signUp(values);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json() as { statusCode: number; result: string; errors: { pointer: string; key: string }[] };
    expect({ statusCode: answer.statusCode, result: answer.result }).toEqual({ statusCode: 400, result });
    expect(answer.errors.map((error) => [error.pointer, error.key])).toEqual(errors);
    expect(await allSignups()).toBe(before);
  });

  it('refuses neither a mobile nor an e-mail on an event that requires neither (400 mobileOrEmail), nothing stored', async () => {
    expect((await publish('PUT', 'events/name-only', { groupName: 'Name only', requireName: true })).statusCode).toBe(201);
    for (const values of [{ eventId: 'name-only', fullName: 'Pat Doe' }, { eventId: 'name-only', fullName: 'Pat Doe', mobile: ' ', email: '' }]) {
      const response = await signUp(values);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, result: MOBILE_OR_EMAIL, errors: [{ pointer: '/mobile', key: MOBILE_OR_EMAIL, params: {} }] });
    }
    expect(await signupsOf('name-only')).toEqual([]);
    // Either one is enough there.
    expect((await signUp({ eventId: 'name-only', fullName: 'Pat Doe', email: 'pat@example.com' })).json()).toEqual({ statusCode: 200, result: 'OK' });
    expect((await publish('DELETE', 'events/name-only')).statusCode).toBe(200);
  });

  it('keeps a good sign-up once (OK), its number as digits; the same number again, however written, changes nothing', async () => {
    const response = await signUp({ ...GOOD, fullName: ' Pat Doe ', mobile: ' (217) 555-0142 ', widgets: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, result: 'OK' });
    const rows = await signupsOf('marathon-2026');
    expect(rows.map(({ fullName, mobile, email }) => ({ fullName, mobile, email }))).toEqual([{ fullName: 'Pat Doe', mobile: '2175550142', email: '' }]);
    for (const again of [{ ...GOOD, mobile: '217-555-0142', fullName: 'Patricia Doe' }, { ...GOOD, mobile: '+1 217.555.0142', email: 'pat@example.com' }]) {
      expect((await signUp(again)).json()).toEqual({ statusCode: 200, result: 'OK' });
    }
    // The first sign-up stands: nobody gets an update twice.
    expect((await signupsOf('marathon-2026')).map(({ signupId, fullName, mobile, email }) => ({ signupId, fullName, mobile, email })))
      .toEqual([{ signupId: rows[0]!.signupId, fullName: 'Pat Doe', mobile: '2175550142', email: '' }]);
  });

  it('takes a member\'s sign-up like a visitor\'s (the page sends the values, not the account)', async () => {
    const response = await signUp({ eventId: 'lake-water-main', fullName: 'Pat Member', email: 'pat.member@example.com' }, member);
    expect(response.json()).toEqual({ statusCode: 200, result: 'OK' });
    expect((await signupsOf('lake-water-main')).map(({ fullName, mobile, email }) => ({ fullName, mobile, email })))
      .toEqual([{ fullName: 'Pat Member', mobile: '', email: 'pat.member@example.com' }]);
  });

  it('keeps an e-mail address once, whatever its case', async () => {
    const lake = { eventId: 'lake-water-main', fullName: 'Lee Case' };
    expect((await signUp({ ...lake, email: 'Lee.Case@Example.com' })).json()).toEqual({ statusCode: 200, result: 'OK' });
    expect((await signUp({ ...lake, email: 'lee.case@example.com' })).json()).toEqual({ statusCode: 200, result: 'OK' });
    expect((await signupsOf('lake-water-main')).filter((row) => row.email === 'lee.case@example.com')).toHaveLength(1);
  });

  it.each([
    ['the private event, as a visitor', { eventId: 'staff-coat-drive', mobile: '2175550142' }, 'springfield', () => visitor],
    ['the private event, as another organisation\'s member', { eventId: 'staff-coat-drive', mobile: '2175550142' }, 'springfield', () => ({ cookie: acmeMember.cookie, csrfToken: acmeMember.csrfToken })],
    ['an unknown event', { eventId: 'no-such-event', mobile: '2175550142' }, 'springfield', () => visitor],
    ['an event of another organisation named from springfield', { eventId: 'marathon-2026', mobile: '2175550142' }, 'acme', () => visitor],
  ])('refuses a sign-up for %s (404 event.notFound), nothing stored', async (_what, values, orgId, as) => {
    const before = await allSignups();
    const response = await signUp(values, as(), orgId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, result: 'event.notFound' });
    expect(await allSignups()).toBe(before);
  });

  it('takes the private event\'s sign-up from a member', async () => {
    const response = await signUp({ eventId: 'staff-coat-drive', mobile: '217-555-0199' }, member);
    expect(response.json()).toEqual({ statusCode: 200, result: 'OK' });
    expect(await signupsOf('staff-coat-drive')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_SIGNUPS} sign-ups per event (409 eventSubscription.full), nothing stored past it`, async () => {
    expect((await publish('PUT', 'events/crowded', { groupName: 'Crowded', requireMobile: true })).statusCode).toBe(201);
    await t.database.db.execute(sql`
      insert into event_signups (org_id, event_id, mobile)
      select 'springfield', 'crowded', '217555' || lpad(n::text, 5, '0') from generate_series(1, ${MAX_SIGNUPS}) as n`);
    const response = await signUp({ eventId: 'crowded', mobile: '(312) 555-0100' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, result: 'eventSubscription.full' });
    expect(await signupsOf('crowded')).toHaveLength(MAX_SIGNUPS);
    expect((await publish('DELETE', 'events/crowded')).json()).toEqual({ status: 'ok' });
  });
});

describe('publishing events (PUT/DELETE /api/v1/{orgId}/events/…)', () => {
  const BODY = {
    groupName: 'Pumpkin festival', requireName: true, requireEmail: true, eventStartDate: '2026-10-31T10:00:00-05:00', eventEndDate: '2026-10-31T18:00:00-05:00',
    timeZone: 'America/Chicago', eventAddress: 'Washington Park', keyword: 'PUMPKIN', shortCode: '888777', socialSharing: true,
  };

  it('creates an event (201), then changes it (200)', async () => {
    const created = await publish('PUT', 'events/pumpkin-2026', BODY);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ eventId: 'pumpkin-2026' });
    const changed = await publish('PUT', 'events/pumpkin-2026', { ...BODY, groupName: '  Pumpkin festival 2026 ', isPrivate: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ eventId: 'pumpkin-2026' });
    const answer = await postIsLogin('/nixle/eventSubscription/springfield/pumpkin-2026', 'true', member.cookie);
    expect(answer.json()).toEqual({
      success: true, message: '',
      result: {
        id: 'pumpkin-2026', groupName: 'Pumpkin festival 2026', isPrivate: true, keyword: { keyword: 'PUMPKIN' }, nixleAgency: { shortCode: '888777' }, widgets: [],
        eventSubscriptionWebPage: {
          requireName: true, requireMobile: false, requireEmail: true, eventStartDate: Date.parse(BODY.eventStartDate), eventEndDate: Date.parse(BODY.eventEndDate),
          timeZone: 'America/Chicago', eventAddress: 'Washington Park', socialSharing: true,
        },
      },
    });
    expect((await publish('DELETE', 'events/pumpkin-2026')).statusCode).toBe(200);
  });

  it('takes an event with nothing but a name: UTC, no period, nothing required', async () => {
    expect((await publish('PUT', 'events/bare', { groupName: 'Bare' })).statusCode).toBe(201);
    const { result } = (await postIsLogin('/nixle/eventSubscription/springfield/bare', 'false')).json() as { result: EventSubscription };
    expect(result.eventSubscriptionWebPage).toEqual({
      requireName: false, requireMobile: false, requireEmail: false, eventStartDate: null, eventEndDate: null, timeZone: 'UTC', eventAddress: '', socialSharing: false,
    });
    expect((await publish('DELETE', 'events/bare')).statusCode).toBe(200);
  });

  it.each([
    ['an end before the start', 'events/refused', { ...BODY, eventEndDate: '2026-10-31T09:59:59-05:00' }, 400, 'event.endBeforeStart'],
    ['an unknown time zone', 'events/refused', { ...BODY, timeZone: 'Mars/Olympus_Mons' }, 400, 'event.timeZone'],
    ['a time zone that is not a zone name', 'events/refused', { ...BODY, timeZone: 'CST; DROP' }, 400, 'request.invalid'],
    ['the reserved id "list"', 'events/list', BODY, 400, 'event.reservedId'],
    ['the reserved id "signUp"', 'events/signUp', BODY, 400, 'event.reservedId'],
    ['an id with a slash-like character', 'events/a%20b', BODY, 400, 'request.invalid'],
    ['no name', 'events/refused', { ...BODY, groupName: ' ' }, 400, 'request.invalid'],
    ['a start that is not a date', 'events/refused', { ...BODY, eventStartDate: 'tomorrow' }, 400, 'request.invalid'],
  ])('refuses %s, nothing stored', async (_what, path, body, status, errorCode) => {
    const before = await allEvents();
    const response = await publish('PUT', path, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await allEvents()).toBe(before);
  });

  it('refuses a caller without springfield\'s key (401), nothing stored', async () => {
    const before = await allEvents();
    for (const authorization of [undefined, `Bearer ${keys.acme}`]) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/v1/springfield/events/keyless', headers: authorization ? { authorization } : {}, payload: BODY });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorCode: 'publishing.unauthorized' });
    }
    expect(await allEvents()).toBe(before);
  });

  describe('notifications', () => {
    const NOTE = { title: 'Gates open', textMessage: 'The gates open at 10.', type: 2, expire: 3, category: 'Safety', event: 'Crowding', urgency: 'Immediate', severity: 'Minor', certainty: 'Observed' };

    it('creates one (201), changes it (200), sanitises its rich content, and withdraws it', async () => {
      expect((await publish('PUT', 'events/notes', { groupName: 'Notes' })).statusCode).toBe(201);
      const created = await publish('PUT', 'events/notes/notifications/notes-1', { ...NOTE, sendDate: '2026-10-31T09:00:00Z' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({ notificationId: 'notes-1' });
      const changed = await publish('PUT', 'events/notes/notifications/notes-1', { ...NOTE, sendDate: '2026-10-31T09:00:00Z', rtfContent: '<p onclick="x()">Come <b>early</b></p><script>alert(1)</script>', eventWebPageStatus: 'Deactive' });
      expect(changed.statusCode).toBe(200);
      const detail = (await t.app.inject({ url: '/nixle/eventSubscription/getNotificationDetail/springfield/notes-1?event_id=notes' })).json() as { result: EventNotification };
      expect(detail.result).toEqual({
        notificationId: 'notes-1', eventId: 'notes', title: 'Gates open', type: 2, textMessage: 'The gates open at 10.', rtfContent: '<p>Come <b>early</b></p>',
        notificationSendDate: Date.parse('2026-10-31T09:00:00Z'), timeZone: 'UTC', expire: 3, attachmentFiles: [],
        category: 'Safety', event: 'Crowding', urgency: 'Immediate', severity: 'Minor', certainty: 'Observed', instructions: '', eventWebPageStatus: 'Deactive',
      });
      const remove = () => publish('DELETE', 'events/notes/notifications/notes-1');
      expect((await remove()).json()).toEqual({ status: 'ok' });
      const again = await remove();
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ errorCode: 'notification.notFound' });
      expect((await publish('DELETE', 'events/notes')).statusCode).toBe(200);
    });

    it.each([
      ['an unknown event', 'events/no-such-event/notifications/n-1', NOTE, 404, { errorCode: 'event.notFound' }],
      ['an attachment the organisation has not', 'events/marathon-2026/notifications/n-1', { ...NOTE, attachmentFileIds: ['nothing-here'] }, 400, { errorCode: 'notification.attachmentUnknown', message: 'unknown files: nothing-here' }],
      ['a link as an attachment (it has no bytes)', 'events/marathon-2026/notifications/n-1', { ...NOTE, attachmentFileIds: ['spfld-doc-ready'] }, 400, { errorCode: 'notification.attachmentUnknown', message: 'unknown files: spfld-doc-ready' }],
      ['a type of 10', 'events/marathon-2026/notifications/n-1', { ...NOTE, type: 10 }, 400, { errorCode: 'request.invalid' }],
      ['an unknown status', 'events/marathon-2026/notifications/n-1', { ...NOTE, eventWebPageStatus: 'Hidden' }, 400, { errorCode: 'request.invalid' }],
      ['no text', 'events/marathon-2026/notifications/n-1', { ...NOTE, textMessage: '' }, 400, { errorCode: 'request.invalid' }],
    ])('refuses a notification for %s, nothing stored', async (_what, path, body, status, expected) => {
      const before = await allEventNotifications();
      const response = await publish('PUT', path, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject(expected);
      expect(await allEventNotifications()).toBe(before);
    });

    it('answers 404 for a withdrawal of a notification under another event', async () => {
      const response = await publish('DELETE', 'events/lake-water-main/notifications/run-005');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'notification.notFound' });
      expect((await t.app.inject({ url: '/nixle/eventSubscription/getNotificationDetail/springfield/run-005' })).statusCode).toBe(200);
    });
  });

  it('withdraws an event with its notifications and sign-ups; then 404 event.notFound', async () => {
    expect((await publish('PUT', 'events/short-lived', { groupName: 'Short-lived', requireMobile: true })).statusCode).toBe(201);
    for (const id of ['short-1', 'short-2']) {
      expect((await publish('PUT', `events/short-lived/notifications/${id}`, { title: id, textMessage: 'x' })).statusCode).toBe(201);
    }
    expect((await signUp({ eventId: 'short-lived', mobile: '217-555-0150' })).json()).toEqual({ statusCode: 200, result: 'OK' });
    expect(await signupsOf('short-lived')).toHaveLength(1);

    const remove = () => publish('DELETE', 'events/short-lived');
    expect((await remove()).json()).toEqual({ status: 'ok' });
    expect(await t.database.db.select().from(events).where(eq(events.eventId, 'short-lived'))).toEqual([]);
    expect(await t.database.db.select().from(eventNotifications).where(eq(eventNotifications.eventId, 'short-lived'))).toEqual([]);
    expect(await signupsOf('short-lived')).toEqual([]);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'event.notFound' });
    expect((await t.app.inject({ url: '/nixle/eventSubscription/getNotificationDetail/springfield/short-1' })).statusCode).toBe(404);
  });
});

describe('files of event notifications', () => {
  const PNG = readFileSync(new URL('../../server/db/demo/files/boil-water-area.png', import.meta.url));

  /** A file that is not in the files library (public=false), so only a notification can show it. */
  async function unlistedImage(name: string) {
    const boundary = '----events';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="public"\r\n\r\nfalse\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST', url: '/api/v1/springfield/documents', payload,
      headers: { authorization: `Bearer ${keys.springfield}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { fileId: string }).fileId;
  }

  it('lets a visitor see the advisory\'s image', async () => {
    const response = await t.app.inject({ url: '/download/image/spfld-doc-boilmap' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('lets anyone have the file of a public event\'s notification, though it is not listed', async () => {
    const fileId = await unlistedImage('public-event.png');
    expect((await t.app.inject({ url: `/download/image/${fileId}` })).statusCode).toBe(404);
    expect((await publish('PUT', 'events/open-day', { groupName: 'Open day' })).statusCode).toBe(201);
    expect((await publish('PUT', 'events/open-day/notifications/open-1', { title: 'Map', textMessage: 'See the map.', attachmentFileIds: [fileId] })).statusCode).toBe(201);
    const image = await t.app.inject({ url: `/download/image/${fileId}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await publish('DELETE', 'events/open-day')).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/download/image/${fileId}` })).statusCode).toBe(404);
  });

  it('gives the file of a private event\'s notification to springfield\'s members only (§6)', async () => {
    const fileId = await unlistedImage('staff-only.png');
    expect((await getAs(t.app, member, `/download/image/${fileId}`)).statusCode).toBe(404);
    expect((await publish('PUT', 'events/staff-party', { groupName: 'Staff party', isPrivate: true })).statusCode).toBe(201);
    expect((await publish('PUT', 'events/staff-party/notifications/party-1', { title: 'Seating', textMessage: 'See the plan.', attachmentFileIds: [fileId] })).statusCode).toBe(201);

    const visitorAnswer = await t.app.inject({ url: `/download/image/${fileId}` });
    expect(visitorAnswer.statusCode).toBe(404);
    expect(visitorAnswer.json()).toEqual({ errorCode: 'document.notFound' });
    expect((await getAs(t.app, visitor, `/download/attachment/${fileId}/1`)).statusCode).toBe(404);
    expect((await getAs(t.app, acmeMember, `/download/image/${fileId}`)).statusCode).toBe(404);
    const memberAnswer = await getAs(t.app, member, `/download/image/${fileId}`);
    expect(memberAnswer.statusCode).toBe(200);
    expect(memberAnswer.rawPayload.equals(PNG)).toBe(true);
    const detail = await getAs(t.app, member, '/nixle/eventSubscription/getNotificationDetail/springfield/party-1');
    expect((detail.json() as { result: EventNotification }).result.attachmentFiles).toEqual([{ fileId, fileName: 'staff-only.png', fileType: 'image/png', image: true }]);

    expect((await publish('DELETE', 'events/staff-party')).statusCode).toBe(200);
    expect((await getAs(t.app, member, `/download/image/${fileId}`)).statusCode).toBe(404);
  });
});

describe('GET /{orgId}/events.ics', () => {
  /** The calendar's components as property maps (lines unfolded, parameters left out, TEXT values unescaped). */
  function parseCalendar(text: string) {
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
    const unescape = (value: string) => value.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, '\n');
    const components: { type: string; properties: Record<string, string> }[] = [];
    const stack: { type: string; properties: Record<string, string> }[] = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line.slice(colon + 1);
      if (name === 'BEGIN') {
        stack.push({ type: value, properties: {} });
      } else if (name === 'END') {
        const done = stack.pop()!;
        expect(done.type).toBe(value);
        components.push(done);
      } else {
        stack.at(-1)!.properties[name] = unescape(value);
      }
    }
    expect(stack).toEqual([]);
    return { lines, components };
  }

  it('answers the public events with a start as iCalendar, each under its UID and linking to its page', async () => {
    expect((await publish('PUT', 'events/undated', { groupName: 'Undated' })).statusCode).toBe(201);
    expect((await publish('PUT', 'events/private-gala', { groupName: 'Private gala', isPrivate: true, eventStartDate: '2026-12-20T18:00:00-06:00' })).statusCode).toBe(201);
    try {
      const response = await t.app.inject({ url: '/springfield/events.ics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
      const { lines, components } = parseCalendar(response.body);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.at(-1)).toBe('END:VCALENDAR');
      const calendar = components.find((component) => component.type === 'VCALENDAR')!;
      expect(calendar.properties).toMatchObject({ VERSION: '2.0', 'X-WR-CALNAME': 'City of Springfield' });

      const vevents = components.filter((component) => component.type === 'VEVENT');
      // One per public event with a start, as the visitor's list has them; never a private one.
      const list = (await postIsLogin('/nixle/eventSubscription/springfield/list', 'false')).json() as EventList;
      const dated = list.events.filter((event) => event.eventSubscriptionWebPage.eventStartDate !== null);
      expect(vevents.map((event) => event.properties.UID).sort()).toEqual(dated.map((event) => `${event.id}@springfield`).sort());
      expect(vevents.map((event) => event.properties.UID)).toEqual(expect.arrayContaining(['marathon-2026@springfield', 'lake-water-main@springfield']));
      expect(new Set(vevents.map((event) => event.properties.UID)).size).toBe(vevents.length);
      expect(response.body).not.toContain('Winter coat drive');
      expect(response.body).not.toContain('Private gala');
      expect(response.body).not.toContain('Undated');
      for (const event of vevents) {
        expect(event.properties.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
        expect(event.properties.DTEND).toMatch(/^\d{8}T\d{6}Z$/);
      }

      const marathon = vevents.find((event) => event.properties.UID === 'marathon-2026@springfield')!;
      expect(marathon.properties).toMatchObject({
        SUMMARY: 'Springfield Marathon 2026', DTSTART: '20261206T130000Z', DTEND: '20261206T190000Z',
        LOCATION: 'Old State Capitol Plaza, Springfield, IL 62701', URL: 'http://localhost/springfield/event?eventId=marathon-2026',
      });
      const lake = vevents.find((event) => event.properties.UID === 'lake-water-main@springfield')!;
      expect(lake.properties).toMatchObject({ SUMMARY: 'Lake Springfield water main repair', URL: 'http://localhost/springfield/event?eventId=lake-water-main' });
    } finally {
      await publish('DELETE', 'events/undated');
      await publish('DELETE', 'events/private-gala');
    }
  });

  it.each([
    ['acme, which shows no events', 'acme', { errorCode: 'events.off' }],
    ['an unknown organisation', 'nowhere', { errorCode: 'org.notFound' }],
  ])('answers 404 for %s', async (_what, orgId, body) => {
    const response = await t.app.inject({ url: `/${orgId}/events.ics` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(body);
  });
});
