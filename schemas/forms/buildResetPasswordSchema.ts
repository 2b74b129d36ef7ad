/**
 * §5 "Reset: password policy, confirm equal, old password required in expired mode (max 64)".
 * §4 calls the expired mode (login status -1, p_expired = Y, here `flags.expiredPassword`) the
 * "change-password mode", so that mode is the change-password form itself, the old password being
 * its `currentPassword`; a reset after forgot-password is the same form without it.
 * The same form in every mode (it has no review page).
 */
import { buildChangePasswordSchema } from './buildChangePasswordSchema.ts';
import type { FormBuilder } from './types.ts';

export const buildResetPasswordSchema: FormBuilder = (settings, flags, mode) => {
  const changePassword = buildChangePasswordSchema(settings, flags, mode);
  if (flags.expiredPassword) return changePassword;
  const { schema, uiSchema } = changePassword;
  const { currentPassword: _currentPassword, ...properties } = schema.properties ?? {};
  const { currentPassword: _currentPasswordUi, ...fieldsUi } = uiSchema;
  const withoutCurrent = (names: string[] | undefined) => (names ?? []).filter((name) => name !== 'currentPassword');
  return {
    schema: { ...schema, required: withoutCurrent(schema.required), properties },
    uiSchema: { ...fieldsUi, 'ui:order': withoutCurrent(uiSchema['ui:order']) },
  };
};
