/**
 * The one rule for every address an organisation's settings hold (issue 9 row 17): a web address
 * (`http://` or `https://`, any case) or a path of this site (`/…`, but not `//host` or `/\host`,
 * which browsers follow to another host), without whitespace or backslashes (browsers drop tabs and
 * line breaks inside addresses, and read `\` as `/`), or empty (the built-in default). Never
 * `javascript:`, `data:` or any other scheme. `org-settings.schema.json` states it as the pattern of
 * `definitions.followableUrl`, which every URL setting refers to (tests/unit/followableUrl.test.ts
 * keeps the two equal); the browser checks it again before it links or navigates to a setting, so a
 * value stored before the rule existed is never followed either.
 */
export const FOLLOWABLE_URL_PATTERN = '^(?:[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\\\]+|/(?![/\\\\])[^\\s\\\\]*)?$';

const FOLLOWABLE_URL = new RegExp(FOLLOWABLE_URL_PATTERN, 'u');

/** True when `url` is a non-empty address the browser may follow (see FOLLOWABLE_URL_PATTERN). */
export function isFollowableUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url !== '' && FOLLOWABLE_URL.test(url);
}

/** `url` when it may be followed, otherwise `fallback` (a built-in page, or null for none). */
export function followableUrlOr<T extends string | null>(url: string | null | undefined, fallback: T): string | T {
  return isFollowableUrl(url) ? url : fallback;
}
