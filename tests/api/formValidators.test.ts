/**
 * Issue 10 item 1: the browser's form validators come precompiled from the server. A module is
 * served only for the schema the browser built (else 409), is imported as it is (here through a
 * data: URL, as the UI tests do; Chromium imports the address itself in tests/e2e), and refuses
 * exactly what the server refuses. The admin preview's modules are compiled from unsaved settings,
 * behind the administrator guard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { buildChangePasswordSchema } from '../../schemas/forms/buildChangePasswordSchema.ts';
import { buildForgotPasswordSchema } from '../../schemas/forms/buildForgotPasswordSchema.ts';
import { buildLoginSchema } from '../../schemas/forms/buildLoginSchema.ts';
import { buildSignUpSchema } from '../../schemas/forms/buildSignUpSchema.ts';
import type { BuiltForm, FormFlags } from '../../schemas/forms/types.ts';
import { validatorRuntime, validateOf, VALIDATOR_RUNTIME_VERSION } from '../../schemas/forms/validatorRuntime.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { phoneNumberKeyword } from '../../schemas/rules/phoneNumber.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { findOrganization } from '../../server/repositories/organizations.ts';
import { formValidatorFrom, type CreateValidators, type FormValidator } from '../../src/forms/validator.ts';
import { formValidatorUrl } from '../../src/forms/validatorModule.ts';
import { keysOf, serverErrors } from '../support/formValidators.ts';
import { signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
});

const settingsOf = async (orgId: string) => (await findOrganization(t.database.db, orgId))!.settings;

/** Imports a module's text as the UI tests do (Node's loader takes no http: address). */
async function importModule(code: string): Promise<CreateValidators> {
  return ((await import(`data:text/javascript;charset=utf-8,${encodeURIComponent(code)}`)) as { default: CreateValidators }).default;
}

async function served(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  return response;
}

async function browserValidator(url: string, form: BuiltForm): Promise<FormValidator> {
  const response = await served(url);
  expect(response.statusCode).toBe(200);
  const create = await importModule(response.body);
  return formValidatorFrom(create(validatorRuntime(validateOf(phoneNumberKeyword))), form.schema);
}

describe('a form validator module', () => {
  const loginFlags: FormFlags = { featureFlags: FEATURE_FLAGS_OFF };

  it('is served for the schema the browser built, as JavaScript cached for good, with no eval and no import', async () => {
    const form = buildLoginSchema(await settingsOf('springfield'), loginFlags, 'signup');
    const response = await served(formValidatorUrl('springfield', 'login', 'signup', loginFlags, form.schema));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.startsWith(`// Form validator, runtime v${VALIDATOR_RUNTIME_VERSION},`)).toBe(true);
    expect(response.body).toContain('export default function createValidators(runtime)');
    expect(response.body).not.toMatch(/\brequire\(|\bimport\s*\(|\beval\(|new Function/);
  });

  // The sign-up form has every kind of rule: patterns, lengths, formats, if/then, the password
  // policy, the phone rule and the contact-path minimum.
  it.each([
    ['an empty form', {}],
    ['a short username and a weak password', { firstName: 'Ann', lastName: 'Lee', username: 'ab', password: 'password', email: 'ann@example.org' }],
    ['letters in a phone number and a bad e-mail', { firstName: 'Ann', lastName: 'Lee', username: 'ann.lee', password: 'Str0ng!Passw0rd', email: 'ann@', smsPhone: { value: '555-CALL', countryCode: 'US', noValidate: false } }],
    ['an address to verify', { firstName: 'Ann', lastName: 'Lee', username: 'ann.lee', password: 'Str0ng!Passw0rd', email: 'ann@example.org', accept: true, address: { locationName: 'Home', streetAddress: '' } }],
    ['a complete sign-up', { firstName: 'Ann', lastName: 'Lee', username: 'ann.lee', password: 'Str0ng!Passw0rd', securityQuestion: 'question_one', securityAnswer: 'blue', preferredLanguage: 'en_US', email: 'ann@example.org', accept: true, smsPhone: { value: '2015550123', countryCode: 'US', noValidate: false } }],
  ])('refuses %s exactly as the server does', async (_name, data) => {
    const flags: FormFlags = { featureFlags: FEATURE_FLAGS_OFF, signUpVariant: 'standard' };
    const form = buildSignUpSchema(await settingsOf('springfield'), flags, 'signup');
    const validator = await browserValidator(formValidatorUrl('springfield', 'signUp', 'signup', flags, form.schema), form);
    expect(keysOf(validator.validate(data))).toEqual(keysOf(serverErrors(form, data)));
  });

  it('answers 409 form.changed for a schema the server does not build (a page from older settings)', async () => {
    const stale = buildLoginSchema(resolveOrgSettings({ orgName: 'Old', passwordPolicy: 'fedramp' } as never), loginFlags, 'signup');
    const current = buildLoginSchema(await settingsOf('springfield'), loginFlags, 'signup');
    const url = formValidatorUrl('springfield', 'login', 'signup', loginFlags, { ...current.schema, title: 'something else' });
    expect(stale).toBeDefined();
    const response = await served(url);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: 'form.changed' });
  });

  it.each([
    ['flags that are not JSON', (url: string) => url.replace(/flags=[^&]*/, 'flags=%7Bnope'), 400, 'form.flags'],
    ['flags without the feature flags', (url: string) => url.replace(/flags=[^&]*/, `flags=${encodeURIComponent('{"signUpVariant":"public"}')}`), 400, 'form.flags'],
    ['flags far too long', (url: string) => url.replace(/flags=[^&]*/, `flags=${'x'.repeat(9000)}`), 400, 'request.invalid'],
    ['no flags', (url: string) => url.replace(/\?.*$/, ''), 400, 'request.invalid'],
    ['another runtime version', (url: string) => url.replace(`/v${VALIDATOR_RUNTIME_VERSION}/`, '/v99/'), 404, 'form.runtimeVersion'],
    ['a mode the form does not have', (url: string) => url.replace('/signup/', '/review/'), 404, 'form.mode'],
    ['an unknown form', (url: string) => url.replace('/forgotPassword/', '/nothing/'), 400, 'request.invalid'],
    ['a file that is no schema hash', (url: string) => url.replace(/\/[^/]+\.js\?/, '/..%2Fetc.js?'), 400, 'request.invalid'],
    ['an unknown organisation', (url: string) => url.replace('/springfield/', '/nowhere/'), 404, undefined],
  ])('refuses %s', async (_name, change, status, errorCode) => {
    const flags: FormFlags = { featureFlags: FEATURE_FLAGS_OFF };
    const form = buildForgotPasswordSchema(await settingsOf('springfield'), flags, 'signup');
    const response = await served(change(formValidatorUrl('springfield', 'forgotPassword', 'signup', flags, form.schema)));
    expect(response.statusCode).toBe(status);
    if (errorCode) expect(response.json().errorCode).toBe(errorCode);
    expect(response.body).not.toContain('export default');
  });
});

