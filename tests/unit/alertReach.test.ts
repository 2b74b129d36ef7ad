/**
 * "Would this alert reach me?" (schemas/rules/alertReach.ts), table-driven over one member of
 * springfield in Chicago's zone: the delivery rules the README states (subscription, area, paths,
 * quiet times and do-not-disturb, priority overriding both), with times across midnight, the week's
 * end and an expected location's stay.
 */
import { describe, expect, it } from 'vitest';
import { alertReach, distanceKm, localTime, quietTimeAt, type ReachAlert, type ReachMember } from '../../schemas/rules/alertReach.ts';

const NIGHT = { name: 'Night', days: [1, 2, 3, 4, 5, 6, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 };
const MEMBER: ReachMember = {
  timeZone: 'America/Chicago',
  paths: [
    { pathId: 1, name: 'Work Email', value: 'dana@example.org', pathEnable: true, confirmed: true, quietTimeFrames: [] },
    { pathId: 2, name: 'SMS', value: '2175550123', pathEnable: true, confirmed: true, quietTimeFrames: [NIGHT] },
    { pathId: 3, name: 'Mobile Phone', value: '2175550188', pathEnable: false, confirmed: true, quietTimeFrames: [] },
    { pathId: 5, name: 'Pager', value: '2175550199', pathEnable: true, confirmed: false, quietTimeFrames: [] },
    { pathId: 6, name: 'Fax', value: '', pathEnable: false, confirmed: true, quietTimeFrames: [] },
  ],
  unconfirmedPathsReceive: false,
  serviceIds: [100, 121],
  weatherCategories: ['TOR'],
  noDisturb: { checked: true, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM', timeZoneId: '' },
  staticLocations: [{ name: 'Home', lat: 39.8017, lon: -89.6437 }],
  expectedLocations: [{ name: 'Conference', lat: 41.8781, lon: -87.6298, arriveDate: '2026-12-01 09:00', expireDate: '2026-12-03 18:00' }],
};

// Tuesday 1 December 2026, 22:30 in Chicago (UTC-6), and Wednesday noon.
const LATE = new Date('2026-12-02T04:30:00Z');
const NOON = new Date('2026-12-02T18:00:00Z');
const topic = (serviceId: number) => ({ kind: 'topic', serviceId }) as const;
const weather = (category: string) => ({ kind: 'weather', category }) as const;

type Row = [string, Partial<ReachMember>, ReachAlert, Record<string, string>, boolean];
const rows: Row[] = [
  ['a subscribed topic at noon: sent on every path in use', {}, { topic: topic(121), priority: false, at: NOON },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['at 22:30 the SMS quiet time holds it until 07:00', {}, { topic: topic(121), priority: false, at: LATE },
    { 'Work Email': 'sent', SMS: 'held quietTime Night until 4 07:00', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['a priority alert overrides the quiet time', {}, { topic: topic(121), priority: true, at: LATE },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['a topic not subscribed: nothing', {}, { topic: topic(122), priority: true, at: NOON }, {}, false],
  ['a weather alert of a chosen category at 22:30: do-not-disturb holds it everywhere until 06:00', {}, { topic: weather('TOR'), priority: false, at: LATE },
    { 'Work Email': 'held noDisturb until 4 06:00', SMS: 'held noDisturb until 4 06:00', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, false],
  ['a priority weather alert overrides do-not-disturb and the quiet time', {}, { topic: weather('TOR'), priority: true, at: LATE },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['a weather alert at noon is sent', {}, { topic: weather('TOR'), priority: false, at: NOON },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['a weather category not chosen: nothing', {}, { topic: weather('SVR'), priority: false, at: NOON }, {}, false],
  ['do-not-disturb off: the quiet time still holds the SMS', { noDisturb: { ...MEMBER.noDisturb!, checked: false } },
    { topic: weather('TOR'), priority: false, at: LATE }, { 'Work Email': 'sent', SMS: 'held quietTime Night until 4 07:00', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['do-not-disturb in its own zone (New York: 23:30, still inside)', { noDisturb: { ...MEMBER.noDisturb!, timeZoneId: 'America/New_York' } },
    { topic: weather('TOR'), priority: false, at: LATE }, { 'Work Email': 'held noDisturb until 4 06:00', SMS: 'held noDisturb until 4 06:00', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, false],
  ['unconfirmed paths receive where the organisation says so', { unconfirmedPathsReceive: true }, { topic: topic(121), priority: false, at: NOON },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'sent' }, true],
  ['an area around home (5 km)', {}, { topic: topic(121), priority: false, at: NOON, area: { lat: 39.78, lon: -89.65, radiusKm: 5 } },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['an area around the conference during the stay', {}, { topic: topic(121), priority: false, at: NOON, area: { lat: 41.88, lon: -87.63, radiusKm: 10 } },
    { 'Work Email': 'sent', SMS: 'sent', 'Mobile Phone': 'off', Pager: 'unconfirmed' }, true],
  ['an area around the conference after the stay: nothing', {}, { topic: topic(121), priority: false, at: new Date('2026-12-05T18:00:00Z'), area: { lat: 41.88, lon: -87.63, radiusKm: 10 } }, {}, false],
  ['an area far from every place: nothing', {}, { topic: topic(100), priority: true, at: NOON, area: { lat: 39.74, lon: -104.99, radiusKm: 50 } }, {}, false],
];

const pad = (n: number) => String(n).padStart(2, '0');
const outcomes = (answer: ReturnType<typeof alertReach>) => Object.fromEntries(answer.paths.map((path) => [path.name,
  path.outcome === 'held'
    ? `held ${path.by}${path.by === 'quietTime' ? ` ${path.quietTime}` : ''} until ${path.until.day} ${pad(path.until.hour)}:${pad(path.until.minute)}`
    : path.outcome]));

describe('would this alert reach me', () => {
  it.each(rows)('%s', (_name, changes, alert, expected, reachesNow) => {
    const answer = alertReach({ ...MEMBER, ...changes }, alert);
    expect(outcomes(answer)).toEqual(expected);
    expect(answer.reachesNow).toBe(reachesNow);
  });

  it('says which places are in the area and whether a stay is current', () => {
    const answer = alertReach(MEMBER, { topic: topic(121), priority: false, at: NOON, area: { lat: 41.88, lon: -87.63, radiusKm: 10 } });
    expect(answer.places.map(({ name, kind, inside, current }) => [name, kind, inside, current])).toEqual([
      ['Home', 'static', false, true], ['Conference', 'expected', true, true],
    ]);
    expect(answer.places[0]!.distanceKm).toBeGreaterThan(250);
  });

  it('reads local time in the member\'s zone, Sunday as day 1', () => {
    expect(localTime(LATE, 'America/Chicago')).toEqual({ day: 3, hour: 22, minute: 30 });
    expect(localTime(LATE, 'Europe/Berlin')).toEqual({ day: 4, hour: 5, minute: 30 });
    expect(localTime(new Date('2026-11-29T12:00:00Z'), 'UTC')).toEqual({ day: 1, hour: 12, minute: 0 });
  });

  // [what, frame, local time, the quiet time's end or null]
  const frames: [string, object, [number, number, number], string | null][] = [
    ['inside a daytime frame', { days: [2], fromHour: 9, fromMin: 0, toHour: 17, toMin: 30 }, [2, 12, 0], '2 17:30'],
    ['at its end: outside', { days: [2], fromHour: 9, fromMin: 0, toHour: 17, toMin: 30 }, [2, 17, 30], null],
    ['another day: outside', { days: [2], fromHour: 9, fromMin: 0, toHour: 17, toMin: 30 }, [3, 12, 0], null],
    ['after midnight of a frame begun the evening before', { days: [7], fromHour: 22, fromMin: 0, toHour: 6, toMin: 0 }, [1, 2, 0], '1 06:00'],
    ['all day (end equal start)', { days: [4], fromHour: 0, fromMin: 0, toHour: 0, toMin: 0, allDay: true }, [4, 23, 59], '5 00:00'],
  ];
  it.each(frames)('quiet time: %s', (_what, frame, [day, hour, minute], until) => {
    const found = quietTimeAt([{ name: 'Q', ...frame } as never], { day, hour, minute });
    expect(found ? `${found.until.day} ${pad(found.until.hour)}:${pad(found.until.minute)}` : null).toBe(until);
  });

  it('measures great-circle distance (Springfield to Chicago about 290 km)', () => {
    expect(distanceKm({ lat: 39.8017, lon: -89.6437 }, { lat: 41.8781, lon: -87.6298 })).toBeCloseTo(284, -1);
  });
});
