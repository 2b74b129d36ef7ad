/**
 * §2 Sign-up page: name and credentials (first and last name, username, password with show/hide,
 * preferred language, security question default question_eleven and its answer), contact
 * information (email, SMS, phone, Slack), location information, and the terms box (required: the
 * create button stays enabled and a refused submit says the terms are not accepted). Variants (§1/§2): `standard`; `public` (new-profile: names, email, contact paths and
 * publicProfileId only); `universal` (as standard; the address is optional unless mandatory).
 * §5 contact-path minimum: min = lesser of the exposed paths and minSignup; when they are equal,
 * every exposed path is mandatory.
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import type { OrgSettings } from '../orgSettings.ts';
import { CONTACT_PATH_MINIMUM_INTRO_KEY, contactPathMinimum } from '../rules/contactPathMinimum.ts';
import { LIMITS } from '../rules/limits.ts';
import { passwordPolicyOf } from '../rules/passwordPolicy.ts';
import { followableUrlOr } from '../followableUrl.ts';
import { assembleForm } from './assembleForm.ts';
import { locationPieces } from './buildLocationSchema.ts';
import { DEFAULT_SECURITY_QUESTION, emailField, nameField, SECURITY_QUESTIONS, securityAnswerField, usernameField } from './commonFields.ts';
import { phoneField } from './phoneField.ts';
import { readOnlyUiUnless, readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder, FormPieces, FormSchema } from './types.ts';
import type { FormSection } from './widgetOptions.ts';

const VERIFY = 'ssp.map.verify.your.location.errormsg';
/** The built-in terms of use (public/legal/terms.html), linked when the organisation names none. */
const TERMS_PAGE = '/public/legal/terms.html';
const VERIFY_BOTH = 'ssp.map.verify.your.location.errormsg.required';

/** `verified`, set by the "Verify your location" modal (§4), never typed. */
const VERIFIED: FormSchema = { type: 'boolean', title: 'signup.address.verified.label', const: true, messages: { const: VERIFY, required: VERIFY } };

/**
 * §2 universal variant "address optional unless mandatory": an optional address asks for name,
 * street and verification together, once either name or street is given (§5 '...errormsg.required'
 * when only one of them is entered).
 */
function optionalAddress(address: FormSchema): FormSchema {
  const props = (address.properties ?? {}) as Record<string, FormSchema>;
  const withoutMinimum = (name: string): FormSchema => {
    const { minLength: _minLength, messages: _messages, ...rest } = props[name] ?? {};
    return rest;
  };
  const both = (name: string): FormSchema => ({ title: props[name]?.title, minLength: 1, messages: { required: VERIFY_BOTH, minLength: VERIFY_BOTH } });
  const present = (name: string): FormSchema => ({ required: [name], properties: { [name]: { minLength: 1 } } });
  return {
    type: 'object',
    properties: { ...props, locationName: withoutMinimum('locationName'), streetAddress: withoutMinimum('streetAddress') },
    if: { anyOf: [present('locationName'), present('streetAddress')] },
    then: {
      required: ['locationName', 'streetAddress', 'verified'],
      properties: { locationName: both('locationName'), streetAddress: both('streetAddress'), verified: VERIFIED },
    },
  };
}

/**
 * §5 "Verification: if address mandatory or present it must be verified
 * ('ssp.map.verify.your.location.errormsg'; '...errormsg.required' when only one of name/street
 * entered)". The location dialog's fields with a `verified` flag the map modal sets; a mandatory
 * address keeps the dialog's own rules (name and street required) plus the verification.
 */
function signUpAddressPiece(settings: OrgSettings): FieldPiece {
  const { mandatory } = settings.addressSetting;
  const location = locationPieces(settings, 'signup');
  const address = assembleForm({
    ...location.pieces,
    verified: { schema: mandatory ? VERIFIED : { type: 'boolean' }, ui: { 'ui:options': { hidden: true } }, required: mandatory },
  }, {
    // §4 "Verify your location": the address fields, the verification dialog and its summary.
    ui: readOnlyUiUnless(location.editable, { 'ui:widget': 'signUpAddress', 'ui:options': { ...location.options, label: false } }),
    json: { required: 'whenAny' },
  });
  return {
    // Titled by its section's heading: the group's legend says the same to a screen reader only.
    schema: { title: 'signup.section.location', ...(mandatory ? address.schema : optionalAddress(address.schema)) },
    ui: address.uiSchema,
    required: mandatory,
  };
}

