/**
 * "Would this alert reach me?" (issue 13, beyond the spec): given what a member keeps in the portal
 * and an alert the member describes, which of their paths would carry it, which would hold it back
 * and until when, whether they are subscribed, and which of their places lie in its area. One pure
 * function, the same in the browser (the panel on the subscriptions page) and in the tests.
 *
 * The delivery rules it models (README "Would this alert reach me?"), as mass-notification systems apply them:
 * 1. Subscription. A topic alert reaches members subscribed to its topic (a mandatory topic: every
 *    member); a weather alert those who chose its category. Not subscribed: nothing is sent.
 * 2. Area. An alert for an area reaches a member with a static location inside it, or an expected
 *    location inside it whose stay covers the alert's time. Without such a place: nothing is sent.
 *    An alert without an area is for everyone subscribed.
 * 3. Paths. Each path with a value is used, unless the member switched it off, or it is not
 *    confirmed while the organisation sends only to confirmed paths.
 * 4. Quiet times and do-not-disturb. A path's quiet time covering the alert's time (in the member's
 *    time zone) holds the alert on that path until the quiet time ends; weather do-not-disturb holds
 *    a weather alert on every path until its end hour. A priority alert overrides both.
 */
import type { NoDisturb, QuietTimeFrame } from '../entities.ts';

export interface ReachPath {
  pathId: number;
  name: string;
  value: string;
  pathEnable: boolean;
  confirmed: boolean;
  quietTimeFrames: readonly QuietTimeFrame[];
}

export interface ReachPlace {
  name: string;
  lat: number | null;
  lon: number | null;
  /** An expected location's stay, 'YYYY-MM-DD HH:mm' in the member's zone; absent for a static location. */
  arriveDate?: string;
  expireDate?: string;
}

export interface ReachMember {
  /** IANA zone the member's quiet times are kept in; the device's when the profile has none. */
  timeZone: string;
  paths: readonly ReachPath[];
  /** Organisation setting: paths not confirmed yet still receive alerts. */
  unconfirmedPathsReceive: boolean;
  /** Checked alert topics (leaves, mandatory ones included) and chosen weather categories. */
  serviceIds: readonly number[];
  weatherCategories: readonly string[];
  noDisturb: NoDisturb | null;
  staticLocations: readonly ReachPlace[];
  expectedLocations: readonly ReachPlace[];
}

export interface ReachAlert {
  topic: { kind: 'topic'; serviceId: number } | { kind: 'weather'; category: string };
  priority: boolean;
  /** The instant it is sent. */
  at: Date;
  /** A circle the alert is for; absent: everyone subscribed. */
  area?: { lat: number; lon: number; radiusKm: number };
}

/** A moment of a member's week, in their zone. */
export interface LocalTime {
  /** 1–7, Sunday first (§3 Quiet time days). */
  day: number;
  hour: number;
  minute: number;
}

export type PathOutcome =
  | { outcome: 'sent' }
  | { outcome: 'held'; by: 'quietTime'; quietTime: string; until: LocalTime }
  | { outcome: 'held'; by: 'noDisturb'; until: LocalTime }
  | { outcome: 'off' }
  | { outcome: 'unconfirmed' };

export interface ReachAnswer {
  subscribed: boolean;
  /** Whether the alert's area holds one of the member's places (true without an area). */
  inArea: boolean;
  places: { name: string; kind: 'static' | 'expected'; inside: boolean; current: boolean; distanceKm: number | null }[];
  /** The paths with a value, each with what happens on it; empty when nothing is sent. */
  paths: ({ pathId: number; name: string } & PathOutcome)[];
  /** The alert reaches the member now on at least one path. */
  reachesNow: boolean;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MINUTES_PER_WEEK = 7 * 24 * 60;

/** `at` in `timeZone` as day, hour and minute (Intl: the same answer in the browser and in Node). */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(part('weekday')) + 1, hour: Number(part('hour')) % 24, minute: Number(part('minute')) };
}

