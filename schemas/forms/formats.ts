/**
 * String formats the builders use, registered with the browser's and the server's ajv alike
 * (schemas/forms/ajvOptions.ts). Regular expressions or pure functions only.
 */

/** §5 e-mail: the jQuery-validation e-mail pattern (letters, digits and the usual specials, a dotted domain). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** §5 custom-field DATE: YYYY-MM-DD and a real calendar day ('jquery.validation.dateISO'). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const FORM_FORMATS = {
  'ssp-email': EMAIL_PATTERN,
  'ssp-date': isIsoDate,
} as const;

export type FormFormat = keyof typeof FORM_FORMATS;
