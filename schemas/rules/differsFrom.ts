/**
 * §5 "Weather time: … start and end differ ('alertSubscription.dialog.content.equal')": a moment
 * given by several fields (hour and AM/PM) must not be the same as another. JSON Schema cannot
 * compare properties without ajv's `$data` (off here), so this is a custom keyword on the object
 * that holds them, the counterpart of `sameAs` (sameAs.ts):
 *
 *   `differsFrom: [{ fields: ['endTime', 'endMeridiem'], from: ['startTime', 'startMeridiem'] }]`
 *
 * Each entry is refused when every field equals its counterpart, with one error at the first of
 * `fields`, keyed by that field's `messages.differsFrom` or DIFFERS_FROM_MESSAGE_KEY. Nothing is
 * compared while a field is missing or empty: that is `required`'s error.
 */
import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { FormSchema } from '../forms/types.ts';

export const DIFFERS_FROM_MESSAGE_KEY = 'alertSubscription.dialog.content.equal';

export interface DiffersFromRule {
  fields: string[];
  from: string[];
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

const validate: SchemaValidateFunction = (schema: DiffersFromRule[], data: Record<string, unknown>, parentSchema, dataCxt) => {
  const errors: Partial<ErrorObject>[] = [];
  for (const { fields, from } of schema) {
    const pairs = fields.map((field, index) => [data[field], data[from[index]!]] as const);
    if (pairs.some(([a, b]) => !given(a) || !given(b)) || pairs.some(([a, b]) => a !== b)) continue;
    const at = fields[0]!;
    const field = (parentSchema as FormSchema | undefined)?.properties?.[at];
    const fieldSchema = field && typeof field === 'object' ? field : undefined;
    errors.push({
      keyword: 'differsFrom',
      instancePath: `${dataCxt?.instancePath ?? ''}/${escape(at)}`,
      params: { key: fieldSchema?.messages?.differsFrom ?? DIFFERS_FROM_MESSAGE_KEY, differsFrom: from[0], ...(fieldSchema?.title ? { label: fieldSchema.title } : {}) },
    });
  }
  validate.errors = errors;
  return errors.length === 0;
};

/** The ajv keyword `differsFrom` on an object (listed in schemas/forms/keywords.ts). */
export const differsFromKeyword: FuncKeywordDefinition = {
  keyword: 'differsFrom',
  type: 'object',
  schemaType: 'array',
  metaSchema: {
    type: 'array',
    items: {
      type: 'object', required: ['fields', 'from'], additionalProperties: false,
      properties: { fields: { type: 'array', items: { type: 'string' }, minItems: 1 }, from: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    },
  },
  errors: true,
  validate,
};
