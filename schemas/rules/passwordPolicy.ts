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
 * One rule of a policy, as the member is shown it (the new-password checklist) and as a refusal names
 * it: `length` (min to 64 characters), `letter`, `digit`, `upper`, `lower`, `special`, and the private
 * policy's `threeClasses` ("three of four classes", its four classes listed under it).
 */
export type PasswordRule = 'length' | 'letter' | 'digit' | 'upper' | 'lower' | 'special' | 'threeClasses';

/** A rule and whether `password` meets it; `threeClasses` lists its four classes, each met or not. */
export interface PasswordRuleState {
  rule: PasswordRule;
  met: boolean;
  classes?: { rule: PasswordRule; met: boolean }[];
}

/** §5/§9 the shortest password `policy` allows (the longest is 64 for every policy). */
export function minimumLengthOf(policy: PasswordPolicy): number {
  return policy === 'fedramp' ? LIMITS.password.minFedRAMP : LIMITS.password.min;
}

/**
 * §5, rule by rule: each rule of `policy` and whether `password` (trimmed first) meets it. Public:
 * length 8–64, a letter, a digit; private: length 8–64 and three of upper, lower, digit, special;
 * FedRAMP: length 12–64 and all four.
 */
export function passwordRules(password: string, policy: PasswordPolicy): PasswordRuleState[] {
  const trimmed = password.trim();
  const length = lengthOf(trimmed);
  const lengthRule = { rule: 'length' as const, met: length >= minimumLengthOf(policy) && length <= LIMITS.password.max };
  if (policy === 'public') {
    return [lengthRule, { rule: 'letter', met: LETTER.test(trimmed) }, { rule: 'digit', met: DIGIT.test(trimmed) }];
  }
  const classes = ([['upper', UPPER], ['lower', LOWER], ['digit', DIGIT], ['special', SPECIAL]] as const)
    .map(([rule, pattern]) => ({ rule, met: pattern.test(trimmed) }));
  if (policy === 'fedramp') return [lengthRule, ...classes];
  return [lengthRule, { rule: 'threeClasses', met: classes.filter((c) => c.met).length >= 3, classes }];
}

/** The rules of `policy` that `password` does not meet, in the order they are shown. */
export function unmetPasswordRules(password: string, policy: PasswordPolicy): PasswordRule[] {
  return passwordRules(password, policy).filter((state) => !state.met).map((state) => state.rule);
}

/**
 * §5: whether `password` (trimmed first) meets `policy`: public ≥ 8 with a letter and a digit;
 * private ≥ 8 with three of upper, lower, digit, special; FedRAMP ≥ 12 with all four; never over 64.
 */
export function isPasswordAllowed(password: string, policy: PasswordPolicy): boolean {
  return unmetPasswordRules(password, policy).length === 0;
}

const validatePasswordPolicy: SchemaValidateFunction = (policy: PasswordPolicy, data: string, parentSchema) => {
  // An empty value is `required`'s (or minLength's) to report, as jQuery-validation rules do: one message per cause.
  if (data === '') return true;
  const unmet = unmetPasswordRules(data, policy);
  if (unmet.length === 0) return true;
  validatePasswordPolicy.errors = [{
    keyword: 'passwordPolicy',
    message: PASSWORD_POLICY_MESSAGE_KEY,
    // `unmet`: which rules failed, so the message can name them (the browser and the server alike).
    params: { key: PASSWORD_POLICY_MESSAGE_KEY, policy, unmet },
    parentSchema,
  }];
  return false;
};

/**
 * The ajv keyword `passwordPolicy: 'public' | 'private' | 'fedramp'` (listed in schemas/forms/keywords.ts):
 * a string that fails `isPasswordAllowed` reports `params: { key: 'ssp.password.valid.invalid', policy, unmet }`
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
