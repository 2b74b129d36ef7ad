/**
 * §2 Sign-up page: name and credentials (first and last name, username, password with show/hide,
 * preferred language, security question default question_eleven and its answer), contact
 * information (email, SMS, phone, Slack), location information, and the terms box that gates the
 * create button. Variants (§1/§2): `standard`; `public` (new-profile: names, email, contact paths and
 * publicProfileId only); `universal` (as standard; the address is optional unless mandatory).
 * §5 contact-path minimum: min = lesser of the exposed paths and minSignup; when they are equal,
 * every exposed path is mandatory.
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import { contactPathMinimum } from '../rules/contactPathMinimum.ts';
import { LIMITS } from '../rules/limits.ts';
import { passwordPolicyOf } from '../rules/passwordPolicy.ts';
import { buildLocationSchema } from './buildLocationSchema.ts';
import { emailField, nameField, requiredOf, SECURITY_QUESTIONS, securityAnswerField, usernameField } from './commonFields.ts';
import { phoneField } from './phoneField.ts';
import type { FormBuilder, FormSchema, UiSchema } from './types.ts';

const VERIFY = 'ssp.map.verify.your.location.errormsg';
const VERIFY_BOTH = 'ssp.map.verify.your.location.errormsg.required';

/**
 * §5 "Verification: if address mandatory or present it must be verified
 * ('ssp.map.verify.your.location.errormsg'; '...errormsg.required' when only one of name/street
 * entered)"; §2 universal variant: "address optional unless mandatory". The location dialog's schema
 * with a `verified` flag the map modal sets, and name and street asked for together.
 */
