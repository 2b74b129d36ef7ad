/**
 * §5 "trimmed": names, username, password and every other text a member types are validated and
 * stored without surrounding white space. The browser trims on blur; the server trims the whole
 * submission before validating it, so "   " is an empty, missing value on both sides.
 */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimStrings(item)])) as T;
  }
  return value;
}
