/**
 * §5 "Change password: current required and checked server-side; new follows policy; confirm
 * required and equal ('ssp.password.confirm.invalid')", §3 "Change-password form: currentPassword,
 * newPassword, confirmPassword", §5 password "required ('login.password.required')", §9 max 64.
 * Whether the current password is right is the server's answer, not a schema rule; "equal" is the
 * `sameAs` keyword (schemas/rules/sameAs.ts). The same form in every mode (it has no review page).
 */
import { LIMITS } from '../rules/limits.ts';
import { passwordPolicyOf } from '../rules/passwordPolicy.ts';
import { assembleForm, type FormLayout } from './assembleForm.ts';
import { required } from './commonFields.ts';
import type { FormBuilder, FormPieces } from './types.ts';
import type { OrgSettings } from '../orgSettings.ts';

const PASSWORD_REQUIRED = 'login.password.required';

/** The fields of the change-password form; the reset form (buildResetPasswordSchema.ts) is the same without `currentPassword`. */
export function changePasswordPieces(settings: OrgSettings): FormPieces {
  return {
    currentPassword: {
      schema: required({ type: 'string', title: 'changePassword.currentPassword.label', maxLength: LIMITS.password.max }, PASSWORD_REQUIRED),
      ui: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
      required: true,
    },
    newPassword: {
      schema: {
        type: 'string', title: 'changePassword.newPassword.label', minLength: 1, maxLength: LIMITS.password.max,
        passwordPolicy: passwordPolicyOf(settings),
        messages: { required: PASSWORD_REQUIRED, minLength: PASSWORD_REQUIRED },
      },
      ui: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
      required: true,
    },
    confirmPassword: {
      schema: {
        type: 'string', title: 'changePassword.confirmPassword.label', minLength: 1,
        messages: { minLength: 'jquery.validation.field.required', sameAs: 'ssp.password.confirm.invalid' },
      },
      ui: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
      required: true,
    },
  };
}

/** "Confirm equal to new" (the `sameAs` keyword) around the password fields; "Saving…" while sent. */
export const CHANGE_PASSWORD_LAYOUT: FormLayout = {
  schema: { sameAs: { confirmPassword: 'newPassword' } },
  ui: { 'ui:options': { busyLabelKey: 'form.busy.saving' } },
};

export const buildChangePasswordSchema: FormBuilder = (settings) => assembleForm(changePasswordPieces(settings), CHANGE_PASSWORD_LAYOUT);
