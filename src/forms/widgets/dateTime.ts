/**
 * §9 "Date display 'MMM DD, YYYY HH:mm', stored YYYY-MM-DD HH:mm": a stored date and time as the
 * member reads it, in `language` (`en_US` → "Dec 1, 2026, 09:00"); a value that is not one is shown
 * as it is.
 */
export function formatStoredDateTime(stored: string, language: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(stored);
  if (!parts) return stored;
  const [, year, month, day, hour, minute] = parts.map(Number) as [number, number, number, number, number, number];
  // The wall-clock time as stored, whatever the browser's zone: formatted in UTC from UTC parts.
  const when = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return new Intl.DateTimeFormat(language.replace('_', '-'), {
    year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC',
  }).format(when);
}
