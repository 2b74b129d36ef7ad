/**
 * §5 "Change password: current required and checked server-side; new follows policy; confirm
 * required and equal ('ssp.password.confirm.invalid')", §3 "Change-password form: currentPassword,
 * newPassword, confirmPassword", §5 password "required ('login.password.required')", §9 max 64.
 * Whether the current password is right is the server's answer, not a schema rule; "equal" is the
 * `sameAs` keyword (schemas/rules/sameAs.ts). The same form in every mode (it has no review page).
 */
import { LIMITS } from '../rules/limits.ts';
import { passwordPolicyOf } from '../rules/passwordPolicy.ts';
import { required } from './commonFields.ts';
import type { FormBuilder } from './types.ts';

const PASSWORD_REQUIRED = 'login.password.required';

export const buildChangePasswordSchema: FormBuilder = (settings) => {
  return {
    schema: {
      type: 'object',
      required: ['currentPassword', 'newPassword', 'confirmPassword'],
      properties: {
        currentPassword: required({ type: 'string', title: 'changePassword.currentPassword.label', maxLength: LIMITS.password.max }, PASSWORD_REQUIRED),
        newPassword: {
          type: 'string', title: 'changePassword.newPassword.label', minLength: 1, maxLength: LIMITS.password.max,
          passwordPolicy: passwordPolicyOf(settings),
          messages: { required: PASSWORD_REQUIRED, minLength: PASSWORD_REQUIRED },
        },
        confirmPassword: {
          type: 'string', title: 'changePassword.confirmPassword.label', minLength: 1,
          messages: { minLength: 'jquery.validation.field.required', sameAs: 'ssp.password.confirm.invalid' },
        },
      },
      sameAs: { confirmPassword: 'newPassword' },
    },
    uiSchema: {
      'ui:order': ['currentPassword', 'newPassword', 'confirmPassword'],
      currentPassword: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
      newPassword: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
      confirmPassword: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
    },
  };
};
