/**
 * schemas/signUp/fromPayload.ts: the §3 creation payload back into the sign-up builder's form data
 * (so the server validates with the form's schema and pointers), and validated form data into the
 * stored contact paths and address.
 */
import { describe, expect, it } from 'vitest';
import { buildSignUpSchema } from '../../schemas/forms/buildSignUpSchema.ts';
import {
  publicRegisterFormData,
  signUpAddress,
  signUpContactPaths,
  signUpFormData,
} from '../../schemas/signUp/fromPayload.ts';
import type { ContactAddressVo, PublicRegisterPayload, SignUpPayload } from '../../schemas/signUp/payload.ts';
import { toPayload } from '../../schemas/signUp/toPayload.ts';
import { formFixtures } from '../fixtures/formFlags.ts';
import { keysOf, serverErrors } from '../support/formValidators.ts';

const fixture = (id: string) => formFixtures.find((f) => f.id === id)!;
const springfield = fixture('springfield').settings;
const acme = fixture('acme').settings;
const nothingExposed = fixture('nothing-exposed').settings;

const address: ContactAddressVo = {
  pristineLocationName: 'Home', locationName: 'Home', country: 'US', streetAddress: '742 Evergreen Terrace', suite: '', city: 'Springfield',
  state: 'OR', postalCode: '97477', lon: -123.02, lat: 44.05, addressGeoCodingSource: 'Nominatim', id: null,
};

const payload: SignUpPayload = {
  firstName: 'Dana', lastName: 'Member', username: 'dana.member', password: 'Spring2026field', securityQuestion: 'question_two',
  securityAnswer: 'Blue', preferredLanguage: 'fr_FR', organizationId: 'springfield', email: 'dana@example.org',
  contactPaths: [
    { pathId: 1, pathType: 'EMAIL', value: 'dana@example.org' },
    { pathId: 2, pathType: 'SMS', value: '(201) 555-0123', countryCode: 'US', noValidate: false },
  ],
  contactAddressVo: address,
  accept: true,
};

describe('signUpFormData', () => {
  it('springfield: every sign-up value in its form field; an offered phone without a path is the empty widget value', () => {
    expect(signUpFormData(springfield, payload)).toEqual({
      firstName: 'Dana', lastName: 'Member', username: 'dana.member', password: 'Spring2026field', securityQuestion: 'question_two',
      securityAnswer: 'Blue', preferredLanguage: 'fr_FR', email: 'dana@example.org',
      smsPhone: { value: '(201) 555-0123', countryCode: 'US', noValidate: false },
      mobilePhone: { value: '', countryCode: 'US', noValidate: false },
      address: {
        locationName: 'Home', streetAddress: '742 Evergreen Terrace', city: 'Springfield', state: 'OR', postalCode: '97477', country: 'US',
        lat: 44.05, lon: -123.02, addressGeoCodingSource: 'Nominatim', verified: true,
      },
      accept: true,
    });
  });

  it('the data validates with the sign-up builder\'s schema', () => {
    const form = buildSignUpSchema(springfield, { ...fixture('springfield').flags, signUpVariant: 'standard' }, 'signup');
    expect(serverErrors(form, signUpFormData(springfield, payload))).toEqual([]);
  });

  it.each([
    ['blank names are no names (required, as the emptied form field)', { firstName: '  ', lastName: '' }, [['/firstName', 'jquery.validation.field.required'], ['/lastName', 'jquery.validation.field.required']]],
    ['a blank username is a missing one', { username: '' }, [['/username', 'login.username.required']]],
    ['a blank e-mail is missing (mandatory in springfield)', { email: ' ', contactPaths: payload.contactPaths.slice(1) }, [['/email', 'jquery.validation.field.required']]],
    ['terms not accepted', { accept: false }, [['/accept', 'ssp.signup.terms.required']]],
    ['an address without coordinates is not verified', { contactAddressVo: { ...address, lat: null, lon: null } }, [['/address/verified', 'ssp.map.verify.your.location.errormsg']]],
    ['an address with one coordinate is not verified', { contactAddressVo: { ...address, lon: null } }, [['/address/verified', 'ssp.map.verify.your.location.errormsg']]],
    ['a blank address is no address', { contactAddressVo: { ...address, locationName: '', streetAddress: '', lat: null, lon: null } }, []],
    ['an SMS number not valid in the US', { contactPaths: [{ pathId: 2, pathType: 'SMS' as const, value: '1234', countryCode: 'US' }] }, [['/smsPhone/value', 'ssp.checked.phoneNum']]],
  ] as [string, Partial<SignUpPayload>, [string, string][]][])('%s', (_name, change, expected) => {
    const form = buildSignUpSchema(springfield, { ...fixture('springfield').flags, signUpVariant: 'standard' }, 'signup');
    expect(keysOf(serverErrors(form, signUpFormData(springfield, { ...payload, ...change })))).toEqual(expected);
  });

  it('takes the e-mail from an EMAIL path when the e-mail member is blank', () => {
    expect(signUpFormData(springfield, { ...payload, email: '' }).email).toBe('dana@example.org');
  });

  it('leaves out what the organisation\'s form does not have: Slack unless offered, the address and language when not shown', () => {
    const withSlack = { ...payload, contactPaths: [...payload.contactPaths, { pathId: 999, pathType: 'SLACK' as const, value: 'dana@slack.example' }] };
    expect(signUpFormData(springfield, withSlack)).not.toHaveProperty('slack');
    expect(signUpFormData(acme, withSlack).slack).toBe('dana@slack.example');
    const bare = signUpFormData(nothingExposed, withSlack);
    expect(Object.keys(bare).sort()).toEqual(['accept', 'email', 'firstName', 'lastName', 'password', 'securityAnswer', 'securityQuestion', 'username']);
  });

  it('keeps the phone\'s country and "use as is"; a path without a country gets the organisation\'s default', () => {
    const data = signUpFormData(acme, {
      ...payload,
      contactPaths: [{ pathId: 3, pathType: 'PHONE', value: '1234', noValidate: true }, { pathId: 2, pathType: 'SMS', value: '604 555 0100', countryCode: 'CA' }],
    });
    expect(data.mobilePhone).toEqual({ value: '1234', countryCode: 'US', noValidate: true });
    expect(data.smsPhone).toEqual({ value: '604 555 0100', countryCode: 'CA', noValidate: false });
  });
});

