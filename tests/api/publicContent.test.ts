/**
 * §7's public content (issue 14, routes/public/content): `GET /rest/notif` (paged by base time),
 * `/rest/notif/page` (by page number, with the count), `/rest/notif/{id}`, the same three under
 * `/rest/weather`, `GET /{orgId}/faqs` and `/{orgId}/overview`, through the real app on the demo's
 * seeded content. What it proves: a walk by base time and id meets every item exactly once, newest
 * first, also where several were sent in the same millisecond (or, for weather alerts, the same
 * second, which is all the list writes); pages and counts; the whole answer of a list, a detail and a
 * refusal; §6 table-driven (a public organisation's content for anyone, a private one's for its
 * signed-in members only, an organisation that does not show it, an unknown one); Cache-Control
 * public or private (with Vary: Cookie); ETag and If-None-Match → 304 without a body; a bad query
 * refused with 400 `request.invalid` and never a 5xx.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationList, NotificationPage, NotificationSummary, WeatherAlertSummary, WeatherList, WeatherPage,
} from '../../schemas/api/publicContent.ts';
import type { WeatherAlertsBody } from '../../schemas/api/publishing.ts';
import { notifications, organizations, weatherAlerts } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { sanitizeAdminHtml } from '../../server/services/pageContent.ts';
import { importWeatherAlerts } from '../../server/services/publishing.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const demoOrg = (orgId: string) =>
  JSON.parse(readFileSync(new URL(`../../server/db/demo/orgs/${orgId}.json`, import.meta.url), 'utf8')) as { content: { faq: string; overview: string } };
const nwsSample = (file: string) => JSON.parse(readFileSync(new URL(`../../server/db/demo/nws/${file}`, import.meta.url), 'utf8')) as WeatherAlertsBody;

/**
 * Who may keep an answer, as its headers say: `public` (a CDN may serve it to anyone) or `private`
 * (this browser only, and only for the same Cookie); never `no-store`. How long is the route's to
 * tune (routes/public/content), so only that a max-age is given is checked.
 */
const cachingOf = (response: LightMyRequestResponse) => {
  const directives = String(response.headers['cache-control'] ?? '').split(/\s*,\s*/);
  return {
    scope: directives.includes('public') ? 'public' : directives.includes('private') ? 'private' : 'none',
    noStore: directives.includes('no-store'),
    maxAge: directives.some((directive) => /^max-age=\d+$/.test(directive)),
    varyCookie: String(response.headers.vary ?? '').split(/\s*,\s*/).some((name) => name.toLowerCase() === 'cookie'),
  };
};
const PUBLIC = { scope: 'public', noStore: false, maxAge: true, varyCookie: false };
const PRIVATE = { scope: 'private', noStore: false, maxAge: true, varyCookie: true };

/** `paused` is public, shows notifications and has none of its own: the paging table's organisation. */
const PAGED_ORG = 'paused';
const T0 = Date.parse('2026-11-27T10:00:00.123Z');
const LONG_MESSAGE = 'Word '.repeat(60).trim();
/** Seven notifications: three sent in one millisecond, two in another. */
const PAGED: { id: string; at: number; priority?: 'Priority'; text?: string; circle?: boolean }[] = [
  { id: 'p-07', at: T0 + 3000, priority: 'Priority', text: LONG_MESSAGE, circle: true },
  { id: 'p-05', at: T0 + 2000 },
  { id: 'p-06', at: T0 + 2000 },
  { id: 'p-04', at: T0 + 2000 },
  { id: 'p-03', at: T0 + 1000 },
  { id: 'p-01', at: T0 },
  { id: 'p-02', at: T0 },
];
/** Newest first; in one millisecond, the greater id first. */
const PAGED_ORDER = ['p-07', 'p-06', 'p-05', 'p-04', 'p-03', 'p-02', 'p-01'];

const summaryOf = (item: (typeof PAGED)[number]): NotificationSummary => ({
  notificationId: item.id,
  title: `Notice ${item.id}`,
  sendDate: item.at,
  priority: item.priority ?? 'NonPriority',
  // A list shows 280 characters at most: 279 and an ellipsis.
  textMessage: item.text ? `${'Word '.repeat(55)}Word…` : `Text of ${item.id}`,
  hasAttachments: false,
  hasAreas: item.circle === true,
});

