/**
 * The two validators of a form, side by side, for the table-driven rule tests: the browser's (rjsf's
 * ajv8 validator, customised exactly as src/forms does it) and the server's (server/services/formValidator.ts).
 * A rule is proven only when both give the same field errors.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { FORM_AJV_OPTIONS, FORM_FORMATS } from '../../schemas/forms/ajvOptions.ts';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import { trimStrings } from '../../schemas/forms/trimStrings.ts';
import type { BuiltForm, FieldError } from '../../schemas/forms/types.ts';
import { validateSubmission } from '../../server/services/formValidator.ts';

const browser = customizeValidator({
  ajvOptionsOverrides: { ...FORM_AJV_OPTIONS, keywords: [...FORM_AJV_OPTIONS.keywords] },
  customFormats: { ...FORM_FORMATS },
});

export function browserErrors(form: BuiltForm, data: unknown): FieldError[] {
  const { errors } = browser.rawValidation(form.schema as never, trimStrings(data));
  return toFieldErrors(errors as never);
}

export function serverErrors(form: BuiltForm, data: unknown): FieldError[] {
  const result = validateSubmission(`test:${randomUUID()}`, form, data);
  return result.ok ? [] : result.errors;
}

/** `[pointer, key]` pairs, the part of an error a rule table states. */
export const keysOf = (errors: FieldError[]) => errors.map((e) => [e.pointer, e.key] as const);

/** Asserts that both validators refuse `data` with exactly these `[pointer, key]` pairs (none: accepted). */
export function expectSameErrors(form: BuiltForm, data: unknown, expected: readonly (readonly [string, string])[]): void {
  expect(keysOf(browserErrors(form, data))).toEqual(expected);
  expect(keysOf(serverErrors(form, data))).toEqual(expected);
}
