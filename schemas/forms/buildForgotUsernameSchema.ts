/**
 * §5 "Forgot username: email required, valid, max 80, known (else 'ssp.forgotUsername.email.invalid')"
 * with the one §5 email rule of every form (commonFields.ts `emailField`: format
 * 'jquery.validation.email', §9 length 6–80). "Known" is the server's answer, not a schema rule.
 * The same form in every mode (it has no review page).
 */
import { assembleForm } from './assembleForm.ts';
import { emailField } from './commonFields.ts';
import type { FormBuilder } from './types.ts';

export const buildForgotUsernameSchema: FormBuilder = () => assembleForm({
  email: {
    schema: emailField('forgotUsername.email.label', { required: true }),
    // §5 "known (else 'ssp.forgotUsername.email.invalid')": the server answers, checked as you leave the field.
    ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email', 'ui:options': { asyncCheck: 'knownEmail', asyncCheckMessage: 'ssp.forgotUsername.email.invalid' } },
    required: true,
  },
});
