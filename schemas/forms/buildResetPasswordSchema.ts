/**
 * §5 "Reset: password policy, confirm equal, old password required in expired mode (max 64)".
 * §4 calls the expired mode (login status -1, p_expired = Y, here `flags.expiredPassword`) the
 * "change-password mode", so that mode is the change-password form itself, the old password being
 * its `currentPassword`; a reset after forgot-password is the same form without it.
 * The same form in every mode (it has no review page).
 */
import { assembleForm } from './assembleForm.ts';
import { CHANGE_PASSWORD_LAYOUT, changePasswordPieces } from './buildChangePasswordSchema.ts';
import type { FormBuilder } from './types.ts';

export const buildResetPasswordSchema: FormBuilder = (settings, flags) => {
  const { currentPassword, ...withoutCurrent } = changePasswordPieces(settings);
  return assembleForm(flags.expiredPassword ? { currentPassword, ...withoutCurrent } : withoutCurrent, CHANGE_PASSWORD_LAYOUT);
};
