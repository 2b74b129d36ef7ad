/**
 * §5 password: "trimmed, required; public min 8 needing letter and digit; private min 8 needing
 * three of four classes (upper, lower, digit, special from !@#$%^&*()); FedRAMP min 12 needing
 * upper, lower, digit, special; message 'ssp.password.valid.invalid'; max 64" (§9 limits).
 *
 * The rule is a pure function; `passwordPolicyKeyword` lets a builder say it in JSON Schema:
 * `{ type: 'string', maxLength: 64, passwordPolicy: 'private' }`.
 */
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { OrgSettings } from '../orgSettings.ts';
import { LIMITS } from './limits.ts';

/** The three password policies of §5 (§6 "Public versus private status and FedRAMP change password rules"). */
export const PASSWORD_POLICIES = ['public', 'private', 'fedramp'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];

/** §5 message of every password-policy failure. */
export const PASSWORD_POLICY_MESSAGE_KEY = 'ssp.password.valid.invalid';

/**
 * §5/§6: the policy an organisation's members follow. A FedRAMP customer is always 'fedramp'
 * (even if it were public); otherwise `isPublic` decides between 'public' and 'private'.
 */
export function passwordPolicyOf(settings: Pick<OrgSettings, 'isFedRAMPCustomer' | 'isPublic'>): PasswordPolicy {
  if (settings.isFedRAMPCustomer) return 'fedramp';
  return settings.isPublic ? 'public' : 'private';
}

/**
 * The character classes of §5. Letters are ASCII (the spec's classes are "upper, lower"); any other
 * character (a space inside, '-', 'é', …) is allowed but counts for no class. Specials are exactly
 * the ten of §5.
 */
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[!@#$%^&*()]/;
const LETTER = /[A-Za-z]/;

/** Length as JSON Schema counts it (code points, like ajv's maxLength), so 64 means the same on both sides. */
const lengthOf = (text: string) => [...text].length;

/**
 * §5: whether `password` (trimmed first) meets `policy`: public ≥ 8 with a letter and a digit;
 * private ≥ 8 with three of upper, lower, digit, special; FedRAMP ≥ 12 with all four; never over 64.
 */
export function isPasswordAllowed(password: string, policy: PasswordPolicy): boolean {
  const trimmed = password.trim();
  const length = lengthOf(trimmed);
  if (length > LIMITS.password.max) return false;
  if (policy === 'public') return length >= LIMITS.password.min && LETTER.test(trimmed) && DIGIT.test(trimmed);
  const classes = [UPPER, LOWER, DIGIT, SPECIAL].filter((pattern) => pattern.test(trimmed)).length;
  if (policy === 'fedramp') return length >= LIMITS.password.minFedRAMP && classes === 4;
  return length >= LIMITS.password.min && classes >= 3;
}

const validatePasswordPolicy: SchemaValidateFunction = (policy: PasswordPolicy, data: string, parentSchema) => {
  // An empty value is `required`'s (or minLength's) to report, as jQuery-validation rules do: one message per cause.
  if (data === '' || isPasswordAllowed(data, policy)) return true;
  validatePasswordPolicy.errors = [{
    keyword: 'passwordPolicy',
    message: PASSWORD_POLICY_MESSAGE_KEY,
    params: { key: PASSWORD_POLICY_MESSAGE_KEY, policy },
    parentSchema,
  }];
  return false;
};

/**
 * The ajv keyword `passwordPolicy: 'public' | 'private' | 'fedramp'` (listed in schemas/forms/keywords.ts):
 * a string that fails `isPasswordAllowed` reports `params: { key: 'ssp.password.valid.invalid', policy }`
 * at the string's own pointer. The empty string passes (emptiness is `required`'s message); a value over 64
 * fails here too, besides the builder's `maxLength`.
 */
export const passwordPolicyKeyword: KeywordDefinition = {
  keyword: 'passwordPolicy',
  type: 'string',
  schemaType: 'string',
  metaSchema: { enum: [...PASSWORD_POLICIES] },
  errors: true,
  validate: validatePasswordPolicy,
};
