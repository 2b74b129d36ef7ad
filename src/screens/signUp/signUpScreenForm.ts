import type { BuiltForm, UiSchema } from '../../../schemas/forms/types.ts';
import { SignUpAddressField } from './SignUpAddressField.tsx';

/**
 * The sign-up builder's form as the sign-up screens draw it: the same schema (the server validates
 * with it), and the address drawn by SignUpAddressField (fields, verification dialog, summary)
 * instead of the location widget's map beside the fields. rjsf takes a component in `ui:field`; the
 * shared uiSchema type names only the registry's widgets, hence the cast.
 */
export function signUpScreenForm(form: BuiltForm): BuiltForm {
  const address = form.uiSchema.address;
  if (!address || typeof address !== 'object') return form;
  return {
    schema: form.schema,
    uiSchema: { ...form.uiSchema, address: { ...address, 'ui:field': SignUpAddressField } as unknown as UiSchema },
  };
}
