/**
 * A National Weather Service alert (a GeoJSON Feature of api.weather.gov's `/alerts`, CAP 1.2 in
 * JSON) as the portal keeps it (§3 Weather alert): its id, headline, issuance and end times (UTC
 * without the Z, as §3 writes them) and the originalFeed the detail page draws. Pure: the importer
 * (scripts/importNws.ts) and the publishing API (routes/publishing) share it.
 */
import type { AlertGeometry, OriginalFeed, Position } from '../api/publicContent.ts';

/** The properties of an alert the portal reads; api.weather.gov sends many more, which are kept out. */
export interface NwsAlertProperties {
  id?: string;
  sent: string;
  effective?: string;
  onset?: string | null;
  expires?: string | null;
  ends?: string | null;
  status?: string;
  messageType?: string;
  event: string;
  headline?: string | null;
  description?: string | null;
  instruction?: string | null;
  severity?: string;
  urgency?: string;
  certainty?: string;
  areaDesc?: string;
  senderName?: string;
  geocode?: { UGC?: string[]; SAME?: string[] };
}

export interface NwsAlertFeature {
  id: string;
  type: 'Feature';
  geometry: AlertGeometry;
  properties: NwsAlertProperties;
}

/** The alert as stored (repositories/publicContent.ts). */
export interface WeatherAlertRecord {
  weatherAlertId: string;
  title: string;
  issuanceTime: Date;
  endTime: Date | null;
  originalFeed: OriginalFeed;
}

/** §3 "UTC without Z": 2026-11-28T05:00:00. */
export function utcWithoutZ(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The outer rings of the alert's polygons. */
function polygonsOf(geometry: AlertGeometry): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return geometry.coordinates.slice(0, 1);
  return geometry.coordinates.map((polygon) => polygon[0]!).filter(Boolean);
}

/** `time` (RFC 3339) to the whole second before it. */
const toWholeSecond = (time: string) => new Date(Math.floor(Date.parse(time) / 1000) * 1000);

/**
 * The alert as the portal keeps it. `zonePoint` gives the centre of a forecast zone or county (UGC
 * code, e.g. ILZ051) for an alert without a geometry; an unknown zone is left out. The end is the
 * event's end (`ends`) when the service gives one, else the message's expiry (`expires`).
 * Times are kept to the whole second, as the answers write them (utcWithoutZ): the list's
 * `issuanceTime` is then exactly the base time of the page after it (§7 baseTime).
 */
export function weatherAlertOf(feature: NwsAlertFeature, zonePoint: (ugc: string) => Position | null = () => null): WeatherAlertRecord {
  const { properties } = feature;
  const issuance = toWholeSecond(properties.sent);
  const endText = properties.ends ?? properties.expires ?? null;
  const end = endText ? toWholeSecond(endText) : null;
  const polygons = polygonsOf(feature.geometry);
  const points = polygons.length
    ? []
    : (properties.geocode?.UGC ?? []).map(zonePoint).filter((point): point is Position => point !== null);
  const textBody = [properties.description, properties.instruction].filter((part): part is string => Boolean(part?.trim())).join('\n\n');
  const facts = Object.fromEntries(
    (['event', 'severity', 'urgency', 'certainty', 'areaDesc', 'headline', 'instruction', 'senderName'] as const)
      .map((name) => [name, properties[name]])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return {
    weatherAlertId: properties.id ?? feature.id,
    title: properties.headline?.trim() || properties.event,
    issuanceTime: issuance,
    endTime: end,
    originalFeed: {
      time: utcWithoutZ(issuance),
      polygons,
      points,
      feature: {
        geometry: feature.geometry,
        properties: { issuanceTime: utcWithoutZ(issuance), endTime: end ? utcWithoutZ(end) : null, textBody, ...facts },
      },
    },
  };
}

/** §4 "Weather alert expired when endTime (UTC) is earlier than now". */
export function isWeatherAlertExpired(endTime: string | null, now: Date): boolean {
  return endTime !== null && new Date(`${endTime}Z`).getTime() < now.getTime();
}

/**
 * §9 "Weather circle 41 points, radius about 5 km": the ring drawn around a point the alert names
 * without an area, as [lon, lat] (closed: the 41st point is the first).
 */
export const WEATHER_CIRCLE_POINTS = 41;
export const WEATHER_CIRCLE_RADIUS_KM = 5;

export function circleAround([lon, lat]: Position, radiusKm = WEATHER_CIRCLE_RADIUS_KM, points = WEATHER_CIRCLE_POINTS): Position[] {
  const latDegrees = radiusKm / 111.32;
  const lonDegrees = radiusKm / (111.32 * Math.cos((lat * Math.PI) / 180));
  return Array.from({ length: points }, (_, index) => {
    const angle = (2 * Math.PI * (index % (points - 1))) / (points - 1);
    return [lon + lonDegrees * Math.cos(angle), lat + latDegrees * Math.sin(angle)] as Position;
  });
}

/**
 * §5 "Weather affected areas parsed from text after 'INCLUDING THE CIT...OF'": the places a warning
 * names ("...INCLUDING THE CITIES OF...SPRINGFIELD...CHATHAM...\nROCHESTER AND JEROME."), in the
 * order given; none when the text names none. The list may wrap over lines (after an ellipsis or
 * between two names); it ends at a full stop that ends its line (one dot: an ellipsis only
 * separates names, and "ST. LOUIS" goes on), at a blank line, or at the end of the text.
 */
export function affectedAreasOf(textBody: string): string[] {
  const match = /INCLUDING THE CIT(?:Y|IES)\s+OF[\s.]*([\s\S]*?)(?:(?<!\.)\.(?!\.)[ \t]*(?:\r?\n|$)|\r?\n[ \t]*\r?\n|$)/i.exec(textBody);
  if (!match?.[1]) return [];
  return match[1]
    .split(/\.{2,}|,|\s+AND\s+/i)
    .map((place) => place.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, 100);
}

/**
 * The National Weather Service's text as a page shows it: its lines are broken at about 70
 * characters for teletype, which on a phone breaks mid-sentence; a single line break is a space, a
 * blank line still parts paragraphs.
 */
export function readableText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/([^\n])\n(?=[^\n])/g, '$1 ').replace(/[ \t]{2,}/g, ' ').trim();
}
