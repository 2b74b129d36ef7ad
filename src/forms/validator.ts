/**
 * The browser's validator: rjsf's ajv8 validator customised with the same ajv options, keywords and
 * formats the server uses (schemas/forms/ajvOptions.ts), exactly as tests/support/formValidators.ts
 * builds it, so a rule proven in the rule tables is the rule the form applies.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import { FORM_AJV_OPTIONS, FORM_FORMATS } from '../../schemas/forms/ajvOptions.ts';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import type { FieldError, FormSchema } from '../../schemas/forms/types.ts';

export const formValidator = customizeValidator({
  ajvOptionsOverrides: { ...FORM_AJV_OPTIONS, keywords: [...FORM_AJV_OPTIONS.keywords] },
  customFormats: { ...FORM_FORMATS },
});

/** §5 errors of `data` against `schema`: `{ pointer, key, params }` per field and keyword, in document order. */
export function validateFormData(schema: FormSchema, data: unknown): FieldError[] {
  const { errors } = formValidator.rawValidation<ErrorObject>(schema as never, data);
  return toFieldErrors(errors);
}