function signUpAddress(location: FormSchema, mandatory: boolean): FormSchema {
  const props = (location.properties ?? {}) as Record<string, FormSchema>;
  const verified: FormSchema = { type: 'boolean', title: 'signup.address.verified.label', const: true, messages: { const: VERIFY, required: VERIFY } };
  if (mandatory) {
    // The dialog's own rules (name and street required) plus the verification.
    return { ...location, required: [...(location.required ?? []), 'verified'], properties: { ...props, verified } };
  }
  const withoutMinimum = (name: string): FormSchema => {
    const { minLength: _minLength, messages: _messages, ...rest } = props[name] ?? {};
    return rest;
  };
  const both = (name: string): FormSchema => ({ title: props[name]?.title, minLength: 1, messages: { required: VERIFY_BOTH, minLength: VERIFY_BOTH } });
  const present = (name: string): FormSchema => ({ required: [name], properties: { [name]: { minLength: 1 } } });
  return {
    type: 'object',
    properties: { ...props, locationName: withoutMinimum('locationName'), streetAddress: withoutMinimum('streetAddress'), verified: { type: 'boolean' } },
    if: { anyOf: [present('locationName'), present('streetAddress')] },
    then: {
      required: ['locationName', 'streetAddress', 'verified'],
      properties: { locationName: both('locationName'), streetAddress: both('streetAddress'), verified },
    },
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

  const properties: Record<string, FormSchema> = {
    firstName: nameField('signup.firstName.label', 'ssp.field.firstname.invalid'),
    lastName: nameField('signup.lastName.label', 'ssp.field.lastname.invalid'),
  };
  const required = ['firstName', 'lastName'];
  const uiSchema: UiSchema = {};

  if (variant !== 'public') {
    properties.username = usernameField();
    properties.password = {
      type: 'string', title: 'signup.password.label', minLength: 1, maxLength: LIMITS.password.max, passwordPolicy: passwordPolicyOf(settings),
      messages: { required: 'login.password.required', minLength: 'login.password.required' },
    };
    properties.securityQuestion = { type: 'string', title: 'signup.securityQuestion.label', enum: [...SECURITY_QUESTIONS], default: 'question_eleven' };
    properties.securityAnswer = securityAnswerField();
    required.push('username', 'password', 'securityQuestion', 'securityAnswer');
    uiSchema.username = { 'ui:widget': 'text', 'ui:autocomplete': 'username', 'ui:options': { asyncCheck: 'username' } };
    uiSchema.password = { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' };
    uiSchema.securityQuestion = { 'ui:widget': 'securityQuestion' };
    if (settings.shouldShowPreferredLanguage) {
      properties.preferredLanguage = { type: 'string', title: 'signup.preferredLanguage.label', enum: LANGUAGES.map((l) => l.lang), default: DEFAULT_LANGUAGE };
      uiSchema.preferredLanguage = { 'ui:widget': 'preferredLanguage' };
    }
  } else {
    properties.publicProfileId = { type: 'string', title: 'signup.publicProfileId.label', minLength: 1, maxLength: 100 };
    required.push('publicProfileId');
    uiSchema.publicProfileId = { 'ui:options': { hidden: true } };
  }

  properties.email = { ...emailField('signup.email.label', { required: mandatory.email }), ...(settings.signupEmailEditable ? {} : { readOnly: true }) };
  uiSchema.email = { 'ui:widget': 'email', 'ui:autocomplete': 'email', ...(settings.signupEmailEditable ? {} : { 'ui:readonly': true }) };
  if (exposed.smsPhone) {
    properties.smsPhone = phoneField(settings, { title: 'signup.smsPhone.label', pathType: 'SMS', mandatory: mandatory.smsPhone, label: settings.SMSSetting.prompt });
    uiSchema.smsPhone = { 'ui:widget': 'phone' };
  }
  if (exposed.mobilePhone) {
    properties.mobilePhone = phoneField(settings, { title: 'signup.mobilePhone.label', pathType: 'PHONE', mandatory: mandatory.mobilePhone, label: settings.phoneSetting.prompt });
    uiSchema.mobilePhone = { 'ui:widget': 'phone' };
  }
  if (slackShown) {
    properties.slack = emailField('signup.slack.label', { required: mandatory.slack });
    uiSchema.slack = { 'ui:widget': 'email' };
  }
  required.push(...requiredOf({ email: mandatory.email, slack: slackShown && mandatory.slack }));

  if (settings.showAddress && variant !== 'public') {
    const location = buildLocationSchema(settings, flags, 'signup');
    // Titled by its section's heading: the group's legend says the same to a screen reader only.
    properties.address = { title: 'signup.section.location', ...signUpAddress(location.schema, settings.addressSetting.mandatory) };
    // `verified` is set by the "Verify your location" modal (§4), never typed.
    uiSchema.address = {
      ...location.uiSchema,
      // §4 "Verify your location": the address fields, the verification dialog and its summary.
      'ui:widget': 'signUpAddress',
      'ui:options': { ...location.uiSchema['ui:options'], label: false },
      'ui:order': [...(location.uiSchema['ui:order'] ?? []), 'verified'],
      verified: { 'ui:options': { hidden: true } },
    };
    if (settings.addressSetting.mandatory) required.push('address');
  }

  if (variant !== 'public') {
    properties.accept = { type: 'boolean', title: 'signup.accept.label', const: true, default: false, messages: { const: 'ssp.signup.terms.required', required: 'ssp.signup.terms.required' } };
    required.push('accept');
    uiSchema.accept = { 'ui:widget': 'terms' };
  }

  const sections = [
    { titleKey: 'signup.section.account', fields: ['firstName', 'lastName', 'username', 'password', 'preferredLanguage', 'securityQuestion', 'securityAnswer', 'publicProfileId'] },
    { titleKey: 'signup.section.contact', fields: ['email', 'smsPhone', 'mobilePhone', 'slack'] },
    { titleKey: 'signup.section.location', fields: ['address'] },
    { titleKey: 'signup.section.terms', fields: ['accept'] },
  ].map((section) => ({ ...section, fields: section.fields.filter((f) => f in properties) })).filter((section) => section.fields.length > 0);

  return {
    schema: {
      type: 'object',
      properties,
      required,
      ...(min > 0 ? { contactPathMinimum: { min, fields: exposedFields } } : {}),
    },
    uiSchema: {
      ...uiSchema,
      'ui:order': sections.flatMap((s) => s.fields),
      'ui:options': { sections, submitLabelKey: 'signup.create.button', submitNeeds: variant === 'public' ? [] : ['accept'] },
    },
  };
};
