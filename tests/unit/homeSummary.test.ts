/**
 * §2 Home: quiet times in words and the time-zone warning (src/screens/home/quietTimeWords.ts,
 * timeZoneWarning.ts), as tables, with the English catalogue's own texts.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { daysInWords, quietTimeInWords, timeOfDay } from '../../src/screens/home/quietTimeWords.ts';
import { timeZoneDiffers } from '../../src/screens/home/timeZoneWarning.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en_US', resources: { en_US: { translation: en } }, interpolation: { escapeValue: false } });
});
const frame = (days: number[], fromHour: number, fromMin: number, toHour: number, toMin: number, name = '', allDay?: boolean) =>
  ({ name, days, fromHour, fromMin, toHour, toMin, ...(allDay === undefined ? {} : { allDay }) });

describe('daysInWords (§3 days 1–7, Sunday first)', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7], 'every day'],
    [[6, 2, 4, 3, 5], 'weekdays'],
    [[7, 1], 'weekends'],
    [[2], 'Mon'],
    [[4, 2], 'Mon and Wed'],
    [[1, 3, 5], 'Sun, Tue, and Thu'],
    [[2, 2, 9, 0], 'Mon'],
  ])('%j → %s', (days, words) => {
    expect(daysInWords(days, 'en-US', i18n.t)).toBe(words);
  });
  it('names the days in the member\'s language', () => {
    expect(daysInWords([2, 3], 'de-DE', i18n.t)).toBe('Mo und Di');
  });
});

describe('quietTimeInWords', () => {
  it.each([
    ['a night on weekdays', frame([2, 3, 4, 5, 6], 22, 0, 6, 0), 'en-US', 'weekdays, 10:00 PM to 6:00 AM'],
    ['the same in 24-hour time', frame([2, 3, 4, 5, 6], 22, 0, 6, 30), 'en-GB', 'weekdays, 22:00 to 06:30'],
    ['a named frame', frame([1, 7], 9, 15, 12, 0, 'Church'), 'en-US', 'Church (weekends, 9:15 AM to 12:00 PM)'],
    ['the 24-hour option', frame([1, 2, 3, 4, 5, 6, 7], 0, 0, 0, 0, '', true), 'en-US', 'every day, all day'],
    ['a frame stored with its end equal to its start (§4)', frame([2], 8, 0, 8, 0), 'en-US', 'Mon, all day'],
  ])('%s', (_name, quiet, locale, words) => {
    expect(quietTimeInWords(quiet, locale, i18n.t)).toBe(words);
  });
  it('writes a time of day as the locale does', () => {
    expect([timeOfDay(7, 5, 'en-US'), timeOfDay(7, 5, 'fr-FR')]).toEqual(['7:05 AM', '07:05']);
  });
});

describe('timeZoneDiffers (§2 "time-zone warning if device zone differs")', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');
  it.each([
    ['the same zone', 'America/Chicago', 'America/Chicago', winter, false],
    ['two names of one zone', 'America/Chicago', 'US/Central', winter, false],
    ['zones whose clocks agree', 'Europe/Berlin', 'Europe/Paris', summer, false],
    ['Chicago and New York', 'America/Chicago', 'America/New_York', winter, true],
    ['Phoenix and Denver in winter: the same time', 'America/Phoenix', 'America/Denver', winter, false],
    ['Phoenix and Denver in summer: an hour apart', 'America/Phoenix', 'America/Denver', summer, true],
    ['a zone the browser does not know', 'Mars/Olympus', 'America/Chicago', winter, false],
  ])('%s', (_name, profile, device, at, warns) => {
    expect(timeZoneDiffers(profile, device, at)).toBe(warns);
  });
});
