/**
 * A form's precompiled validator made in the test's own process: the very function body the server
 * serves as the module `export default function createValidators(runtime) { … }`
 * (server/services/validatorModules.ts), evaluated here with `new Function` (Node may; the browser
 * imports the module instead), with the runtime the browser gives it (schemas/forms/validatorRuntime.ts).
 * One per schema object: the rule tables ask about the same form many times.
 */
import { validateOf, validatorRuntime } from '../../schemas/forms/validatorRuntime.ts';
import type { FormSchema } from '../../schemas/forms/types.ts';
import { phoneNumberKeyword } from '../../schemas/rules/phoneNumber.ts';
import { validatorFunctionBody } from '../../server/services/validatorModules.ts';
import { formValidatorFrom, type CreateValidators, type FormValidator } from '../../src/forms/validator.ts';

const compiled = new WeakMap<FormSchema, FormValidator>();

export function compiledFormValidator(schema: FormSchema): FormValidator {
  let validator = compiled.get(schema);
  if (!validator) {
    const createValidators = new Function('runtime', validatorFunctionBody(schema)) as CreateValidators;
    validator = formValidatorFrom(createValidators(validatorRuntime(validateOf(phoneNumberKeyword))), schema);
    compiled.set(schema, validator);
  }
  return validator;
}
