/**
 * The browser's validator (issue 10 item 1): the form's schema precompiled by the server with the
 * very ajv options, keywords and formats it validates with (server/services/validatorModules.ts),
 * imported as a same-origin ES module and handed to rjsf through `createPrecompiledValidator`. No
 * ajv compiler reaches the browser and nothing is evaluated from a string, so the CSP has no
 * 'unsafe-eval'. The phone keyword (libphonenumber-js) is loaded only for a form with a phone field.
 *
 * The form draws once its validator is there (the conditions of its schema decide which fields it
 * has); if it cannot be had, the form draws and submits with `PENDING`: no browser check, the server's
 * answer shows the errors instead.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ErrorObject } from 'ajv';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import type { FieldError, FormSchema } from '../../schemas/forms/types.ts';
import { usesPhoneRule, validateOf, validatorRuntime, type ValidatorRuntime } from '../../schemas/forms/validatorRuntime.ts';
import { importModule, type CreateValidators, type ValidateFns } from './validatorModule.ts';

export type { CreateValidators, ValidateFns };

export interface FormValidator {
  /** Handed to rjsf (it resolves `if` conditions with it while drawing). */
  validator: ValidatorType;
  /** §5 errors of `data`: `{ pointer, key, params }` per field and keyword, in document order. */
  validate(data: unknown): FieldError[];
}

/** Where a form's validator comes from: the address of its module, a loader of one's own (the admin preview), or the validator itself (tests). */
export type ValidatorSource = string | (() => Promise<FormValidator>) | FormValidator;

/** The validator built from a module's functions for `schema` (the same object rjsf draws). */
export function formValidatorFrom(validateFns: ValidateFns, schema: FormSchema): FormValidator {
  const validator = createPrecompiledValidator(validateFns, schema as RJSFSchema);
  return {
    validator,
    validate: (data) => toFieldErrors(validator.rawValidation<ErrorObject>(schema as RJSFSchema, data).errors),
  };
}

/** The runtime a module of `schema` needs: the phone keyword only if the form has a phone field. */
export async function runtimeFor(schema: FormSchema): Promise<ValidatorRuntime> {
  if (!usesPhoneRule(schema)) return validatorRuntime();
  const { phoneNumberKeyword } = await import('../../schemas/rules/phoneNumber.ts');
  return validatorRuntime(validateOf(phoneNumberKeyword));
}

/** Loads the module at `url` (and the phone keyword when needed, at the same time) for `schema`. */
export async function loadFormValidator(url: string, schema: FormSchema): Promise<FormValidator> {
  const [module, runtime] = await Promise.all([importModule(url), runtimeFor(schema)]);
  return formValidatorFrom(module.default(runtime), schema);
}

/** When no module can be had: rjsf draws every `if` as not met, and nothing is refused in the browser (the server still checks). */
export const PENDING: FormValidator = {
  validator: {
    validateFormData: () => ({ errors: [], errorSchema: {} }),
    toErrorList: () => [],
    isValid: () => false,
    rawValidation: () => ({ errors: [] }),
  } as ValidatorType,
  validate: () => [],
};