let campusMember: Member;
let springfieldMember: Member;

beforeAll(async () => {
  for (const item of PAGED) {
    await t.database.db.insert(notifications).values({
      orgId: PAGED_ORG, notificationId: item.id, title: `Notice ${item.id}`, textMessage: item.text ?? `Text of ${item.id}`,
      priority: item.priority ?? 'NonPriority', sendDate: new Date(item.at),
      searchShapes: item.circle ? [{ type: 'Circle', center: [-89.65, 39.8], radius: 500 }] : [],
    });
  }
  // paused shows its weather alerts, FAQ and overview too (the admin's save), and has none of them.
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  const admin = await signInAdmin(t.app);
  const stored = (await t.app.inject({ url: `/admin/api/orgs/${PAGED_ORG}/settings`, headers: { cookie: admin.cookie } })).json();
  const saved = await t.app.inject({
    method: 'PUT', url: `/admin/api/orgs/${PAGED_ORG}/settings`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    payload: { settings: { ...stored.settings, showWeather: true, showFAQs: true, showOverview: true }, settingsVersion: stored.settingsVersion },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  campusMember = await newMember(t.app, t.database.db, 'campus');
  springfieldMember = await newMember(t.app, t.database.db, 'springfield');
});

describe('GET /rest/notif: newest first, paged by base time and id', () => {
  it('answers the first page whole: summaries newest first, the long message cut to 280 characters', async () => {
    const response = await get(`/rest/notif?orgId=${PAGED_ORG}&pageSize=3`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ pageSize: 3, notificationList: ['p-07', 'p-06', 'p-05'].map((id) => summaryOf(PAGED.find((item) => item.id === id)!)) });
    expect((response.json() as NotificationList).notificationList[0]!.textMessage).toHaveLength(280);
  });

  it.each([1, 2, 3, 7, 25])('meets every notification exactly once, newest first, walking pages of %i with baseTime and baseId', async (pageSize) => {
    const seen: string[] = [];
    const pages: string[][] = [];
    let query = '';
    for (let guard = 0; guard < 20; guard++) {
      const response = await get(`/rest/notif?orgId=${PAGED_ORG}&pageSize=${pageSize}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const { notificationList } = response.json() as NotificationList;
      expect(notificationList.length).toBeLessThanOrEqual(pageSize);
      if (notificationList.length === 0) break;
      pages.push(notificationList.map((item) => item.notificationId));
      seen.push(...pages.at(-1)!);
      const last = notificationList.at(-1)!;
      query = `&baseTime=${last.sendDate}&baseId=${encodeURIComponent(last.notificationId)}`;
    }
    expect(seen).toEqual(PAGED_ORDER);
    if (pageSize === 2) expect(pages).toEqual([['p-07', 'p-06'], ['p-05', 'p-04'], ['p-03', 'p-02'], ['p-01']]);
  });

  it('answers, with baseTime alone, what was sent strictly before it', async () => {
    const response = await get(`/rest/notif?orgId=${PAGED_ORG}&baseTime=${T0 + 2000}`);
    expect((response.json() as NotificationList).notificationList.map((item) => item.notificationId)).toEqual(['p-03', 'p-02', 'p-01']);
    expect(response.json().pageSize).toBe(25);
  });

  it('answers an empty list before the first', async () => {
    expect((await get(`/rest/notif?orgId=${PAGED_ORG}&baseTime=${T0}&baseId=p-01`)).json()).toEqual({ pageSize: 25, notificationList: [] });
    expect((await get(`/rest/notif?orgId=${PAGED_ORG}&baseTime=0`)).json()).toEqual({ pageSize: 25, notificationList: [] });
  });

  it('lists springfield\'s twelve demo notifications, newest first (as the seed sent them)', async () => {
    const { notificationList } = (await get('/rest/notif?orgId=springfield')).json() as NotificationList;
    expect(notificationList.map((item) => item.notificationId)).toEqual(Array.from({ length: 12 }, (_, i) => `spfld-2026-0${142 - i}`));
    expect(notificationList.map((item) => item.sendDate)).toEqual([...notificationList.map((item) => item.sendDate)].sort((a, b) => b - a));
    expect(notificationList.filter((item) => item.priority === 'Priority').map((item) => item.notificationId)).toEqual(['spfld-2026-0142', 'spfld-2026-0141', 'spfld-2026-0140']);
    expect(notificationList.filter((item) => item.hasAreas).map((item) => item.notificationId)).toEqual(['spfld-2026-0142', 'spfld-2026-0141', 'spfld-2026-0140']);
  });
});

describe('GET /rest/notif/page: by page number, with the count', () => {
  const ids = (numbers: number[]) => numbers.map((n) => `spfld-2026-0${n}`);
  it.each([
    ['the first page by default (25)', '', 1, 25, ids([142, 141, 140, 139, 138, 137, 136, 135, 134, 133, 132, 131])],
    ['page 1 of 5', '&pageNo=1&pageSize=5', 1, 5, ids([142, 141, 140, 139, 138])],
    ['page 2 of 5', '&pageNo=2&pageSize=5', 2, 5, ids([137, 136, 135, 134, 133])],
    ['page 3 of 5: the last two', '&pageNo=3&pageSize=5', 3, 5, ids([132, 131])],
    ['page 4 of 5: past the end', '&pageNo=4&pageSize=5', 4, 5, []],
    ['page 12 of 1', '&pageNo=12&pageSize=1', 12, 1, ids([131])],
  ])('answers %s', async (_name, query, pageNo, pageSize, expected) => {
    const response = await get(`/rest/notif/page?orgId=springfield${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as NotificationPage;
    expect({ ...page, data: page.data.map((item) => item.notificationId) }).toEqual({ pageNo, pageSize, data: expected, count: 12, message: '' });
  });

  it('answers the same summaries as the list by base time', async () => {
    const page = (await get(`/rest/notif/page?orgId=${PAGED_ORG}&pageSize=7`)).json() as NotificationPage;
    expect(page).toEqual({ pageNo: 1, pageSize: 7, data: PAGED_ORDER.map((id) => summaryOf(PAGED.find((item) => item.id === id)!)), count: 7, message: '' });
  });
});

describe('GET /rest/notif/{id}', () => {
  const rowOf = async (orgId: string, notificationId: string) =>
    (await t.database.db.select().from(notifications).where(and(eq(notifications.orgId, orgId), eq(notifications.notificationId, notificationId))))[0]!;

  it('answers springfield\'s tornado notification whole: its whole message, sanitised HTML, its area', async () => {
    const response = await get('/rest/notif/spfld-2026-0142?orgId=springfield');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      responseCode: 200,
      result: {
        notificationId: 'spfld-2026-0142',
        title: 'Tornado warning: take shelter now',
        sendDate: (await rowOf('springfield', 'spfld-2026-0142')).sendDate.getTime(),
        priority: 'Priority',
        textMessage: 'The National Weather Service has issued a tornado warning for Springfield, Chatham and Rochester until 1:45 PM. Move to a basement or an interior room on the lowest floor now. Stay away from windows. Outdoor warning sirens are sounding.',
        // A link that opens a new tab gets rel="noopener noreferrer" (services/pageContent.ts).
        rtfContent: '<p><strong>Take shelter now.</strong> Move to a basement or an interior room on the lowest floor of a sturdy building. Stay away from windows.</p>'
          + '<p>Public shelters are open at the <a href="https://www.springfield.il.us/" target="_blank" rel="noopener noreferrer">Prairie Capital Convention Center</a> and Lanphier High School.</p>',
        // The documents attached to it are the files library's (its own tests).
        attachmentFiles: expect.any(Array),
        drawPolygonSetting: { searchShapes: [{ type: 'Polygon', coordinates: [[[-89.78, 39.72], [-89.55, 39.72], [-89.55, 39.86], [-89.78, 39.86], [-89.78, 39.72]]] }] },
      },
    });
  });

  it('answers a circle as it was drawn, and a notification without HTML with an empty rtfContent', async () => {
    const { result } = (await get('/rest/notif/spfld-2026-0140?orgId=springfield')).json();
    expect(result.drawPolygonSetting).toEqual({ searchShapes: [{ type: 'Circle', center: [-89.6501, 39.8003], radius: 300 }] });
    expect(result.rtfContent).toBe('');
  });

  it('answers the whole long message that the list cut', async () => {
    const { result } = (await get(`/rest/notif/p-07?orgId=${PAGED_ORG}`)).json();
    expect(result.textMessage).toBe(LONG_MESSAGE);
    expect(result.sendDate).toBe(T0 + 3000);
  });

  it.each([
    ['an id that does not exist', '/rest/notif/spfld-2026-9999?orgId=springfield'],
    ['another organisation\'s notification', '/rest/notif/campus-2026-031?orgId=springfield'],
    ['an id in another case', '/rest/notif/SPFLD-2026-0142?orgId=springfield'],
  ])('answers 404 notification.notFound for %s', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ responseCode: 404, errorCode: 'notification.notFound' });
  });
});

