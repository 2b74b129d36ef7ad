/**
 * The two validators of a form, side by side, for the table-driven rule tests: the browser's (the
 * form's precompiled module, as src/forms/validator.ts hands it to rjsf's precompiled validator) and
 * the server's (server/services/formValidator.ts).
 * A rule is proven only when both give the same field errors.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { trimStrings } from '../../schemas/forms/trimStrings.ts';
import type { BuiltForm, FieldError } from '../../schemas/forms/types.ts';
import { validateSubmission } from '../../server/services/formValidator.ts';
import { compiledFormValidator } from './compiledValidator.ts';

/** The browser's check, as SchemaForm runs it: trimmed data through the form's precompiled validator. */
export function browserErrors(form: BuiltForm, data: unknown): FieldError[] {
  return compiledFormValidator(form.schema).validate(trimStrings(data));
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
