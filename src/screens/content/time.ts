/**
 * How the public content says when (issue 14): in the member's time zone (their account's), a
 * visitor's device's otherwise; §9 "comms/notification display YYYY-MM-DD HH:mm:ss", and the relative
 * age of §2/§9 (schemas/rules/relativeAge.ts) in the page's language.
 */
import { relativeAgeOf } from '../../../schemas/rules/relativeAge.ts';

const intlLanguage = (language: string) => language.replace('_', '-');

/** The zone to show times in: the account's when it names a valid one, else the device's. */
export function displayZone(accountZone: string | null | undefined): string {
  if (accountZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: accountZone });
      return accountZone;
    } catch {
      // An unknown zone name: the device's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** §9 'YYYY-MM-DD HH:mm:ss' in `zone`, followed by the zone's short name (CST), so that a time is never ambiguous. */
export function formatSendDate(ms: number, zone: string, language: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  const zoneName = new Intl.DateTimeFormat(intlLanguage(language), { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zoneName}`;
}

/** "25 minutes ago", "3 hours ago", "4 days ago", "Nov 3", "Nov 3, 2025" in the page's language. */
export function formatRelativeAge(ms: number, now: number, zone: string, language: string): string {
  const age = relativeAgeOf(ms, now);
  const locale = intlLanguage(language);
  if ('unit' in age) return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-age.value, age.unit);
  return new Intl.DateTimeFormat(locale, age.format === 'monthDay'
    ? { timeZone: zone, month: 'short', day: 'numeric' }
    : { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(ms));
}

/** A weather alert's time (§3 "UTC without Z") as epoch milliseconds. */
export const utcMs = (utcWithoutZ: string) => Date.parse(`${utcWithoutZ}Z`);
