/**
 * What a precompiled form validator needs when it runs (issue 10 item 1). The server compiles each
 * built form schema with ajv's standalone code generation (server/services/validatorModules.ts) into
 * a module `export default function (runtime) { … return validateFns; }`; the generated code names
 * nothing but `runtime.<name>` below, so the module imports nothing and the browser evaluates no
 * string: it imports the module like any other script and hands it the runtime.
 *
 * The runtime is split the way the pages are: the core (no libphonenumber) here, the phone keyword
 * only for a form that has a phone field (src/forms/validator.ts loads it on demand).
 */
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';
import fastDeepEqual from 'fast-deep-equal';
import { contactPathMinimumKeyword } from '../rules/contactPathMinimum.ts';
import { differsFromKeyword } from '../rules/differsFrom.ts';
import { passwordPolicyKeyword } from '../rules/passwordPolicy.ts';
import { sameAsKeyword } from '../rules/sameAs.ts';
import { FORM_FORMATS } from './formats.ts';

export { VALIDATOR_RUNTIME_VERSION } from './validatorRuntimeVersion.ts';

/** The custom keywords whose `validate` the generated code calls (schemas/forms/keywords.ts lists them all). */
export const RUNTIME_KEYWORDS = ['passwordPolicy', 'phoneNumber', 'contactPathMinimum', 'sameAs', 'differsFrom'] as const;
export type RuntimeKeyword = (typeof RUNTIME_KEYWORDS)[number];

export interface ValidatorRuntime {
  /** ajv's string length in code points (ajv/dist/runtime/ucs2length), for minLength and maxLength. */
  ucs2length(value: string): number;
  /** ajv's deep equality (ajv/dist/runtime/equal is fast-deep-equal), for const, enum and uniqueItems. */
  equal(a: unknown, b: unknown): boolean;
  formats: typeof FORM_FORMATS;
  keywords: Record<RuntimeKeyword, SchemaValidateFunction>;
}

/**
 * The helpers of ajv's runtime the generated code may name (`require("ajv/dist/runtime/<name>")` in
 * ajv's output, rewritten to `runtime.<name>`); the compiler refuses code that needs any other.
 */
export const RUNTIME_HELPERS = ['ucs2length', 'equal'] as const;

/** ajv's ucs2length: the number of code points, a surrogate pair counting once (what `maxLength` means). */
export function ucs2length(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    length++;
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return length;
}

/** The `validate` of a keyword defined by one (every keyword of schemas/rules is). */
export const validateOf = (definition: KeywordDefinition) => ('validate' in definition ? definition.validate : undefined) as SchemaValidateFunction;

/** Every keyword but the phone one, which needs libphonenumber-js (schemas/rules/phoneNumber.ts). */
export const CORE_KEYWORDS = {
  passwordPolicy: validateOf(passwordPolicyKeyword),
  contactPathMinimum: validateOf(contactPathMinimumKeyword),
  sameAs: validateOf(sameAsKeyword),
  differsFrom: validateOf(differsFromKeyword),
} as const;

/** A placeholder for a keyword whose module was not loaded: a compiled form that names it fails loudly. */
function notLoaded(keyword: string): SchemaValidateFunction {
  return () => {
    throw new Error(`the ${keyword} keyword was not loaded`);
  };
}

/** The runtime with the core keywords and, when given, the phone keyword's `validate`. */
export function validatorRuntime(phoneNumber?: SchemaValidateFunction): ValidatorRuntime {
  return {
    ucs2length,
    equal: fastDeepEqual,
    formats: FORM_FORMATS,
    keywords: { ...CORE_KEYWORDS, phoneNumber: phoneNumber ?? notLoaded('phoneNumber') },
  };
}

/**
 * Whether `schema` (a built form's) has a phone field anywhere, i.e. uses the `phoneNumber` keyword
 * (its value is the rule's options, `{ mandatory, pathType, … }`, never a schema with a `type`).
 */
export function usesPhoneRule(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(usesPhoneRule);
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([name, value]) =>
    (name === 'phoneNumber' && value !== null && typeof value === 'object' && 'pathType' in value) || usesPhoneRule(value));
}
