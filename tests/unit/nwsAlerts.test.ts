/**
 * The weather-alert rules of issue 14 (schemas/rules/nwsAlerts.ts), table-driven on the project's own
 * api.weather.gov samples (server/db/demo/nws/): how an alert becomes §3's weather alert (title from
 * the headline else the event, end from `ends` else `expires`, times to the whole second, the outer
 * rings of a Polygon and a MultiPolygon, the zones' points only for an alert without a geometry, the
 * text body as description then instruction), §4's "expired when endTime (UTC) is earlier than now"
 * at its edges, §9's 41-point circle of about 5 km, and §5's affected areas after "INCLUDING THE
 * CIT…OF".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../schemas/api/publicContent.ts';
import {
  affectedAreasOf, circleAround, isWeatherAlertExpired, utcWithoutZ, weatherAlertOf, WEATHER_CIRCLE_POINTS, type NwsAlertFeature,
} from '../../schemas/rules/nwsAlerts.ts';

const sample = (file: string) =>
  (JSON.parse(readFileSync(new URL(`../../server/db/demo/nws/${file}`, import.meta.url), 'utf8')) as { features: NwsAlertFeature[] }).features;
const [TORNADO, THUNDERSTORM] = sample('springfield-storms.json') as [NwsAlertFeature, NwsAlertFeature];
const [WINTER_STORM] = sample('springfield-winter-storm.json') as [NwsAlertFeature];

/** The sample with its properties changed (null removes one). */
const changed = (feature: NwsAlertFeature, properties: Record<string, unknown>, geometry: NwsAlertFeature['geometry'] = feature.geometry): NwsAlertFeature => ({
  ...feature,
  geometry,
  properties: Object.fromEntries(Object.entries({ ...feature.properties, ...properties }).filter(([, value]) => value !== undefined)) as unknown as NwsAlertFeature['properties'],
});

/** A zone table of the test's own: two of the winter storm's three counties. */
const ZONES: Record<string, Position> = { ILC167: [-89.659, 39.758], ILC115: [-88.962, 39.86] };
const zonePoint = (ugc: string) => ZONES[ugc] ?? null;

