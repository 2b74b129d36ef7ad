/**
 * §5 "confirm required and equal ('ssp.password.confirm.invalid')" (change password, reset): a
 * field must repeat a sibling. JSON Schema cannot compare two properties without ajv's `$data`
 * (not enabled here), so this is a custom keyword, placed on the object that holds both fields:
 *
 *   `sameAs: { confirmPassword: 'newPassword' }` — each key a confirming field, its value the
 *   sibling property it must equal.
 *
 * A mismatch is one error at the confirming field ('/confirmPassword'), keyed by that field's
 * `messages.sameAs` or 'ssp.password.confirm.invalid'. Nothing is compared while either field is
 * missing or empty: that is the `required` / `minLength` / policy rules' error, not a second one.
 */
import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { FormSchema } from '../forms/types.ts';

export const SAME_AS_MESSAGE_KEY = 'ssp.password.confirm.invalid';

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const validate: SchemaValidateFunction = (schema: Record<string, string>, data: Record<string, unknown>, parentSchema, dataCxt) => {
  const errors: Partial<ErrorObject>[] = [];
  for (const [confirming, original] of Object.entries(schema)) {
    const repeated = data[confirming];
    const value = data[original];
    if (typeof repeated !== 'string' || typeof value !== 'string' || repeated === '' || value === '' || repeated === value) continue;
    const field = (parentSchema as FormSchema | undefined)?.properties?.[confirming];
    const fieldSchema = field && typeof field === 'object' ? field : undefined;
    errors.push({
      keyword: 'sameAs',
      instancePath: `${dataCxt?.instancePath ?? ''}/${escape(confirming)}`,
      params: {
        key: fieldSchema?.messages?.sameAs ?? SAME_AS_MESSAGE_KEY,
        sameAs: original,
        ...(fieldSchema?.title ? { label: fieldSchema.title } : {}),
      },
    });
  }
  validate.errors = errors;
  return errors.length === 0;
};

/**
 * The ajv keyword `sameAs: { confirming: 'original', … }` on an object (to be listed in
 * schemas/forms/keywords.ts): a confirming field that differs from its original reports
 * `params: { key, sameAs: original, label? }` at the confirming field's pointer.
 */
export const sameAsKeyword: FuncKeywordDefinition = {
  keyword: 'sameAs',
  type: 'object',
  schemaType: 'object',
  metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
  errors: true,
  validate,
};