describe('the admin page validators', () => {
  const signIn = () => signInAdmin(t.app);

  it('compile the preview form from unsaved settings and serve it to administrators only', async () => {
    const admin = await signIn();
    const settings = { orgName: 'Preview Town', isFedRAMPCustomer: true };
    const compile = (headers: Record<string, string>) => t.app.inject({
      method: 'POST', url: '/admin/api/orgs/springfield/forms/changePassword/validator', headers, payload: { settings, mode: 'edit' },
    });
    expect((await compile({})).statusCode).toBe(401);
    expect((await compile({ cookie: admin.cookie })).statusCode).toBe(403);
    const compiled = await compile({ cookie: admin.cookie, 'x-csrf-token': admin.csrfToken });
    expect(compiled.statusCode).toBe(200);
    const { url } = compiled.json() as { url: string };
    expect(url).toMatch(/^\/admin\/api\/forms\/validators\/[A-Za-z0-9_-]{43}\.js$/);
    expect((await served(url)).statusCode).toBe(401);
    const module = await served(url, { cookie: admin.cookie });
    expect(module.statusCode).toBe(200);
    // The form of the edited settings (FedRAMP passwords: 15 characters of four kinds), not of the stored ones.
    const form = buildChangePasswordSchema(resolveOrgSettings(settings as never), { featureFlags: FEATURE_FLAGS_OFF }, 'edit');
    const validator = formValidatorFrom((await importModule(module.body))(validatorRuntime()), form.schema);
    const weak = { currentPassword: 'Old-passw0rd', newPassword: 'Short-1a', confirmPassword: 'Short-1a' };
    expect(keysOf(validator.validate(weak))).toEqual([['/newPassword', 'ssp.password.valid.invalid']]);
    expect(keysOf(validator.validate(weak))).toEqual(keysOf(serverErrors(form, weak)));
    expect((await served(url.replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43)), { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('refuse to compile invalid settings, with the field errors and nothing stored', async () => {
    const admin = await signIn();
    const response = await t.app.inject({
      method: 'POST', url: '/admin/api/orgs/springfield/forms/login/validator', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
      payload: { settings: { passwordPolicy: 'nonsense' }, mode: 'signup' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation');
  });

  it('serve the settings editor its validator', async () => {
    const admin = await signIn();
    expect((await served('/admin/api/forms/settings.js')).statusCode).toBe(401);
    const module = await served('/admin/api/forms/settings.js', { cookie: admin.cookie });
    expect(module.statusCode).toBe(200);
    expect(module.body).toContain('export default function createValidators(runtime)');
  });
});