export const buildSignUpSchema: FormBuilder = (settings, flags) => {
  const variant = flags.signUpVariant ?? 'standard';
  const slackShown = settings.showSlackDeliveryPath && settings.slackSetting.exposed;
  const exposed = {
    email: true,
    smsPhone: settings.SMSSetting.exposed,
    mobilePhone: settings.phoneSetting.exposed,
    slack: slackShown,
  };
  const exposedFields = Object.entries(exposed).filter(([, shown]) => shown).map(([name]) => name);
  const min = contactPathMinimum(exposedFields.length, settings.minSignup);
  const allMandatory = min > 0 && min === exposedFields.length;
  const mandatory = {
    email: allMandatory || settings.signupEmailMandatory,
    smsPhone: allMandatory || settings.SMSSetting.mandatory,
    mobilePhone: allMandatory || settings.phoneSetting.mandatory,
    slack: allMandatory || settings.slackSetting.mandatory,
  };

  const account: FormPieces = variant === 'public'
    ? {
      publicProfileId: {
        schema: { type: 'string', title: 'signup.publicProfileId.label', minLength: 1, maxLength: 100 },
        ui: { 'ui:options': { hidden: true } },
        required: true,
      },
    }
    : {
      username: { schema: usernameField(), ui: { 'ui:widget': 'text', 'ui:autocomplete': 'username', 'ui:options': { asyncCheck: 'username' } }, required: true },
      password: {
        schema: {
          type: 'string', title: 'signup.password.label', minLength: 1, maxLength: LIMITS.password.max, passwordPolicy: passwordPolicyOf(settings),
          messages: { required: 'login.password.required', minLength: 'login.password.required' },
        },
        ui: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
        required: true,
      },
      securityQuestion: {
        schema: { type: 'string', title: 'signup.securityQuestion.label', enum: [...SECURITY_QUESTIONS], default: DEFAULT_SECURITY_QUESTION },
        ui: { 'ui:widget': 'securityQuestion' },
        required: true,
      },
      securityAnswer: { schema: securityAnswerField(), required: true },
      ...(settings.shouldShowPreferredLanguage ? {
        preferredLanguage: {
          schema: { type: 'string', title: 'signup.preferredLanguage.label', enum: LANGUAGES.map((l) => l.lang), default: DEFAULT_LANGUAGE },
          ui: { 'ui:widget': 'preferredLanguage' },
        },
      } : {}),
    };

  const phone = (title: string, pathType: 'SMS' | 'PHONE', required: boolean, label: string): FieldPiece => ({
    schema: phoneField(settings, { title, pathType, mandatory: required, label }),
    ui: { 'ui:widget': 'phone', 'ui:autocomplete': 'tel-national' },
  });
  const pieces: FormPieces = {
    firstName: { schema: nameField('signup.firstName.label', 'ssp.field.firstname.invalid'), ui: { 'ui:autocomplete': 'given-name' }, required: true },
    lastName: { schema: nameField('signup.lastName.label', 'ssp.field.lastname.invalid'), ui: { 'ui:autocomplete': 'family-name' }, required: true },
    ...account,
    email: readOnlyUnless(settings.signupEmailEditable, {
      schema: emailField('signup.email.label', { required: mandatory.email }),
      ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      required: mandatory.email,
    }),
    smsPhone: exposed.smsPhone ? phone('signup.smsPhone.label', 'SMS', mandatory.smsPhone, settings.SMSSetting.prompt) : undefined,
    mobilePhone: exposed.mobilePhone ? phone('signup.mobilePhone.label', 'PHONE', mandatory.mobilePhone, settings.phoneSetting.prompt) : undefined,
    slack: slackShown ? { schema: emailField('signup.slack.label', { required: mandatory.slack }), ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email' }, required: mandatory.slack } : undefined,
    address: settings.showAddress && variant !== 'public' ? signUpAddressPiece(settings) : undefined,
    accept: variant !== 'public' ? {
      schema: { type: 'boolean', title: 'signup.accept.label', const: true, default: false, messages: { const: 'ssp.signup.terms.required', required: 'ssp.signup.terms.required' } },
      // §2 the terms the box accepts: the organisation's, else the built-in page (as the footer links them).
      ui: { 'ui:widget': 'terms', 'ui:options': { termsUrl: followableUrlOr(settings.termsUrl, TERMS_PAGE) } },
      required: true,
    } : undefined,
  };

  const sections: FormSection[] = [
    { titleKey: 'signup.section.account', fields: ['firstName', 'lastName', 'username', 'password', 'preferredLanguage', 'securityQuestion', 'securityAnswer', 'publicProfileId'] },
    {
      titleKey: 'signup.section.contact',
      fields: ['email', 'smsPhone', 'mobilePhone', 'slack'],
      ...(min > 0 ? { intro: { key: CONTACT_PATH_MINIMUM_INTRO_KEY, params: { count: min } } } : {}),
    },
    { titleKey: 'signup.section.location', fields: ['address'] },
    { titleKey: 'signup.section.terms', fields: ['accept'] },
  ].map((section: FormSection) => ({ ...section, fields: section.fields.filter((name) => pieces[name] !== undefined) })).filter((section) => section.fields.length > 0);

  return assembleForm(pieces, {
    order: sections.flatMap((section) => section.fields),
    schema: min > 0 ? { contactPathMinimum: { min, fields: exposedFields } } : {},
    ui: { 'ui:options': { sections, submitLabelKey: 'signup.create.button', busyLabelKey: 'form.busy.creatingAccount' } },
    json: { fieldsFirst: true },
  });
};
