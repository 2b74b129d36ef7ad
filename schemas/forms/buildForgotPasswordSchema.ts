/**
 * §5 "Forgot password: username, email, answer required; email must match login
 * ('ssp.forgetpwd.email.error'); answer verified ('ssp.forgetpwd.security.answer.invalid')", with
 * the §5 rules of each field as the other forms write them: username required
 * ('login.username.required', max 80; the sign-up pattern is not applied, as on the login form, so
 * no existing username is refused), email valid 6–80, security answer 2–120. Matching and verifying
 * are the server's answers, not schema rules. The same form in every mode (it has no review page).
 */
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { emailField, required, securityAnswerField } from './commonFields.ts';
import type { FormBuilder } from './types.ts';

export const buildForgotPasswordSchema: FormBuilder = () => assembleForm({
  username: {
    schema: required({ type: 'string', title: 'login.username.label', maxLength: LIMITS.username.max }, 'login.username.required'),
    ui: { 'ui:widget': 'text', 'ui:autocomplete': 'username' },
    required: true,
  },
  email: {
    schema: emailField('forgotPassword.email.label', { required: true }),
    ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email' },
    required: true,
  },
  securityAnswer: {
    schema: { ...securityAnswerField(), title: 'forgotPassword.securityAnswer.label' },
    ui: { 'ui:widget': 'text', 'ui:autocomplete': 'off' },
    required: true,
  },
});
