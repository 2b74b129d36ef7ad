/**
 * The custom keywords of the form schemas: the rules of §5 that JSON Schema cannot say on its own
 * (password classes, phone valid for a country, the contact-path minimum, confirm equal). Each is an ajv keyword
 * definition with a pure `validate`, written beside its rule in schemas/rules/ and listed here, once;
 * the browser (rjsf's ajv) and the server (ajv) register this same list through ajvOptions.ts.
 * A failing keyword names its message key in `params.key` (see fieldErrors.ts).
 */
import type { KeywordDefinition } from 'ajv';
import { contactPathMinimumKeyword } from '../rules/contactPathMinimum.ts';
import { differsFromKeyword } from '../rules/differsFrom.ts';
import { passwordPolicyKeyword } from '../rules/passwordPolicy.ts';
import { phoneNumberKeyword } from '../rules/phoneNumber.ts';
import { sameAsKeyword } from '../rules/sameAs.ts';

/**
 * The `messages` annotation (schemas/forms/types.ts FieldMessages): carried, never validated. The
 * settings schema names its own keys with it too (org-settings.schema.json: addresses, custom fields).
 */
export const messagesAnnotation: KeywordDefinition = { keyword: 'messages', schemaType: 'object' };

export const FORM_KEYWORDS: readonly KeywordDefinition[] = [
  messagesAnnotation,
  /** §5 password: `passwordPolicy: 'public' | 'private' | 'fedramp'` on a string. */
  passwordPolicyKeyword,
  /** §5 Phone/SMS, §4 'use as is': `phoneNumber: { mandatory, pathType, allowedCountries?, label? }` on a contact-path value. */
  phoneNumberKeyword,
  /** §5 Contact-path minimum: `contactPathMinimum: { min, fields? | items? }` on the object or list of paths. */
  contactPathMinimumKeyword,
  /** §5 confirm equal: `sameAs: { confirmPassword: 'newPassword' }` on the object. */
  sameAsKeyword,
  /** §5 weather time "start and end differ": `differsFrom: [{ fields, from }]` on the object. */
  differsFromKeyword,
];
