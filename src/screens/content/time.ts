/**
 * How the public content says when (issue 14): in the member's time zone (their account's), a
 * visitor's device's otherwise; §9 "comms/notification display YYYY-MM-DD HH:mm:ss", and the relative
 * age of §2/§9 (schemas/rules/relativeAge.ts) in the page's language.
 */
import { htmlLang } from '../../../schemas/languages.ts';
import { relativeAgeOf } from '../../../schemas/rules/relativeAge.ts';
import { isTimeZone } from '../../../schemas/timeZones.ts';

/** The zone to show times in: the given one (an account's, an event's) when the runtime knows it, else the device's. */
export function displayZone(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's short name at that moment in the page's language ("CST", "GMT-6"), so that a time is never ambiguous. */
export function zoneName(ms: number, zone: string, language: string): string {
  return new Intl.DateTimeFormat(htmlLang(language), { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** §9 'YYYY-MM-DD HH:mm:ss' in `zone`, followed by the zone's short name. */
export function formatSendDate(ms: number, zone: string, language: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zoneName(ms, zone, language)}`;
}

/** "Nov 28, 2026, 4:23 AM" in the page's language and the device's zone (a file's date, when a copy was fetched). */
export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** "25 minutes ago", "3 hours ago", "4 days ago", "Nov 3", "Nov 3, 2025" in the page's language. */
export function formatRelativeAge(ms: number, now: number, zone: string, language: string): string {
  const age = relativeAgeOf(ms, now);
  const locale = htmlLang(language);
  if ('unit' in age) return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-age.value, age.unit);
  return new Intl.DateTimeFormat(locale, age.format === 'monthDay'
    ? { timeZone: zone, month: 'short', day: 'numeric' }
    : { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(ms));
}

/** A weather alert's time (§3 "UTC without Z") as epoch milliseconds. */
export const utcMs = (utcWithoutZ: string) => Date.parse(`${utcWithoutZ}Z`);
