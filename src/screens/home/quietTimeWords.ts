import type { TFunction } from 'i18next';
import type { QuietTimeFrame } from '../../../schemas/api/profile.ts';

/** A Sunday (7 January 2024): day `d` of §3's 1–7, Sunday first, is this date plus d − 1 days. */
const SUNDAY = { year: 2024, month: 0, day: 7 };

const WEEKDAYS = [2, 3, 4, 5, 6];
const WEEKEND = [1, 7];
const sameDays = (days: readonly number[], expected: readonly number[]) => days.length === expected.length && expected.every((day) => days.includes(day));

/** §3 days 1–7 (Sunday first) in words: every day, weekdays, the weekend, or the days' short names in `locale`'s list form. */
export function daysInWords(days: readonly number[], locale: string, t: TFunction): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return t('home.quietTime.everyDay');
  if (sameDays(sorted, WEEKDAYS)) return t('home.quietTime.weekdays');
  if (sameDays(sorted, WEEKEND)) return t('home.quietTime.weekend');
  const name = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const names = sorted.map((day) => name.format(new Date(Date.UTC(SUNDAY.year, SUNDAY.month, SUNDAY.day + day - 1))));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** An hour and minute as `locale` writes a time of day (22:00, 10:00 PM). */
export function timeOfDay(hour: number, minute: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7, hour, minute)));
}

/**
 * §2 "quiet times in words" on home: "Night: Weekdays, 22:00 to 06:00", "Weekend, all day". A
 * 24-hour frame (§4: stored with its end equal to its start) reads "all day".
 */
export function quietTimeInWords(frame: QuietTimeFrame, locale: string, t: TFunction): string {
  const days = daysInWords(frame.days, locale, t);
  const allDay = frame.allDay === true || (frame.fromHour === frame.toHour && frame.fromMin === frame.toMin);
  const text = allDay
    ? t('home.quietTime.allDay', { days })
    : t('home.quietTime.frame', { days, from: timeOfDay(frame.fromHour, frame.fromMin, locale), to: timeOfDay(frame.toHour, frame.toMin, locale) });
  return frame.name.trim() ? t('home.quietTime.named', { name: frame.name.trim(), text }) : text;
}
