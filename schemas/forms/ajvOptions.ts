/**
 * The ajv options both validators use, so the browser refuses exactly what the server refuses:
 * every error at once, `verbose` (fieldErrors.ts reads `parentSchema` for the message keys), our
 * keywords and formats. The server passes them to `new Ajv(...)`, the browser to rjsf's
 * `customizeValidator({ ajvOptionsOverrides, customFormats })`.
 */
import { FORM_FORMATS } from './formats.ts';
import { FORM_KEYWORDS } from './keywords.ts';

export const FORM_AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: false,
  keywords: [...FORM_KEYWORDS],
} as const;

export { FORM_FORMATS };
