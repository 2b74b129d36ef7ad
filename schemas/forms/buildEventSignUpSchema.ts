/**
 * §5 "Event sign-up: full name if requireName; mobile always checked against North American pattern
 * ('eventSubscription.validation.phone'), required if requireMobile; email valid
 * ('eventSubscription.validation.email'), required if requireEmail", from `flags.eventSignUp`
 * (§3 eventSubscriptionWebPage; absent means nothing required). Mobile and email are checked once
 * something is typed (`if: { minLength: 1 }`), so an optional empty field passes and a required empty
 * one reports "required" alone; the email rule is the one of every form (commonFields.ts `emailField`,
 * §9 6–80) with this form's key. Names max 100 (§9). The same form in every mode.
 */
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { emailField } from './commonFields.ts';
import type { FormBuilder, FormSchema } from './types.ts';

/**
 * A North American (NANP) number as people type it, after jQuery validation's `phoneUS`: an optional
 * +1 or 1, an area code (optionally in brackets) and an exchange that do not start with 0 or 1 (and
 * an area code not of the N11 service form), then four digits; single spaces, dots or hyphens between.
 */
const NORTH_AMERICAN_PHONE =
  '^(?:\\+?1[-. ]?)?(?:\\([2-9](?:[02-9][0-9]|1[02-9])\\)|[2-9](?:[02-9][0-9]|1[02-9]))[-. ]?[2-9][0-9]{2}[-. ]?[0-9]{4}$';

const REQUIRED = 'jquery.validation.field.required';
const EMAIL_INVALID = 'eventSubscription.validation.email';

/** Required: present and not empty, with the one "required" message either way. */
const requiredWhen = (on: boolean): FormSchema => (on ? { minLength: 1, messages: { minLength: REQUIRED } } : {});

export const buildEventSignUpSchema: FormBuilder = (_settings, flags) => {
  const { requireName = false, requireMobile = false, requireEmail = false } = flags.eventSignUp ?? {};
  return assembleForm({
    fullName: {
      schema: { type: 'string', title: 'eventSubscription.fullName.label', maxLength: LIMITS.name.max, ...requiredWhen(requireName) },
      ui: { 'ui:widget': 'text', 'ui:autocomplete': 'name' },
      required: requireName,
    },
    mobile: {
      schema: {
        type: 'string', title: 'eventSubscription.mobile.label', ...requiredWhen(requireMobile),
        if: { minLength: 1 },
        then: { pattern: NORTH_AMERICAN_PHONE, messages: { pattern: 'eventSubscription.validation.phone' } },
      },
      ui: { 'ui:widget': 'text', 'ui:autocomplete': 'tel', 'ui:options': { inputType: 'tel' } },
      required: requireMobile,
    },
    email: {
      schema: emailField('eventSubscription.email.label', { invalidKey: EMAIL_INVALID, required: requireEmail }),
      ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      required: requireEmail,
    },
  });
};
