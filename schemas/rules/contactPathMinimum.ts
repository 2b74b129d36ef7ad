/**
 * §5 Contact-path minimum: "count filled among sms, mobile phone, email, slack must reach min = lesser of
 * exposed path count and org minSignup (profile: lesser of configured minimum and number of exposed
 * non-recipient paths); else 'new.registration.signup.create.contactpath.error' with the number. If
 * exposed count equals min, all are mandatory." §4 profile edit: "blocks if contact paths with an id are
 * fewer than the minimum".
 */
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';

/** §5 message when too few contact paths are filled; its parameter `count` is the minimum. */
export const CONTACT_PATH_MINIMUM_MESSAGE_KEY = 'new.registration.signup.create.contactpath.error';

/**
 * Issue 11 "the contact-path minimum stated before the contact fields": the line above the paths,
 * a plural message (`count`: the minimum), shown when the minimum is above 0.
 */
export const CONTACT_PATH_MINIMUM_INTRO_KEY = 'signup.contactPaths.minimum';

const wholeAtLeastZero = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/**
 * §5: how many contact paths a member must fill — the lesser of the exposed paths and the configured
 * minimum (sign-up: the org's minSignup over sms, mobile phone, email, slack; profile: minContactPathNum
 * over the exposed non-recipient paths; the caller counts the paths that apply).
 */
export function contactPathMinimum(exposedCount: number, minSignup: number): number {
  return Math.min(wholeAtLeastZero(exposedCount), wholeAtLeastZero(minSignup));
}

/**
 * §5 "If exposed count equals min, all are mandatory": true when the minimum asks for every exposed path
 * (the configured minimum is at least the exposed count), so each exposed path becomes required. False
 * when nothing is exposed (nothing to require).
 */
export function allMandatoryWhenMinEqualsExposed(exposedCount: number, minSignup: number): boolean {
  const exposed = wholeAtLeastZero(exposedCount);
  return exposed > 0 && contactPathMinimum(exposed, minSignup) === exposed;
}

const nonBlank = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** A filled contact path: a non-blank string, or a value object (schemas/entities.ts ContactPathValue) with a non-blank `value`. */
export function isFilledContactPath(entry: unknown): boolean {
  if (nonBlank(entry)) return true;
  return entry !== null && typeof entry === 'object' && !Array.isArray(entry) && nonBlank((entry as { value?: unknown }).value);
}

/** The value of the `contactPathMinimum` keyword: the minimum, and where the paths are. */
export interface ContactPathMinimumKeywordValue {
  min: number;
  /** On an object: the properties that are contact paths (sign-up: sms, mobile phone, email, slack). */
  fields?: string[];
  /** On an array: every item is a contact path (profile: the contactPaths list). */
  items?: boolean;
}

function filledCount(rule: ContactPathMinimumKeywordValue, data: unknown): number {
  if (Array.isArray(data)) return rule.items ? data.filter(isFilledContactPath).length : 0;
  const object = data as Record<string, unknown>;
  return (rule.fields ?? []).filter((field) => isFilledContactPath(object[field])).length;
}

const validateContactPathMinimum: SchemaValidateFunction = (rule: ContactPathMinimumKeywordValue, data: unknown, parentSchema) => {
  if (filledCount(rule, data) >= rule.min) return true;
  validateContactPathMinimum.errors = [{
    keyword: 'contactPathMinimum',
    message: CONTACT_PATH_MINIMUM_MESSAGE_KEY,
    params: { key: CONTACT_PATH_MINIMUM_MESSAGE_KEY, count: rule.min },
    parentSchema,
  }];
  return false;
};

/**
 * The ajv keyword `contactPathMinimum: { min, fields?, items? }` (listed in schemas/forms/keywords.ts): on an
 * object counts the filled `fields`, on an array (with `items: true`) the filled items; fewer than `min`
 * reports one error at the object or array itself with `params: { key: 'new.registration.signup.create.contactpath.error', count: min }`.
 */
export const contactPathMinimumKeyword: KeywordDefinition = {
  keyword: 'contactPathMinimum',
  type: ['object', 'array'],
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['min'],
    additionalProperties: false,
    properties: {
      min: { type: 'integer', minimum: 0 },
      fields: { type: 'array', items: { type: 'string' } },
      items: { type: 'boolean' },
    },
    anyOf: [{ required: ['fields'] }, { required: ['items'] }],
  },
  errors: true,
  validate: validateContactPathMinimum,
};
