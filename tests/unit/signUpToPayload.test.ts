/**
 * §3 "Account creation payload" from the sign-up form's data (schemas/signUp/toPayload.ts): every
 * value goes where the payload contract (schemas/signUp/payload.ts) says, e-mail is pathId 1, the other
 * paths take the organisation's pathIds, empty optional paths and an address not given are left out,
 * and the public variant carries only its own fields and the token.
 */
import { describe, expect, it } from 'vitest';
import { buildSignUpSchema } from '../../schemas/forms/buildSignUpSchema.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { EMAIL_PATH_ID } from '../../schemas/signUp/payload.ts';
import type { SignUpFormData } from '../../schemas/signUp/formData.ts';
import { publicRegisterFormData, signUpFormData } from '../../schemas/signUp/fromPayload.ts';
import { toPayload } from '../../schemas/signUp/toPayload.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { serverErrors } from '../support/formValidators.ts';

const springfield = fixtureOrgs.springfield.settings;
const acme = fixtureOrgs.acme.settings;

const credentials = {
  firstName: 'Ada', lastName: 'Lovelace', username: 'ada.l', password: 'Engine1843',
  securityQuestion: 'question_eleven', securityAnswer: 'analytical',
};

describe('toPayload: the standard sign-up (§3 account creation payload)', () => {
  it('moves every value of a complete springfield sign-up into the payload', () => {
    const data: SignUpFormData = {
      ...credentials,
      preferredLanguage: 'fr_FR',
      email: 'ada@example.org',
      smsPhone: { value: '(201) 555-0123', countryCode: 'US', noValidate: false },
      mobilePhone: { value: '020 7946 0958', countryCode: 'GB', noValidate: true },
      address: {
        locationName: 'Home', streetAddress: '12 Analytical Row', suite: 'Flat 2', city: 'Springfield', state: 'IL',
        postalCode: '62701', country: 'US', lat: 39.7817, lon: -89.6501, addressGeoCodingSource: 'Manual', verified: true,
      },
      accept: true,
    };
    expect(toPayload(data, { orgId: 'springfield', settings: springfield })).toEqual({
      ...credentials,
      preferredLanguage: 'fr_FR',
      organizationId: 'springfield',
      email: 'ada@example.org',
      contactPaths: [
        { pathId: 1, pathType: 'EMAIL', value: 'ada@example.org' },
        { pathId: 2, pathType: 'SMS', value: '(201) 555-0123', countryCode: 'US', noValidate: false },
        { pathId: 3, pathType: 'PHONE', value: '020 7946 0958', countryCode: 'GB', noValidate: true },
      ],
      contactAddressVo: {
        pristineLocationName: '', locationName: 'Home', country: 'US', streetAddress: '12 Analytical Row', suite: 'Flat 2',
        city: 'Springfield', state: 'IL', postalCode: '62701', lon: -89.6501, lat: 39.7817, addressGeoCodingSource: 'Manual', id: null,
      },
      accept: true,
    });
  });

  // §3 contactPaths: which paths a sign-up sends, and under which pathId.
  const pathRows: [string, SignUpFormData, Parameters<typeof toPayload>[1]['settings'], unknown[]][] = [
    ['e-mail is pathId 1 (EMAIL_PATH_ID)', { email: 'a@example.org' }, springfield,
      [{ pathId: EMAIL_PATH_ID, pathType: 'EMAIL', value: 'a@example.org' }]],
    ['an empty e-mail is left out', { email: '' }, springfield, []],
    ['an SMS number without digits typed is left out, its country notwithstanding', { smsPhone: { value: '', countryCode: 'US', noValidate: false } }, springfield, []],
    ['a blank voice number is left out', { mobilePhone: { value: '   ', countryCode: 'US', noValidate: false } }, springfield, []],
    ['Slack takes the organisation\'s pathId (acme 999)', { slack: 'ada@acme.example' }, acme,
      [{ pathId: 999, pathType: 'SLACK', value: 'ada@acme.example' }]],
    ['an empty Slack address is left out', { slack: '' }, acme, []],
    ['SMS and voice take the pathIds of SMSSetting and phoneSetting',
      { smsPhone: { value: '5551234567', countryCode: 'CA', noValidate: false }, mobilePhone: { value: '5557654321', countryCode: 'MX', noValidate: true } },
      resolveOrgSettings({ orgName: 'Custom paths', SMSSetting: { pathId: 22, type: 'SMS', mandatory: false, editable: true, exposed: true, prompt: 'SMS' }, phoneSetting: { pathId: 33, type: 'PHONE', mandatory: false, editable: true, exposed: true, prompt: 'Phone' } }),
      [
        { pathId: 22, pathType: 'SMS', value: '5551234567', countryCode: 'CA', noValidate: false },
        { pathId: 33, pathType: 'PHONE', value: '5557654321', countryCode: 'MX', noValidate: true },
      ]],
    ['a phone number travels as typed, with the "use as is" flag (§4)', { smsPhone: { value: '+44 20 7946 0958 ', countryCode: 'PN', noValidate: true } }, springfield,
      [{ pathId: 2, pathType: 'SMS', value: '+44 20 7946 0958 ', countryCode: 'PN', noValidate: true }]],
  ];
  it.each(pathRows)('%s', (_rule, data, settings, contactPaths) => {
    expect(toPayload({ ...credentials, ...data }, { orgId: 'springfield', settings }).contactPaths).toEqual(contactPaths);
  });

  // §5 "if address mandatory or present": an address is given by its name or its street.
  const addressRows: [string, SignUpFormData['address'], boolean][] = [
    ['no address at all', undefined, false],
    ['only the defaults (country, geocoding source)', { country: 'US', addressGeoCodingSource: 'Bing', lat: null, lon: null, verified: false }, false],
    ['blank name and street', { locationName: ' ', streetAddress: '', city: 'Springfield', lat: null, lon: null, verified: false }, false],
    ['a location name', { locationName: 'Work', lat: null, lon: null, verified: false }, true],
    ['a street', { streetAddress: '1 Main St', lat: null, lon: null, verified: false }, true],
  ];
  it.each(addressRows)('address: %s → contactAddressVo %s', (_case, address, sent) => {
    const payload = toPayload({ ...credentials, address }, { orgId: 'springfield', settings: springfield });
    expect('contactAddressVo' in payload).toBe(sent);
  });

  it('sends null coordinates for an address verified without a map point', () => {
    const payload = toPayload({ ...credentials, address: { locationName: 'Work', streetAddress: '1 Main St', lat: null, lon: null, verified: true } }, { orgId: 'springfield', settings: springfield });
    expect(payload.contactAddressVo).toMatchObject({ lat: null, lon: null, suite: '', city: '', id: null, pristineLocationName: '' });
  });

  it('leaves the preferred language out when the form has none, and accept is false unless ticked', () => {
    const payload = toPayload({ ...credentials }, { orgId: 'acme', settings: acme });
    expect('preferredLanguage' in payload).toBe(false);
    expect(payload.accept).toBe(false);
    expect(payload.email).toBe('');
    expect(payload.organizationId).toBe('acme');
  });
});

