/**
 * Field schemas more than one form uses (sign-up, profile, contact paths), so a rule of §5 is
 * written once. Each takes what varies (label key, required-ness) as arguments.
 */
import { LIMITS } from '../rules/limits.ts';
import type { FormSchema } from './types.ts';

/** §5 names "must not match a forbidden-character pattern": markup and script-ish characters. */
export const NAME_PATTERN = '^[^<>"%;&{}\\\\]*$';

/** §5 username: "letters, digits, underscore, dot, at sign, hyphen". */
export const USERNAME_PATTERN = '^[A-Za-z0-9_.@-]+$';

/** §5 firstName/lastName: required with label, forbidden characters, max 100. */
export function nameField(title: string, invalidKey: string): FormSchema {
  return {
    type: 'string', title, minLength: 1, maxLength: LIMITS.name.max, pattern: NAME_PATTERN,
    messages: { minLength: 'jquery.validation.field.required', pattern: invalidKey },
  };
}

/**
 * §5 email: valid format ('jquery.validation.email', or the form's own key), length 6 to 80
 * (contact-path email inputs 4 to 80), required when mandatory (the required key with the label).
 * An empty optional value is "not given": only a typed value is checked for its format.
 */
export function emailField(
  title: string,
  options: { limits?: { min: number; max: number }; invalidKey?: string; required?: boolean } = {},
): FormSchema {
  const { limits = LIMITS.email, invalidKey = 'jquery.validation.email' } = options;
  const field: FormSchema = {
    type: 'string', title, maxLength: limits.max,
    if: { minLength: 1 },
    then: { title, format: 'ssp-email', minLength: limits.min, messages: { format: invalidKey, minLength: invalidKey } },
  };
  return options.required ? required(field) : field;
}

/** A required text field: empty or missing says the field's required key. */
export function required(schema: FormSchema, key = 'jquery.validation.field.required'): FormSchema {
  return { ...schema, minLength: 1, messages: { ...schema.messages, required: key, minLength: key } };
}

/** §5 username: required, 4–80, allowed characters; availability is checked by the server (async). */
export function usernameField(): FormSchema {
  return {
    type: 'string', title: 'signup.username.label', minLength: LIMITS.username.min, maxLength: LIMITS.username.max,
    pattern: USERNAME_PATTERN,
    messages: { required: 'login.username.required', minLength: 'jquery.validation.minlength', pattern: 'ssp.login.username.invalid' },
  };
}

/** §5 security answer: required, 2–120. */
export function securityAnswerField(): FormSchema {
  return { type: 'string', title: 'signup.securityAnswer.label', minLength: LIMITS.securityAnswer.min, maxLength: LIMITS.securityAnswer.max };
}

/** The 11 known security question keys; §9 default question_eleven. */
export const SECURITY_QUESTIONS = [
  'question_one', 'question_two', 'question_three', 'question_four', 'question_five', 'question_six',
  'question_seven', 'question_eight', 'question_nine', 'question_ten', 'question_eleven',
] as const;

/** §9 "Defaults: … security question question_eleven": chosen until the member picks another. */
export const DEFAULT_SECURITY_QUESTION: (typeof SECURITY_QUESTIONS)[number] = 'question_eleven';
