/**
 * §2/§9 "relative age (minutes under 1 hour, hours under 24, days within month, short month-day within
 * year, else full date)", thresholds 1 h and 24 h: how a list says when something was sent. Pure;
 * the page words it in the member's language (Intl.RelativeTimeFormat, Intl.DateTimeFormat).
 * "Within month" is read as fewer than 30 days, "within year" as fewer than 365: a day before the
 * turn of a month or a year is still "1 day ago".
 */
export type RelativeAge =
  | { unit: 'minute' | 'hour' | 'day'; value: number }
  | { format: 'monthDay' | 'fullDate' };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function relativeAgeOf(sentMs: number, nowMs: number): RelativeAge {
  // A clock a little behind the sender's says "0 minutes", not a time in the future.
  const age = Math.max(0, nowMs - sentMs);
  if (age < HOUR_MS) return { unit: 'minute', value: Math.floor(age / MINUTE_MS) };
  if (age < DAY_MS) return { unit: 'hour', value: Math.floor(age / HOUR_MS) };
  if (age < 30 * DAY_MS) return { unit: 'day', value: Math.floor(age / DAY_MS) };
  if (age < 365 * DAY_MS) return { format: 'monthDay' };
  return { format: 'fullDate' };
}