describe('toPayload: the public variant (§3 "public variant uses firstName, lastName, email, organizationId, contactPaths, publicProfileId")', () => {
  it('carries only the public fields and the token', () => {
    const data: SignUpFormData = {
      publicProfileId: 'pp-42', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org',
      smsPhone: { value: '2015550123', countryCode: 'US', noValidate: false }, mobilePhone: { value: '', countryCode: 'US', noValidate: false },
    };
    expect(toPayload(data, { orgId: 'springfield', settings: springfield, token: 'tok-1' })).toEqual({
      firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', organizationId: 'springfield',
      contactPaths: [
        { pathId: 1, pathType: 'EMAIL', value: 'grace@example.org' },
        { pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US', noValidate: false },
      ],
      publicProfileId: 'pp-42',
      token: 'tok-1',
    });
  });
});

describe('toPayload and fromPayload are the two halves of one contract', () => {
  // What the browser sends is what the server rebuilds: the same form data, valid for the same schema.
  const complete: SignUpFormData = {
    ...credentials,
    preferredLanguage: 'fr_FR',
    email: 'ada@example.org',
    smsPhone: { value: '(201) 555-0123', countryCode: 'US', noValidate: false },
    mobilePhone: { value: '', countryCode: 'US', noValidate: false },
    address: {
      locationName: 'Home', streetAddress: '742 Evergreen Terrace', city: 'Springfield', state: 'OR', postalCode: '97477',
      country: 'US', lat: 44.05, lon: -123.02, addressGeoCodingSource: 'Manual', verified: true,
    },
    accept: true,
  };

  it('a springfield sign-up comes back as the same form data, which the builder\'s schema accepts', () => {
    const rebuilt = signUpFormData(springfield, toPayload(complete, { orgId: 'springfield', settings: springfield }));
    expect(rebuilt).toEqual(complete);
    const form = buildSignUpSchema(springfield, { featureFlags: fixtureOrgs.springfield.flags, signUpVariant: 'standard' }, 'signup');
    expect(serverErrors(form, rebuilt)).toEqual([]);
  });

  it('an acme sign-up with Slack comes back the same', () => {
    const data: SignUpFormData = {
      ...credentials, password: 'Acme-2026x', email: 'ada@acme.example', slack: 'ada@acme.example',
      smsPhone: { value: '', countryCode: 'US', noValidate: false }, mobilePhone: { value: '', countryCode: 'US', noValidate: false }, accept: true,
    };
    const rebuilt = signUpFormData(acme, toPayload(data, { orgId: 'acme', settings: acme }));
    expect(rebuilt).toEqual(data);
    const form = buildSignUpSchema(acme, { featureFlags: fixtureOrgs.acme.flags, signUpVariant: 'standard' }, 'signup');
    expect(serverErrors(form, rebuilt)).toEqual([]);
  });

  it('the public variant comes back the same', () => {
    const data: SignUpFormData = {
      publicProfileId: 'pp-42', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org',
      smsPhone: { value: '2015550123', countryCode: 'US', noValidate: false }, mobilePhone: { value: '', countryCode: 'US', noValidate: false },
    };
    expect(publicRegisterFormData(springfield, toPayload(data, { orgId: 'springfield', settings: springfield, token: 't' }))).toEqual(data);
  });
});
