/**
 * §2 Login page, §5 "Login: username ('login.username.enterUsername') and password
 * ('login.password.enterPassword') required, checked on blur and submit".
 */
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import type { FormBuilder } from './types.ts';

export const buildLoginSchema: FormBuilder = () => assembleForm({
  username: {
    schema: {
      type: 'string', title: 'login.username.label', minLength: 1, maxLength: LIMITS.username.max,
      messages: { required: 'login.username.enterUsername', minLength: 'login.username.enterUsername' },
    },
    ui: { 'ui:widget': 'text', 'ui:autocomplete': 'username' },
    required: true,
  },
  password: {
    schema: {
      type: 'string', title: 'login.password.label', minLength: 1, maxLength: LIMITS.password.max,
      messages: { required: 'login.password.enterPassword', minLength: 'login.password.enterPassword' },
    },
    ui: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
    required: true,
  },
});
