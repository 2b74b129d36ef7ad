import type { FieldError } from '../../../schemas/forms/types.ts';

/** What signUp (§7) and register answer: the new account and the rotated session's token, or why not. */
export interface SignUpAnswer {
  contactId?: number;
  individualAccountId?: number | string;
  CSRF_TOKEN_FOR_SESSION?: string;
  errorCode?: string;
  errors?: FieldError[];
}

/** Shown when a refusal names no field and its errorCode has no message of its own (network failure included). */
export const SIGN_UP_FAILED = 'signup.failed';

/**
 * §4 "otherwise signUpError stored from errorCode … Failure message shows above the create button":
 * field errors go inline (the form's serverErrors) and no message is shown; otherwise the message is
 * the errorCode's own, or SIGN_UP_FAILED for a code without a message (`isKnown`: the catalogue has it).
 */
export function signUpFailure(answer: unknown, isKnown: (key: string) => boolean): { errors: FieldError[]; messageKey: string | null } {
  const body = (answer && typeof answer === 'object' ? answer : {}) as SignUpAnswer;
  const errors = Array.isArray(body.errors) ? body.errors : [];
  if (errors.length > 0) return { errors, messageKey: null };
  const code = typeof body.errorCode === 'string' && body.errorCode !== '' ? body.errorCode : null;
  return { errors: [], messageKey: code && isKnown(code) ? code : SIGN_UP_FAILED };
}