/** A local time as minutes since Sunday 00:00. */
const weekMinute = ({ day, hour, minute }: LocalTime) => ((day - 1) * 24 + hour) * 60 + minute;
const fromWeekMinute = (total: number): LocalTime => {
  const m = ((total % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return { day: Math.floor(m / 1440) + 1, hour: Math.floor((m % 1440) / 60), minute: m % 60 };
};

/**
 * The end of the daily window [start, end) that starts on one of `days` and covers `now`, or null.
 * A window whose end is not after its start runs past midnight (equal: the whole day).
 */
function windowEnd(now: LocalTime, days: readonly number[], start: number, end: number): LocalTime | null {
  const length = end > start ? end - start : end + 1440 - start;
  const at = weekMinute(now);
  for (const day of days) {
    const opens = (day - 1) * 1440 + start;
    const since = (((at - opens) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
    if (since < length) return fromWeekMinute(opens + length);
  }
  return null;
}

/** The quiet time of `frames` covering `now`, with its end. */
export function quietTimeAt(frames: readonly QuietTimeFrame[], now: LocalTime): { name: string; until: LocalTime } | null {
  for (const frame of frames) {
    const start = frame.fromHour * 60 + frame.fromMin;
    const end = frame.allDay ? start : frame.toHour * 60 + frame.toMin;
    const until = windowEnd(now, frame.days, start, end);
    if (until) return { name: frame.name, until };
  }
  return null;
}

/** '10:00' + 'PM' → 22 × 60. */
const hourOf = (time: string, meridiem: string) => ((Number(time.slice(0, 2)) % 12) + (meridiem === 'PM' ? 12 : 0)) * 60;

/** §3 no-disturb covering `at` (every day, in its own zone or the member's), with its end. */
export function noDisturbAt(noDisturb: NoDisturb | null, at: Date, memberZone: string): LocalTime | null {
  if (!noDisturb?.checked || !noDisturb.startTime || !noDisturb.endTime) return null;
  const start = hourOf(noDisturb.startTime, noDisturb.startMeridiem);
  const end = hourOf(noDisturb.endTime, noDisturb.endMeridiem);
  if (start === end) return null;
  return windowEnd(localTime(at, noDisturb.timeZoneId || memberZone), [1, 2, 3, 4, 5, 6, 7], start, end);
}

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 'YYYY-MM-DD HH:mm' as a comparable number of the member's local calendar. */
const stamp = (value: string) => Number(value.replace(/\D/g, '').slice(0, 12));

/** The local 'YYYY-MM-DD HH:mm' of `at` in `timeZone`. */
function localStamp(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return stamp(`${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}`);
}

export function alertReach(member: ReachMember, alert: ReachAlert): ReachAnswer {
  const subscribed = alert.topic.kind === 'topic'
    ? member.serviceIds.includes(alert.topic.serviceId)
    : member.weatherCategories.includes(alert.topic.category);

  const now = localStamp(alert.at, member.timeZone);
  const placeOf = (place: ReachPlace, kind: 'static' | 'expected') => {
    const point = place.lat !== null && place.lon !== null ? { lat: place.lat, lon: place.lon } : null;
    const current = kind === 'static' || (place.arriveDate !== undefined && place.expireDate !== undefined
      && stamp(place.arriveDate) <= now && now < stamp(place.expireDate));
    const distance = point && alert.area ? distanceKm(alert.area, point) : null;
    return { name: place.name, kind, inside: distance !== null && distance <= alert.area!.radiusKm, current, distanceKm: distance };
  };
  const places = [...member.staticLocations.map((p) => placeOf(p, 'static')), ...member.expectedLocations.map((p) => placeOf(p, 'expected'))];
  const inArea = !alert.area || places.some((place) => place.inside && place.current);

  if (!subscribed || !inArea) return { subscribed, inArea, places, paths: [], reachesNow: false };

  const local = localTime(alert.at, member.timeZone);
  const dnd = alert.topic.kind === 'weather' && !alert.priority ? noDisturbAt(member.noDisturb, alert.at, member.timeZone) : null;
  const paths = member.paths.filter((path) => path.value.trim() !== '').map((path): { pathId: number; name: string } & PathOutcome => {
    const named = { pathId: path.pathId, name: path.name };
    if (!path.pathEnable) return { ...named, outcome: 'off' };
    if (!path.confirmed && !member.unconfirmedPathsReceive) return { ...named, outcome: 'unconfirmed' };
    if (dnd) return { ...named, outcome: 'held', by: 'noDisturb', until: dnd };
    const quiet = alert.priority ? null : quietTimeAt(path.quietTimeFrames, local);
    return quiet ? { ...named, outcome: 'held', by: 'quietTime', quietTime: quiet.name, until: quiet.until } : { ...named, outcome: 'sent' };
  });
  return { subscribed, inArea, places, paths, reachesNow: paths.some((path) => path.outcome === 'sent') };
}
