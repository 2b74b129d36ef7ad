/**
 * The server side of "one schema renders and validates" (STYLE.md principle 6): a submission is
 * checked with the very schema the builder gave the browser, with the same keywords and formats.
 * Compiled validators are cached per key (organisation, settings version, form, mode), so a
 * settings change compiles anew and an unchanged one never does.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { FORM_AJV_OPTIONS, FORM_FORMATS } from '../../schemas/forms/ajvOptions.ts';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import { trimStrings } from '../../schemas/forms/trimStrings.ts';
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

export type SubmissionResult<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/**
 * Validates a submission against `form` after trimming its text (§5); on success answers the
 * trimmed data, which is what gets stored. `cacheKey` must change whenever the form can
 * (e.g. `${orgId}:${settingsVersion}:profile:edit`).
 */
export function validateSubmission<T = unknown>(cacheKey: string, form: BuiltForm, submitted: T): SubmissionResult<T> {
  const validate = compiled(cacheKey, form);
  const data = trimStrings(submitted);
  return validate(data) ? { ok: true, data } : { ok: false, errors: toFieldErrors(validate.errors) };
}

/** The 400 answer for a refused submission (nothing was stored): `{ errorCode: 'validation', errors }`. */
export function validationFailure(errors: FieldError[]) {
  return { errorCode: 'validation', errors };
}

