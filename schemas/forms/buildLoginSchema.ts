/**
 * §2 Login page, §5 "Login: username ('login.username.enterUsername') and password
 * ('login.password.enterPassword') required, checked on blur and submit".
 */
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import type { FieldPiece, FormBuilder, UiSchema } from './types.ts';

/** A required login field: empty or missing says the field's own key. */
const requiredField = (title: string, max: number, key: string, ui: UiSchema): FieldPiece => ({
  schema: { type: 'string', title, minLength: 1, maxLength: max, messages: { required: key, minLength: key } },
  ui,
  required: true,
});

export const buildLoginSchema: FormBuilder = () => assembleForm({
  username: requiredField('login.username.label', LIMITS.username.max, 'login.username.enterUsername', { 'ui:widget': 'text', 'ui:autocomplete': 'username' }),
  password: requiredField('login.password.label', LIMITS.password.max, 'login.password.enterPassword', { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' }),
}, { ui: { 'ui:options': { busyLabelKey: 'form.busy.signingIn' } } });
