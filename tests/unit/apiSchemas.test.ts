/**
 * schemas/api (issue 8 item 5): every request and answer schema is a JSON Schema Fastify can compile,
 * and an answer schema, used as the serializer, keeps every property the routes send (fast-json-stringify
 * drops what a response schema does not list).
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import * as accounts from '../../schemas/api/accounts.ts';
import * as admin from '../../schemas/api/admin.ts';
import * as boot from '../../schemas/api/boot.ts';
import * as comms from '../../schemas/api/comms.ts';
import * as common from '../../schemas/api/common.ts';
import * as demo from '../../schemas/api/demo.ts';
import * as featureFlags from '../../schemas/api/featureFlags.ts';
import * as forgotPassword from '../../schemas/api/forgotPassword.ts';
import * as forgotUsername from '../../schemas/api/forgotUsername.ts';
import * as i18n from '../../schemas/api/i18n.ts';
import * as pages from '../../schemas/api/pages.ts';
import * as profile from '../../schemas/api/profile.ts';
import * as publicProfile from '../../schemas/api/publicProfile.ts';
import * as registration from '../../schemas/api/registration.ts';

const domains = { accounts, admin, boot, comms, common, demo, featureFlags, forgotPassword, forgotUsername, i18n, pages, profile, publicProfile, registration };
const schemas = Object.entries(domains).flatMap(([domain, exports]) => Object.entries(exports)
  .filter(([, value]) => typeof value === 'object' && value !== null)
  .map(([name, value]) => [`${domain}.${name}`, value as object] as const));

describe('schemas/api', () => {
  it.each(schemas)('%s compiles', (_name, schema) => {
    const ajv = addFormats(new Ajv({ strict: false }));
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  const account = { id: 7, name: 'Dee Member', username: 'demo.member', timeZone: null, registered: true, isMigrated: false, showEvent: null, showOnCallSchedule: false, showDirectoryChat: false, hasHipaaBridge: true, hasSecureBridge: true, sbWebUri: 'https://bridge.example/' };
  const fieldError = { pointer: '/username', key: 'ssp.login.username.exist', params: {} };
  it.each([
    ['boot answer (settings passed through whole)', boot.BootAnswer, {
      orgId: 'acme', organization: { orgName: 'Acme', isPublic: false, nested: { deep: [1, 2] } }, navConfig: { showNotification: true, showWeather: false, showEvent: true },
      account, serverVersion: '1.0.0', mapTiles: { url: '/tiles/{z}/{x}/{y}.png', attribution: '© City GIS' },
    }],
    ['visitor csrf', boot.CsrfAnswer, { csrfToken: 'abc', account: null }],
    ['refusal', common.Refusal, { errorCode: 'validation', errors: [fieldError] }],
    ['login refusal (FedRAMP)', accounts.LoginRefusal, { status: 'failed', errorCode: 'ssp.request.account.error.fedRamp', remainCount: 2 }],
    ['login', accounts.LoginAnswer, { status: '1', redirect: '/acme/home', CSRF_TOKEN_FOR_SESSION: 'x' }],
    ['user info', registration.PrivateUserInfo, {
      firstName: 'A', lastName: 'B', email: 'a@b.example',
      addresses: [{ pristineLocationName: 'Home', locationName: 'Home', country: 'US', streetAddress: '1 Main', suite: '', city: 'X', state: '', postalCode: '1', lon: null, lat: 1.5, addressGeoCodingSource: '', id: 3 }],
      deliverPathInfo: { emailInfo: { value: 'a@b.example', quietTimeFrame: [], noValidate: false }, phoneInfo: null, SMSInfo: { value: '+1555', countryCode: 'US', quietTimeFrame: [], noValidate: true }, slackInfo: null },
    }],
    ['sign-up', registration.SignUpAnswer, { contactId: 12, CSRF_TOKEN_FOR_SESSION: 'x' }],
    ['register', publicProfile.RegisterAnswer, { individualAccountId: 12, CSRF_TOKEN_FOR_SESSION: 'x' }],
    ['feature flags', featureFlags.FeatureFlagsAnswer, { cme_mbr_delelteButton: true }],
    ['settings conflict', admin.SaveSettingsRefusal, { errorCode: 'settings.conflict', settingsVersion: 4 }],
    ['invitation mail failed', admin.InvitationRefusal, { errorCode: 'invitation.mail.failed', contactId: 5, url: '/acme/new?x=1' }],
    ['profile save', profile.SaveProfileAnswer, { status: 'yes', profileVersion: 3, confirmationSent: [2] }],
    ['profile conflict', profile.SaveProfileRefusal, { errorCode: 'profile.conflict', profileVersion: 4 }],
    ['contact paths', profile.ContactPathsAnswer, {
      contactPaths: [
        {
          pathId: 2, type: 'SMS', pathType: 'SMS', name: 'SMS', editable: true, mandatory: false, expose: true, value: '2175550123', displayValue: '(217) 555-0123', countryCode: 'US',
          noValidate: false, phoneExt: null, pin: null, systemRequirement: null, waitTime: 5, pathEnable: true, sortOrder: 0,
          quietTimeFrames: [{ name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 22, toMin: 0, allDay: true }], confirmed: false,
        },
        {
          pathId: 5, type: 'NUMERICPAGER', pathType: 'NUMERICPAGER', name: 'Pager', editable: true, mandatory: false, expose: true, pagerServices: ['SkyTel'],
          value: '', displayValue: '', countryCode: null, noValidate: false, phoneExt: null, pin: '12', systemRequirement: 'SkyTel', waitTime: null, pathEnable: false, sortOrder: 1,
          quietTimeFrames: [], confirmed: null,
        },
      ],
      unconfirmedPathsReceive: true, minContactPathNum: 1, profileVersion: 2,
    }],
    ['demo mails', demo.DemoMails, { mails: [{ mailId: 1, recipient: 'a@b.example', subject: 's', text: 't', createdAt: '2026-01-01T00:00:00.000Z', sentAt: null }] }],
  ] as const)('%s: serialized without losing a property', (_name, schema, answer) => {
    expect(JSON.parse(fastJson(schema as object)(answer))).toEqual(answer);
  });
});
