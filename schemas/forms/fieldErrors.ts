/**
 * Turns validator errors (ajv's ErrorObject, in the browser and on the server alike) into
 * `{ pointer, key, params }`: the field's JSON pointer, the §5 message key and its parameters
 * (STYLE.md principle 6: server errors carry the field's pointer and key so the form shows them inline).
 */
import type { ErrorObject } from 'ajv';
import { DEFAULT_MESSAGE_KEYS, FALLBACK_MESSAGE_KEY } from './messageKeys.ts';
import type { FieldError, FieldMessages, FormSchema } from './types.ts';

/** What a custom keyword of schemas/forms/keywords.ts puts in `params` to name its own message. */
export interface KeyedParams {
  key: string;
  [param: string]: unknown;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function messagesOf(schema: unknown): FieldMessages {
  return (schema && typeof schema === 'object' && 'messages' in schema ? (schema as FormSchema).messages : undefined) ?? {};
}

/** One ajv error (with `verbose: true`, so `parentSchema` is there) → one field error. */
export function toFieldError(error: ErrorObject): FieldError {
  const params: Record<string, unknown> = { ...error.params };
  let pointer = error.instancePath;
  let fieldSchema: unknown = error.parentSchema;

  if (error.keyword === 'required') {
    const property = String(error.params.missingProperty);
    pointer = `${pointer}/${escape(property)}`;
    fieldSchema = (error.parentSchema as FormSchema | undefined)?.properties?.[property];
    delete params.missingProperty;
  }

  const own = (params as Partial<KeyedParams>).key;
  delete params.key;
  const title = fieldSchema && typeof fieldSchema === 'object' ? (fieldSchema as FormSchema).title : undefined;
  if (title) params.label = title;
  const key = own ?? messagesOf(fieldSchema)[error.keyword] ?? DEFAULT_MESSAGE_KEYS[error.keyword] ?? FALLBACK_MESSAGE_KEY;
  return { pointer: pointer || '/', key, params };
}

/**
 * All errors of one validation, one per field and keyword, in document order. A field that is
 * missing reports only `required`, not the rules its value would have had to meet.
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'allOf') continue;
    const fieldError = toFieldError(error);
    const id = `${fieldError.pointer}\0${fieldError.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(fieldError);
  }
  return out;
}
