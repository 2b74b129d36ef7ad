/**
 * Issue 14's rules, table-driven: §2/§9's relative age (minutes under 1 hour, hours under 24, days
 * within a month, month and day within a year, else the full date), §4's event-notification expiry
 * (older than its expire hours), §2's event badges (2 alert, 3 advisory, anything else community),
 * §9's safe download names and §8's download error keys.
 */
import { describe, expect, it } from 'vitest';
import { downloadErrorKey } from '../../schemas/rules/downloadErrors.ts';
import { eventBadgeOf, isEventNotificationExpired } from '../../schemas/rules/eventNotifications.ts';
import { safeFileName } from '../../schemas/rules/fileNames.ts';
import { relativeAgeOf } from '../../schemas/rules/relativeAge.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('relative age (§2, §9 thresholds 1 h and 24 h)', () => {
  it.each([
    ['sent this instant', 0, { unit: 'minute', value: 0 }],
    ['sent a little in the future (a clock behind)', -5 * MINUTE, { unit: 'minute', value: 0 }],
    ['59 minutes 59 seconds ago', HOUR - 1000, { unit: 'minute', value: 59 }],
    ['exactly an hour ago', HOUR, { unit: 'hour', value: 1 }],
    ['23 hours 59 minutes ago', DAY - MINUTE, { unit: 'hour', value: 23 }],
    ['exactly a day ago', DAY, { unit: 'day', value: 1 }],
    ['29 days ago', 29 * DAY, { unit: 'day', value: 29 }],
    ['30 days ago', 30 * DAY, { format: 'monthDay' }],
    ['364 days ago', 364 * DAY, { format: 'monthDay' }],
    ['365 days ago', 365 * DAY, { format: 'fullDate' }],
  ])('%s', (_what, age, expected) => {
    expect(relativeAgeOf(NOW - age, NOW)).toEqual(expected);
  });
});

describe('event notification expiry (§4)', () => {
  it.each([
    ['no expiry', null, 10 * 365 * DAY, false],
    ['within its hours', 6, 6 * HOUR - 1, false],
    ['exactly its hours', 6, 6 * HOUR, false],
    ['past its hours', 6, 6 * HOUR + 1, true],
    ['a day old with 24 hours', 24, DAY + MINUTE, true],
  ] as [string, number | null, number, boolean][])('%s', (_what, hours, age, expired) => {
    expect(isEventNotificationExpired(NOW - age, hours, NOW)).toBe(expired);
  });
});

describe('event badges (§2)', () => {
  it.each([[2, 'alert'], [3, 'advisory'], [1, 'community'], [4, 'community'], [0, 'community']] as [number, string][])('type %i is %s', (type, badge) => {
    expect(eventBadgeOf(type)).toBe(badge);
  });
});

describe('download names (§9)', () => {
  it.each([
    ['a plain name', 'report 2026.pdf', 'report 2026.pdf'],
    ['quotes, slashes, semicolons and line ends', 'a"b;\\c\r\nd/../x.pdf', 'a_b__c__d_.._x.pdf'],
    ['letters outside word characters', 'Überschwemmung.pdf', '_berschwemmung.pdf'],
    ['a hidden-file name', '.htaccess', 'htaccess'],
    ['nothing left', '', 'download'],
    ['a long name, cut', `${'x'.repeat(200)}.pdf`, 'x'.repeat(120)],
  ])('%s', (_what, name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});

describe('download error keys (§8)', () => {
  it.each([
    ['a redirect (cross-origin refused)', 302, '', 'files.library.error.download.generic'],
    ['no answer', 0, '', 'files.library.error.download.generic'],
    ['a JSON body saying no longer available', 410, '{"message":"The file is no longer available"}', 'files.library.error.file.unavailable'],
    ['a text body saying not found', 500, 'File not found', 'files.library.error.file.not.found'],
    ['our 404 errorCode', 404, '{"errorCode":"document.notFound"}', 'files.library.error.file.not.found'],
    ['anything else', 500, '{"errorCode":"server.error"}', 'files.library.error.download.generic'],
  ])('%s', (_what, status, body, key) => {
    expect(downloadErrorKey(status, body)).toBe(key);
  });
});