describe('GET /rest/weather: the demo\'s National Weather Service alerts', () => {
  const [TORNADO_ID, THUNDERSTORM_ID] = nwsSample('springfield-storms.json').features.map((feature) => feature.properties.id!);
  const WINTER_ID = nwsSample('springfield-winter-storm.json').features[0]!.properties.id!;
  const storedTimes = async (weatherAlertId: string) => {
    const [row] = await t.database.db.select().from(weatherAlerts).where(and(eq(weatherAlerts.orgId, 'springfield'), eq(weatherAlerts.weatherAlertId, weatherAlertId)));
    return { issuanceTime: row!.issuanceTime.toISOString().slice(0, 19), endTime: row!.endTime!.toISOString().slice(0, 19) };
  };

  it('lists the three alerts newest first, each whole: the storms moved to now (their titles the events), the winter storm as sent', async () => {
    const response = await get('/rest/weather?orgId=springfield');
    expect(response.statusCode, response.body).toBe(200);
    const nwsFacts = { urgency: 'Immediate', certainty: 'Observed', senderName: 'NWS Lincoln IL' };
    expect(response.json()).toEqual({
      pageSize: 25,
      weatherList: [
        {
          weatherAlertId: TORNADO_ID, title: 'Tornado Warning', ...(await storedTimes(TORNADO_ID!)),
          facts: { ...nwsFacts, event: 'Tornado Warning', severity: 'Extreme', areaDesc: 'Sangamon, IL; Menard, IL', instruction: expect.stringMatching(/^TAKE COVER NOW!/) },
        },
        {
          weatherAlertId: THUNDERSTORM_ID, title: 'Severe Thunderstorm Warning', ...(await storedTimes(THUNDERSTORM_ID!)),
          facts: { ...nwsFacts, event: 'Severe Thunderstorm Warning', severity: 'Severe', areaDesc: 'Christian, IL; Sangamon, IL', instruction: expect.stringMatching(/^For your protection/) },
        },
        {
          weatherAlertId: WINTER_ID,
          title: 'Winter Storm Warning issued November 20 at 3:10AM CST until November 21 at 6:00AM CST by NWS Lincoln IL',
          issuanceTime: '2026-11-20T09:10:00',
          endTime: '2026-11-21T12:00:00',
          facts: {
            event: 'Winter Storm Warning', severity: 'Moderate', urgency: 'Expected', certainty: 'Likely', areaDesc: 'Sangamon, IL; Logan, IL; Macon, IL',
            senderName: 'NWS Lincoln IL', headline: 'Winter Storm Warning issued November 20 at 3:10AM CST until November 21 at 6:00AM CST by NWS Lincoln IL',
            instruction: expect.stringMatching(/^If you must travel/),
          },
        },
      ],
    });
    // The storms were sent minutes ago and last a while yet; the winter storm is over.
    const [tornado, thunderstorm, winter] = (response.json() as WeatherList).weatherList.map((item) => ({
      sent: Date.parse(`${item.issuanceTime}Z`), end: Date.parse(`${item.endTime}Z`),
    }));
    expect(Date.now() - tornado!.sent).toBeGreaterThan(9 * 60_000);
    expect(Date.now() - tornado!.sent).toBeLessThan(20 * 60_000);
    expect(tornado!.end).toBeGreaterThan(Date.now());
    expect(tornado!.sent - thunderstorm!.sent).toBe(45 * 60_000);
    expect(winter!.end).toBeLessThan(Date.now());
  });

  it('answers the winter storm whole: no geometry, the points of its three counties from the zone table, the end in the past', async () => {
    const response = await get(`/rest/weather/${encodeURIComponent(WINTER_ID)}?orgId=springfield`);
    expect(response.statusCode, response.body).toBe(200);
    const { properties } = nwsSample('springfield-winter-storm.json').features[0]!;
    expect(response.json()).toEqual({
      responseCode: 200,
      result: {
        weatherAlertId: WINTER_ID,
        title: properties.headline,
        issuanceTime: '2026-11-20T09:10:00',
        endTime: '2026-11-21T12:00:00',
        originalFeed: {
          time: '2026-11-20T09:10:00',
          polygons: [],
          // ILC167 Sangamon, ILC107 Logan, ILC115 Macon (server/db/demo/nws/zones.json).
          points: [[-89.659, 39.758], [-89.367, 40.124], [-88.962, 39.86]],
          feature: {
            geometry: null,
            properties: {
              issuanceTime: '2026-11-20T09:10:00',
              endTime: '2026-11-21T12:00:00',
              textBody: `${properties.description}\n\n${properties.instruction}`,
              event: 'Winter Storm Warning', severity: 'Moderate', urgency: 'Expected', certainty: 'Likely',
              areaDesc: 'Sangamon, IL; Logan, IL; Macon, IL', headline: properties.headline, instruction: properties.instruction, senderName: 'NWS Lincoln IL',
            },
          },
        },
      },
    });
  });

  it('answers the tornado warning with its polygon and no points', async () => {
    const { result } = (await get(`/rest/weather/${encodeURIComponent(TORNADO_ID!)}?orgId=springfield`)).json();
    const sample = nwsSample('springfield-storms.json').features[0]!;
    expect(result.originalFeed.polygons).toEqual([(sample.geometry as { coordinates: unknown[] }).coordinates[0]]);
    expect(result.originalFeed.points).toEqual([]);
    expect(result.originalFeed.feature.geometry).toEqual(sample.geometry);
  });

  it.each([
    ['an id that does not exist', 'urn:oid:2.49.0.1.840.0.0000.001.1', 'springfield'],
    ['springfield\'s alert asked of another organisation', WINTER_ID, PAGED_ORG],
  ])('answers 404 weather.notFound for %s', async (_name, id, orgId) => {
    const response = await get(`/rest/weather/${encodeURIComponent(id)}?orgId=${orgId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ responseCode: 404, errorCode: 'weather.notFound' });
  });

  it('pages springfield\'s alerts by number, with the count', async () => {
    const page = (await get('/rest/weather/page?orgId=springfield&pageNo=2&pageSize=2')).json() as WeatherPage;
    expect({ ...page, data: page.data.map((item) => item.weatherAlertId) }).toEqual({ pageNo: 2, pageSize: 2, data: [WINTER_ID], count: 3, message: '' });
  });

  it('meets every alert exactly once walking by base time as the browser does (from issuanceTime, whole seconds), also alerts sent in one second', async () => {
    // Sent within one second (times with milliseconds), and two more.
    const feature = (id: string, sent: string) => ({ id, type: 'Feature' as const, geometry: null, properties: { id, sent, event: `Alert ${id}` } });
    await importWeatherAlerts(t.database.db, PAGED_ORG, {
      type: 'FeatureCollection',
      features: [
        feature('w-b', '2026-11-28T10:00:00.700Z'), feature('w-a', '2026-11-28T10:00:00.400Z'), feature('w-c', '2026-11-28T10:00:00.000Z'),
        feature('w-d', '2026-11-28T11:00:00Z'), feature('w-e', '2026-11-28T09:59:59.999Z'),
      ],
    });
    const keyOf = (item: WeatherAlertSummary) => `&baseTime=${Date.parse(`${item.issuanceTime}Z`)}&baseId=${encodeURIComponent(item.weatherAlertId)}`;
    for (const pageSize of [1, 2, 3]) {
      const seen: string[] = [];
      let query = '';
      for (let guard = 0; guard < 10; guard++) {
        const { weatherList } = (await get(`/rest/weather?orgId=${PAGED_ORG}&pageSize=${pageSize}${query}`)).json() as WeatherList;
        if (weatherList.length === 0) break;
        seen.push(...weatherList.map((item) => item.weatherAlertId));
        query = keyOf(weatherList.at(-1)!);
      }
      expect(seen, `pages of ${pageSize}`).toEqual(['w-d', 'w-c', 'w-b', 'w-a', 'w-e']);
    }
  });
});

describe('§6: who may read which content', () => {
  type Caller = 'visitor' | 'campus member' | 'springfield member';
  const MEMBERS_ONLY = { responseCode: 403, errorCode: 'content.membersOnly' };
  const OFF = { responseCode: 404, errorCode: 'content.off' };
  const NO_ORG = { errorCode: 'org.notFound' };
  const rows: [string, Caller, string, number, unknown][] = [
    ['springfield\'s notifications (public)', 'visitor', '/rest/notif?orgId=springfield', 200, null],
    ['springfield\'s notification page', 'visitor', '/rest/notif/page?orgId=springfield', 200, null],
    ['a springfield notification', 'visitor', '/rest/notif/spfld-2026-0141?orgId=springfield', 200, null],
    ['springfield\'s weather alerts', 'visitor', '/rest/weather?orgId=springfield', 200, null],
    ['springfield\'s notifications as another organisation\'s member', 'campus member', '/rest/notif?orgId=springfield', 200, null],
    ['campus\'s notifications (private)', 'visitor', '/rest/notif?orgId=campus', 403, MEMBERS_ONLY],
    ['campus\'s notification page', 'visitor', '/rest/notif/page?orgId=campus', 403, MEMBERS_ONLY],
    ['a campus notification', 'visitor', '/rest/notif/campus-2026-031?orgId=campus', 403, MEMBERS_ONLY],
    ['a campus notification that does not exist (nothing told)', 'visitor', '/rest/notif/nothing?orgId=campus', 403, MEMBERS_ONLY],
    ['campus\'s notifications as its signed-in member', 'campus member', '/rest/notif?orgId=campus', 200, null],
    ['a campus notification as its signed-in member', 'campus member', '/rest/notif/campus-2026-031?orgId=campus', 200, null],
    ['campus\'s notifications as springfield\'s member', 'springfield member', '/rest/notif?orgId=campus', 403, MEMBERS_ONLY],
    ['campus\'s weather alerts (not shown)', 'visitor', '/rest/weather?orgId=campus', 404, OFF],
    ['campus\'s weather alerts as its member (not shown)', 'campus member', '/rest/weather?orgId=campus', 404, OFF],
    ['campus\'s FAQ (not shown)', 'visitor', '/campus/faqs', 404, OFF],
    ['acme\'s notifications (not shown)', 'visitor', '/rest/notif?orgId=acme', 404, OFF],
    ['acme\'s notification page (not shown)', 'visitor', '/rest/notif/page?orgId=acme', 404, OFF],
    ['acme\'s weather alert (not shown)', 'visitor', '/rest/weather/x?orgId=acme', 404, OFF],
    ['acme\'s overview (not shown)', 'visitor', '/acme/overview', 404, OFF],
    ['springfield\'s Atom feed', 'visitor', '/springfield/feeds/alerts.atom', 200, null],
    ['campus\'s Atom feed (private)', 'visitor', '/campus/feeds/alerts.atom', 403, MEMBERS_ONLY],
    ['campus\'s Atom feed as its signed-in member', 'campus member', '/campus/feeds/alerts.atom', 200, null],
    ['campus\'s Atom feed as springfield\'s member', 'springfield member', '/campus/feeds/alerts.atom', 403, MEMBERS_ONLY],
    ['acme\'s Atom feed (it shows neither)', 'visitor', '/acme/feeds/alerts.atom', 404, OFF],
    ['an unknown organisation\'s notifications', 'visitor', '/rest/notif?orgId=nowhere', 404, NO_ORG],
    ['an unknown organisation\'s weather alert', 'visitor', '/rest/weather/x?orgId=nowhere', 404, NO_ORG],
    ['an unknown organisation\'s FAQ', 'visitor', '/nowhere/faqs', 404, NO_ORG],
    ['a disabled organisation\'s notifications (dormant)', 'visitor', '/rest/notif?orgId=dormant', 404, NO_ORG],
  ];
  it.each(rows)('%s as %s: %s → %i', async (_name, caller, url, status, body) => {
    const member = caller === 'campus member' ? campusMember : caller === 'springfield member' ? springfieldMember : null;
    const response = member ? await getAs(t.app, member, url) : await get(url);
    expect(response.statusCode, response.body).toBe(status);
    if (body !== null) expect(response.json()).toEqual(body);
  });

  it('answers campus\'s member its two notifications whole', async () => {
    const { notificationList } = (await getAs(t.app, campusMember, '/rest/notif?orgId=campus')).json() as NotificationList;
    expect(notificationList.map(({ sendDate: _sendDate, ...item }) => item)).toEqual([
      {
        notificationId: 'campus-2026-031', title: 'Science Library closed: burst pipe', priority: 'Priority', hasAttachments: false, hasAreas: false,
        textMessage: 'The Science Library is closed until further notice after a burst pipe on the second floor. Study spaces are open in the Student Union, rooms 210 to 240.',
      },
      {
        notificationId: 'campus-2026-030', title: 'Finals week shuttle schedule', priority: 'NonPriority', hasAttachments: false, hasAreas: false,
        textMessage: 'During finals week, the campus shuttle runs every 10 minutes from 7 AM to 2 AM, with a late loop past the residence halls.',
      },
    ]);
  });
});

describe('caching: Cache-Control, Vary and ETag', () => {
  it.each([
    ['a public organisation\'s list', 'visitor', '/rest/notif?orgId=springfield', 200, PUBLIC],
    ['a public organisation\'s weather alert', 'visitor', '/rest/weather/page?orgId=springfield', 200, PUBLIC],
    ['a public organisation\'s missing notification', 'visitor', '/rest/notif/none?orgId=springfield', 404, PUBLIC],
    ['a public organisation\'s FAQ', 'visitor', '/springfield/faqs', 200, PUBLIC],
    ['a private organisation\'s list, to its member', 'member', '/rest/notif?orgId=campus', 200, PRIVATE],
    ['a private organisation\'s notification, to its member', 'member', '/rest/notif/campus-2026-030?orgId=campus', 200, PRIVATE],
    ['a private organisation\'s refusal, to a visitor', 'visitor', '/rest/notif?orgId=campus', 403, PRIVATE],
    ['a private organisation\'s FAQ (anyone may read it)', 'visitor', '/campus/faqs', 404, PUBLIC],
  ] as const)('%s: %s %s → %i', async (_name, caller, url, status, caching) => {
    const response = caller === 'member' ? await getAs(t.app, campusMember, url) : await get(url);
    expect(response.statusCode).toBe(status);
    expect(cachingOf(response)).toEqual(caching);
  });

  it.each([
    ['the list', '/rest/notif?orgId=springfield', null],
    ['the numbered page', '/rest/notif/page?orgId=springfield&pageSize=5', null],
    ['a notification', '/rest/notif/spfld-2026-0142?orgId=springfield', null],
    ['the weather list', '/rest/weather?orgId=springfield', null],
    ['the FAQ', '/springfield/faqs', null],
    ['the overview', '/springfield/overview', null],
    ['a private list to its member', '/rest/notif?orgId=campus', 'member'],
  ])('tags %s with a weak ETag, and answers If-None-Match with it 304 without a body', async (_name, url, caller) => {
    const send = (headers: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { ...(caller === 'member' ? { cookie: campusMember.cookie } : {}), ...headers } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await send({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await send({ 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('changes the ETag when the content changes: the old one then gets the whole new answer', async () => {
    const url = `/rest/notif?orgId=${PAGED_ORG}&pageSize=1`;
    const before = await get(url);
    await t.database.db.insert(notifications).values({
      orgId: PAGED_ORG, notificationId: 'p-99', title: 'Newest', textMessage: 'Newest.', priority: 'NonPriority', sendDate: new Date(T0 + 60_000),
    });
    try {
      const after = await get(url, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((after.json() as NotificationList).notificationList.map((item) => item.notificationId)).toEqual(['p-99']);
    } finally {
      await t.database.db.delete(notifications).where(and(eq(notifications.orgId, PAGED_ORG), eq(notifications.notificationId, 'p-99')));
    }
  });
});

describe('bad queries: 400 request.invalid, never a 5xx', () => {
  it.each([
    ['/rest/notif?orgId=springfield&pageSize=0', 'querystring/pageSize: must be at least 1'],
    ['/rest/notif?orgId=springfield&pageSize=201', 'querystring/pageSize: must be at most 200'],
    ['/rest/notif?orgId=springfield&pageSize=x', 'querystring/pageSize: must be integer'],
    ['/rest/notif?orgId=springfield&pageSize=2.5', 'querystring/pageSize: must be integer'],
    ['/rest/notif?orgId=springfield&baseTime=-1', 'querystring/baseTime: must be at least 0'],
    ['/rest/notif?orgId=springfield&baseTime=soon', 'querystring/baseTime: must be integer'],
    ['/rest/notif?orgId=springfield&baseTime=253402300800000', 'querystring/baseTime: must be at most 253402300799999'],
    ['/rest/notif?orgId=springfield&baseTime=99999999999999999999999', 'querystring/baseTime: must be at most 253402300799999'],
    [`/rest/notif?orgId=springfield&baseTime=1&baseId=${'x'.repeat(301)}`, 'querystring/baseId: must be at most 300 characters long'],
    ['/rest/notif?pageSize=10', 'querystring/orgId: is required'],
    ['/rest/notif/page?orgId=springfield&pageNo=0', 'querystring/pageNo: must be at least 1'],
    ['/rest/notif/page?orgId=springfield&pageNo=100001', 'querystring/pageNo: must be at most 100000'],
    ['/rest/notif/page?orgId=springfield&pageSize=0', 'querystring/pageSize: must be at least 1'],
    [`/rest/notif/${'x'.repeat(101)}?orgId=springfield`, 'params/notificationId: must be at most 100 characters long'],
    ['/rest/weather?orgId=springfield&pageSize=201', 'querystring/pageSize: must be at most 200'],
    ['/rest/weather?orgId=springfield&baseTime=-1', 'querystring/baseTime: must be at least 0'],
    ['/rest/weather/page?orgId=springfield&pageNo=0', 'querystring/pageNo: must be at least 1'],
    ['/rest/weather/x', 'querystring/orgId: is required'],
  ])('%s → %s', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message });
  });

  it.each([
    ['2^31 ms (January 1970)', 2 ** 31, []],
    ['now', Date.now(), PAGED_ORDER],
    ['the last millisecond of 9999', 253_402_300_799_999, PAGED_ORDER],
  ])('takes a base time of %s (epoch milliseconds are far beyond a 32-bit integer)', async (_name, baseTime, expected) => {
    const response = await get(`/rest/notif?orgId=${PAGED_ORG}&baseTime=${baseTime}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as NotificationList).notificationList.map((item) => item.notificationId)).toEqual(expected);
  });
});

describe('GET /{orgId}/faqs and /{orgId}/overview', () => {
  it.each([
    ['faqs', 'faq'],
    ['overview', 'overview'],
  ] as const)('answers springfield\'s %s: the seeded page, sanitised (no script, no handler)', async (path, name) => {
    const response = await get(`/springfield/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    const seeded = demoOrg('springfield').content[name];
    expect(response.json()).toEqual({ [path]: { pageContent: sanitizeAdminHtml(seeded) } });
    // The demo's HTML is clean already: what was sanitised is what was written.
    expect(sanitizeAdminHtml(seeded)).toBe(seeded);
  });

  it.each(['faqs', 'overview'])('answers %s null for an organisation that shows the page and wrote none', async (path) => {
    const response = await get(`/${PAGED_ORG}/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ [path]: null });
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.orgId, PAGED_ORG));
    expect((org!.settings as { showFAQs?: boolean; showOverview?: boolean })[path === 'faqs' ? 'showFAQs' : 'showOverview']).toBe(true);
  });
});
