/**
 * §5 "Forgot username: email required, valid, max 80, known (else 'ssp.forgotUsername.email.invalid')"
 * with the one §5 email rule of every form (commonFields.ts `emailField`: format
 * 'jquery.validation.email', §9 length 6–80). "Known" is the server's answer, not a schema rule.
 * The same form in every mode (it has no review page).
 */
import { emailField } from './commonFields.ts';
import type { FormBuilder } from './types.ts';

export const buildForgotUsernameSchema: FormBuilder = () => {
  return {
    schema: {
      type: 'object',
      required: ['email'],
      properties: {
        email: emailField('forgotUsername.email.label', { required: true }),
      },
    },
    uiSchema: {
      'ui:order': ['email'],
      // §5 "known (else 'ssp.forgotUsername.email.invalid')": the server answers, checked as you leave the field.
      email: { 'ui:widget': 'email', 'ui:autocomplete': 'email', 'ui:options': { asyncCheck: 'knownEmail', asyncCheckMessage: 'ssp.forgotUsername.email.invalid' } },
    },
  };
};