/** Great-circle distance in km (mean Earth radius). */
function distanceKm([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

const RING_A: Position[] = [[-89.8, 39.6], [-89.5, 39.6], [-89.5, 39.9], [-89.8, 39.6]];
const HOLE_A: Position[] = [[-89.7, 39.65], [-89.6, 39.65], [-89.6, 39.7], [-89.7, 39.65]];
const RING_B: Position[] = [[-89.2, 39.4], [-89.0, 39.4], [-89.0, 39.5], [-89.2, 39.4]];

describe('weatherAlertOf on the samples', () => {
  it('keeps the tornado warning as §3 writes a weather alert: its id, headline, times in UTC without Z, its polygon and no points', () => {
    const alert = weatherAlertOf(TORNADO, zonePoint);
    const { properties } = TORNADO;
    expect(alert).toEqual({
      weatherAlertId: 'urn:oid:2.49.0.1.840.0.5a1c2f3e4d5b6a7980c1d2e3f4a5b6c7d8e9f0a1.001.1',
      title: 'Tornado Warning issued November 28 at 1:05PM CST until November 28 at 1:45PM CST by NWS Lincoln IL',
      issuanceTime: new Date('2026-11-28T19:05:00Z'),
      endTime: new Date('2026-11-28T19:45:00Z'),
      originalFeed: {
        time: '2026-11-28T19:05:00',
        polygons: [(TORNADO.geometry as { coordinates: Position[][] }).coordinates[0]],
        points: [],
        feature: {
          geometry: TORNADO.geometry,
          properties: {
            issuanceTime: '2026-11-28T19:05:00',
            endTime: '2026-11-28T19:45:00',
            textBody: `${properties.description}\n\n${properties.instruction}`,
            event: 'Tornado Warning',
            severity: properties.severity,
            urgency: properties.urgency,
            certainty: properties.certainty,
            areaDesc: properties.areaDesc,
            headline: properties.headline,
            instruction: properties.instruction,
            senderName: properties.senderName,
          },
        },
      },
    });
    // What api.weather.gov sends besides (affectedZones, parameters, references…) is not kept.
    expect(Object.keys(alert.originalFeed.feature.properties).sort())
      .toEqual(['areaDesc', 'certainty', 'endTime', 'event', 'headline', 'instruction', 'issuanceTime', 'senderName', 'severity', 'textBody', 'urgency']);
  });

  it('gives the winter storm, which has no geometry, the points of the counties it names that the zone table knows', () => {
    expect(WINTER_STORM.geometry).toBeNull();
    expect(WINTER_STORM.properties.geocode?.UGC).toEqual(['ILC167', 'ILC107', 'ILC115']);
    const alert = weatherAlertOf(WINTER_STORM, zonePoint);
    expect(alert.originalFeed.polygons).toEqual([]);
    expect(alert.originalFeed.points).toEqual([ZONES.ILC167, ZONES.ILC115]);
    expect(alert.originalFeed.feature.geometry).toBeNull();
    expect(alert.endTime).toEqual(new Date('2026-11-21T12:00:00Z'));
    expect(alert.originalFeed.feature.properties.endTime).toBe('2026-11-21T12:00:00');
  });

  it('gives no points without a zone table', () => {
    expect(weatherAlertOf(WINTER_STORM).originalFeed.points).toEqual([]);
  });

  it('gives an alert with a geometry no points, whatever counties it names', () => {
    expect(TORNADO.properties.geocode?.UGC).toContain('ILC167');
    expect(weatherAlertOf(TORNADO, zonePoint).originalFeed.points).toEqual([]);
  });

  type Row = [string, Record<string, unknown>, { title?: string; endTime?: Date | null; textBody?: string; weatherAlertId?: string }];
  const rows: Row[] = [
    ['the headline as the title', {}, { title: TORNADO.properties.headline! }],
    ['the event as the title when the headline is null', { headline: null }, { title: 'Tornado Warning' }],
    ['the event as the title when there is no headline', { headline: undefined }, { title: 'Tornado Warning' }],
    ['the event as the title when the headline is blank', { headline: '   ' }, { title: 'Tornado Warning' }],
    ['the end from `ends` before `expires`', { ends: '2026-11-28T14:00:00-06:00', expires: '2026-11-28T13:30:00-06:00' }, { endTime: new Date('2026-11-28T20:00:00Z') }],
    ['the end from `expires` when `ends` is null', { ends: null, expires: '2026-11-28T13:30:00-06:00' }, { endTime: new Date('2026-11-28T19:30:00Z') }],
    ['the end from `expires` when there is no `ends`', { ends: undefined, expires: '2026-11-28T13:30:00-06:00' }, { endTime: new Date('2026-11-28T19:30:00Z') }],
    ['no end without either', { ends: null, expires: null }, { endTime: null }],
    ['the text body: description, a blank line, instruction', { description: 'D.', instruction: 'I.' }, { textBody: 'D.\n\nI.' }],
    ['the text body: the description alone when there is no instruction', { description: 'D.', instruction: null }, { textBody: 'D.' }],
    ['the text body: the instruction alone when the description is blank', { description: ' ', instruction: 'I.' }, { textBody: 'I.' }],
    ['the text body: empty without either', { description: null, instruction: undefined }, { textBody: '' }],
    ['the id of the properties', {}, { weatherAlertId: TORNADO.properties.id! }],
    ['the feature\'s id when the properties have none', { id: undefined }, { weatherAlertId: TORNADO.id }],
  ];
  it.each(rows)('takes %s', (_name, properties, expected) => {
    const alert = weatherAlertOf(changed(TORNADO, properties));
    const got = {
      title: alert.title, endTime: alert.endTime, textBody: alert.originalFeed.feature.properties.textBody, weatherAlertId: alert.weatherAlertId,
    };
    expect(got).toMatchObject(expected);
    if ('endTime' in expected) expect(alert.originalFeed.feature.properties.endTime).toBe(expected.endTime ? utcWithoutZ(expected.endTime) : null);
  });

  it('keeps times to the whole second, as the answers write them (so a list\'s issuanceTime is the next page\'s exact base time)', () => {
    const alert = weatherAlertOf(changed(TORNADO, { sent: '2026-11-28T13:05:00.999-06:00', ends: null, expires: '2026-11-28T13:45:30.5-06:00' }));
    expect(alert.issuanceTime).toEqual(new Date('2026-11-28T19:05:00.000Z'));
    expect(alert.endTime).toEqual(new Date('2026-11-28T19:45:30.000Z'));
    expect(alert.originalFeed.time).toBe(utcWithoutZ(alert.issuanceTime));
    expect(alert.originalFeed.feature.properties).toMatchObject({ issuanceTime: '2026-11-28T19:05:00', endTime: '2026-11-28T19:45:30' });
  });

  it.each([
    ['a Polygon: its outer ring only (the hole is not an area)', { type: 'Polygon', coordinates: [RING_A, HOLE_A] }, [RING_A]],
    ['a MultiPolygon: the outer ring of each polygon', { type: 'MultiPolygon', coordinates: [[RING_A, HOLE_A], [RING_B]] }, [RING_A, RING_B]],
  ] as [string, NonNullable<NwsAlertFeature['geometry']>, Position[][]][])('takes the polygons of %s, and no points', (_name, geometry, polygons) => {
    const alert = weatherAlertOf(changed(WINTER_STORM, {}, geometry), zonePoint);
    expect(alert.originalFeed.polygons).toEqual(polygons);
    expect(alert.originalFeed.points).toEqual([]);
    expect(alert.originalFeed.feature.geometry).toEqual(geometry);
  });
});

describe('utcWithoutZ', () => {
  it.each([
    ['2026-11-28T13:05:00-06:00', '2026-11-28T19:05:00'],
    ['2026-11-28T23:30:59.999Z', '2026-11-28T23:30:59'],
    ['2026-12-31T20:00:00-05:00', '2027-01-01T01:00:00'],
  ])('writes %s as %s', (time, written) => {
    expect(utcWithoutZ(new Date(time))).toBe(written);
  });
});

describe('isWeatherAlertExpired (§4: expired when endTime, UTC, is earlier than now)', () => {
  const NOW = new Date('2026-11-28T19:05:00.000Z');
  it.each([
    ['no end', null, false],
    ['an end a second ago', '2026-11-28T19:04:59', true],
    ['an end a week ago (the winter storm)', '2026-11-21T12:00:00', true],
    ['an end a second ahead', '2026-11-28T19:05:01', false],
    ['an end next year', '2027-01-01T00:00:00', false],
    ['an end exactly now (not earlier)', '2026-11-28T19:05:00', false],
  ] as [string, string | null, boolean][])('%s: %s', (_name, endTime, expired) => {
    expect(isWeatherAlertExpired(endTime, NOW)).toBe(expired);
  });

  it('reads the end as UTC in any time zone of the machine (the Z is added, not the local offset)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Chicago';
    try {
      // Read as Chicago's local time, 19:00 would be 01:00 UTC the next day, and not expired.
      expect(new Date('2026-11-28T19:00:00').getTime()).toBeGreaterThan(NOW.getTime());
      expect(isWeatherAlertExpired('2026-11-28T19:00:00', NOW)).toBe(true);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('circleAround (§9: 41 points, about 5 km)', () => {
  it.each([
    ['springfield', [-89.6437, 39.8017]],
    ['the equator', [0, 0]],
    ['far north (Tromsø)', [18.9553, 69.6492]],
    ['the southern hemisphere and the date line', [179.9, -36.85]],
  ] as [string, Position][])('draws a closed ring of 41 points, each 5 km from the centre within 1 %%, around %s', (_name, centre) => {
    const ring = circleAround(centre);
    expect(ring).toHaveLength(WEATHER_CIRCLE_POINTS);
    expect(WEATHER_CIRCLE_POINTS).toBe(41);
    expect(ring[40]).toEqual(ring[0]);
    for (const point of ring) expect(Math.abs(distanceKm(centre, point) - 5) / 5).toBeLessThan(0.01);
    // Forty different points (the 41st closes the ring), going round once.
    expect(new Set(ring.slice(0, 40).map((point) => point.join(','))).size).toBe(40);
  });

  it('takes another radius and number of points', () => {
    const ring = circleAround([-89.6437, 39.8017], 1, 9);
    expect(ring).toHaveLength(9);
    expect(ring[8]).toEqual(ring[0]);
    for (const point of ring) expect(Math.abs(distanceKm([-89.6437, 39.8017], point) - 1)).toBeLessThan(0.01);
  });
});

describe('affectedAreasOf (§5: the places after "INCLUDING THE CIT…OF")', () => {
  const textOf = (feature: NwsAlertFeature) => weatherAlertOf(feature).originalFeed.feature.properties.textBody;
  it.each([
    ['the tornado sample (a list over two lines, then the instruction)', textOf(TORNADO), ['SPRINGFIELD', 'CHATHAM', 'ROCHESTER', 'LELAND GROVE', 'JEROME']],
    ['the tornado sample\'s description alone', TORNADO.properties.description!, ['SPRINGFIELD', 'CHATHAM', 'ROCHESTER', 'LELAND GROVE', 'JEROME']],
    ['the thunderstorm sample ("AND" at the end of a line)', textOf(THUNDERSTORM), ['TAYLORVILLE', 'PAWNEE', 'EDINBURG']],
    ['the winter storm sample, which names no city', textOf(WINTER_STORM), []],
    ['a text without the phrase', 'HAZARD...60 mph wind gusts.\n\nIMPACT...Hail damage to vehicles is expected.', []],
    ['an empty text', '', []],
    ['one city', 'INCLUDING THE CITY OF DECATUR.', ['DECATUR']],
    ['one city without a full stop', 'INCLUDING THE CITY OF DECATUR', ['DECATUR']],
    ['a list ended by a blank line', 'INCLUDING THE CITIES OF...DECATUR AND\nMOUNT ZION\n\nPRECAUTIONARY/PREPAREDNESS ACTIONS...', ['DECATUR', 'MOUNT ZION']],
    ['a name with a dot in it', 'INCLUDING THE CITIES OF...ST. LOUIS...CLAYTON AND FERGUSON.\n\nTake cover.', ['ST. LOUIS', 'CLAYTON', 'FERGUSON']],
    ['commas and lower case', 'including the cities of Springfield, Chatham and Rochester.', ['Springfield', 'Chatham', 'Rochester']],
  ])('%s', (_name, text, places) => {
    expect(affectedAreasOf(text)).toEqual(places);
  });
});