describe('publicRegisterFormData', () => {
  const publicPayload: PublicRegisterPayload = {
    firstName: 'Pat', lastName: 'Public', email: 'pat@example.org', organizationId: 'springfield',
    contactPaths: [{ pathId: 3, pathType: 'PHONE', value: '2015550124', countryCode: 'US' }], publicProfileId: 'p-1', token: 'secret',
  };

  it('names, e-mail, contact paths and publicProfileId; never the token', () => {
    expect(publicRegisterFormData(springfield, publicPayload)).toEqual({
      firstName: 'Pat', lastName: 'Public', publicProfileId: 'p-1', email: 'pat@example.org',
      smsPhone: { value: '', countryCode: 'US', noValidate: false },
      mobilePhone: { value: '2015550124', countryCode: 'US', noValidate: false },
    });
  });

  it('validates with the public variant; a blank profile id is missing', () => {
    const form = buildSignUpSchema(springfield, { ...fixture('springfield').flags, signUpVariant: 'public' }, 'signup');
    expect(serverErrors(form, publicRegisterFormData(springfield, publicPayload))).toEqual([]);
    expect(keysOf(serverErrors(form, publicRegisterFormData(springfield, { ...publicPayload, publicProfileId: ' ' }))))
      .toEqual([['/publicProfileId', 'jquery.validation.field.required']]);
  });
});

describe('signUpContactPaths (what is stored)', () => {
  it('acme: e-mail is pathId 1, SMS, phone and Slack the organisation\'s pathIds; numbers stripped (§5); empty paths left out', () => {
    expect(signUpContactPaths(acme, {
      email: 'dana@example.org',
      smsPhone: { value: '(201) 555-0123', countryCode: 'US', noValidate: false },
      mobilePhone: { value: '', countryCode: 'US', noValidate: false },
      slack: 'dana@slack.example',
    })).toEqual([
      { pathId: 1, pathType: 'EMAIL', value: 'dana@example.org' },
      { pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US', noValidate: false },
      { pathId: 999, pathType: 'SLACK', value: 'dana@slack.example' },
    ]);
  });

  it('a "use as is" number keeps its digits; nothing the organisation does not offer', () => {
    expect(signUpContactPaths(springfield, {
      mobilePhone: { value: '12-34', countryCode: 'US', noValidate: true },
      slack: 'dana@slack.example',
    })).toEqual([{ pathId: 3, pathType: 'PHONE', value: '1234', countryCode: 'US', noValidate: true }]);
    expect(signUpContactPaths(nothingExposed, { smsPhone: { value: '2015550123', countryCode: 'US', noValidate: false } })).toEqual([]);
  });
});

describe('signUpAddress', () => {
  it('answers the address as contactAddressVo, blanks as empty text', () => {
    const data = signUpFormData(springfield, payload);
    // A sign-up address is new: no pristine name (the one mapping the browser sends with, formData.ts addressOf).
    expect(signUpAddress(data)).toEqual({ ...address, pristineLocationName: '', suite: '' });
  });

  it('answers null without a name or a street', () => {
    expect(signUpAddress({ address: { country: 'US', lat: null, lon: null, verified: false } })).toBeNull();
    expect(signUpAddress({})).toBeNull();
  });
});

describe('the contract both ways (toPayload.ts, the browser\'s half)', () => {
  it.each([
    ['springfield', springfield, {}],
    ['acme', acme, { slack: 'dana@slack.example', mobilePhone: { value: '1234', countryCode: 'DE', noValidate: true } }],
  ] as const)('%s: form data → payload → the same form data', (orgId, settings, change) => {
    const formData = { ...signUpFormData(settings, payload), ...change };
    const sent = toPayload(formData, { orgId, settings });
    expect(signUpFormData(settings, sent)).toEqual(formData);
  });

  it('public variant: form data → payload → the same form data', () => {
    const formData = publicRegisterFormData(springfield, {
      firstName: 'Pat', lastName: 'Public', email: 'pat@example.org', organizationId: 'springfield', publicProfileId: 'p-1', token: 't',
      contactPaths: [{ pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US' }],
    });
    expect(publicRegisterFormData(springfield, toPayload(formData, { orgId: 'springfield', settings: springfield, token: 't' }))).toEqual(formData);
  });
});
