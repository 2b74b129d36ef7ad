/**
 * The server side of "one schema renders and validates" (STYLE.md principle 6): a submission is
 * checked with the very schema the builder gave the browser, with the same keywords and formats.
 * Compiled validators are cached per key (organisation, settings version, form, mode), so a
 * settings change compiles anew and an unchanged one never does.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { FORM_AJV_OPTIONS, FORM_FORMATS } from '../../schemas/forms/ajvOptions.ts';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import type { BuiltForm, FieldError } from '../../schemas/forms/types.ts';

const ajv = new Ajv({ ...FORM_AJV_OPTIONS, keywords: [...FORM_AJV_OPTIONS.keywords], formats: { ...FORM_FORMATS } });

/** How many compiled forms stay cached (six forms × three modes × a few hundred organisations). */
const CACHE_SIZE = 2000;
const cache = new Map<string, { validate: ValidateFunction; schema: object }>();

function compiled(cacheKey: string, form: BuiltForm): ValidateFunction {
  const hit = cache.get(cacheKey);
  if (hit) {
    // Least recently used goes first: re-insert on every hit.
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit.validate;
  }
  const validate = ajv.compile(form.schema);
  cache.set(cacheKey, { validate, schema: form.schema });
  if (cache.size > CACHE_SIZE) {
    const [oldestKey, oldest] = cache.entries().next().value!;
    cache.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  return validate;
}

export type SubmissionResult = { ok: true } | { ok: false; errors: FieldError[] };

/** Validates `data` against `form`; `cacheKey` must change whenever the form can (e.g. `${orgId}:${settingsVersion}:profile:edit`). */
export function validateSubmission(cacheKey: string, form: BuiltForm, data: unknown): SubmissionResult {
  const validate = compiled(cacheKey, form);
  return validate(data) ? { ok: true } : { ok: false, errors: toFieldErrors(validate.errors) };
}

/** The §8 answer for a refused submission: nothing was stored. */
export function validationFailure(errors: FieldError[]) {
  return { errorCode: 'validation', errors };
}

/** For tests and the benchmark: how many validators are compiled. */
export function cachedValidatorCount(): number {
  return cache.size;
}
