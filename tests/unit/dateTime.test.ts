/** §9 "Date display 'MMM DD, YYYY HH:mm', stored YYYY-MM-DD HH:mm" (src/forms/widgets/dateTime.ts): the wall-clock time as stored, in the page's language. */
import { describe, expect, it } from 'vitest';
import { formatStoredDateTime } from '../../src/forms/widgets/dateTime.ts';

describe('formatStoredDateTime', () => {
  it.each([
    ['2026-12-03 09:00', 'en_US', 'Dec 3, 2026, 09:00'],
    ['2026-12-03 21:30', 'en_GB', '3 Dec 2026, 21:30'],
    ['2026-12-03 09:00', 'de_DE', '3. Dez. 2026, 09:00'],
    // Midnight on New Year's Eve stays in its day and year, whatever the zone of the machine.
    ['2026-12-31 23:59', 'en_US', 'Dec 31, 2026, 23:59'],
    ['2026-12-03', 'en_US', '2026-12-03'],
    ['', 'en_US', ''],
  ])('%s in %s: %s', (stored, language, shown) => {
    expect(formatStoredDateTime(stored, language)).toBe(shown);
  });
});
