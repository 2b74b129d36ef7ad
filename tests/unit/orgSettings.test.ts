/** schemas/org-settings.schema.json: the §3 Organisation entity, its defaults, and the type derived from it. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateOrgSettingsType, typePath } from '../../scripts/genOrgSettingsType.ts';
import { orgSettingsSchema, resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { demoOrgIds, fixtureOrgs } from '../fixtures/orgs.ts';

describe('org-settings.schema.json', () => {
  it('is the source of schemas/orgSettings.generated.ts (run `npm run gen:types` after changing it)', async () => {
    expect(await readFile(typePath, 'utf8')).toBe(await generateOrgSettingsType());
  });

  it.each(demoOrgIds)('accepts the %s demo settings', (orgId) => {
    expect(validateOrgSettings(fixtureOrgs[orgId].input)).toMatchObject({ ok: true });
  });

  it('names every field §3 lists for the Organisation', () => {
    const names = Object.keys(orgSettingsSchema.properties);
    for (const field of [
      'orgName', 'hasBanner', 'userStatus', 'isPublic', 'usePublicPortal', 'enabledSSO', 'enableSSP', 'isFedRAMPCustomer',
      'editFirstName', 'editLastName', 'showAddress', 'showWeather', 'showIncidents', 'showIncidentSub', 'showNotificationsToMemberPortal',
      'showNotificationsToMemberPortalSocialSharing', 'showEvent', 'showFAQs', 'showOverview', 'showCrisisTask',
      'showCrisisSingleEventDashboard', 'showCrisisSurvey', 'showPublicFilesLibrary', 'showTravel', 'showCustomfield',
      'showAlertSubscription', 'showGroupSubscription', 'showAlertSubscriptionTimeZone', 'showProfile', 'showSlackDeliveryPath',
      'translation', 'isRecipientExist', 'memberApp', 'enableReceiptTranscripts', 'isEB360MapEnabled',
      'isEnableCountryCodeForMemberPortal', 'hasGeoFanceSetting', 'minSignup', 'signupEmailEditable', 'signupEmailMandatory',
      'SMSSetting', 'phoneSetting', 'slackSetting', 'addressSetting', 'middleInitialsSetting', 'suffixSetting', 'externalIDSetting',
      'emailMandatory', 'shouldShowPreferredLanguage', 'groupMemberShipSetting', 'defaultCountry',
    ]) expect(names, field).toContain(field);
  });

  it('fills the spec defaults (§3 isEB360MapEnabled true, defaultAddressGeoCodingSource Bing, defaultCountry US; translation none)', () => {
    const settings = resolveOrgSettings({ orgName: 'Minimal' });
    expect(settings.isEB360MapEnabled).toBe(true);
    expect(settings.addressSetting.defaultAddressGeoCodingSource).toBe('Bing');
    expect(settings.defaultCountry).toBe('US');
    expect(settings.translation).toEqual({ type: 'none', key: '' });
    expect(settings.enableSSP).toBe(true);
    expect(settings.disabled).toBe(false);
    expect(settings.showWeather).toBe(false);
    expect(settings.SMSSetting).toMatchObject({ type: 'SMS', mandatory: false, editable: true, exposed: true });
    expect(validateOrgSettings(settings)).toMatchObject({ ok: true });
  });

  it('keeps given values and fills only what is missing inside nested settings', () => {
    const settings = resolveOrgSettings({ orgName: 'Partial', addressSetting: { mandatory: true } });
    expect(settings.addressSetting).toEqual({
      mandatory: true, editable: true, expectedLocEditable: false, geocodingType: 'Automatic', defaultAddressGeoCodingSource: 'Bing',
    });
  });

  // An editor that saves a path object with its definition's empty prompt (an admin save of an
  // organisation that never set it) must not leave its contact-path fields without a label.
  it.each([
    ['SMSSetting', 'SMS'], ['phoneSetting', 'Mobile Phone'], ['slackSetting', 'Slack'],
  ] as const)('names %s by its default (%s) when its prompt is blank, and keeps a given one', (name, fallback) => {
    const path = { pathId: 9, mandatory: false, editable: true, exposed: true };
    expect(resolveOrgSettings({ orgName: 'Blank', [name]: { ...path, prompt: '  ' } })[name].prompt).toBe(fallback);
    expect(resolveOrgSettings({ orgName: 'Named', [name]: { ...path, prompt: 'Text me' } })[name].prompt).toBe('Text me');
  });

  it('does not share default objects between organisations', () => {
    const a = resolveOrgSettings({ orgName: 'A' });
    a.countryCodes.push('US');
    expect(resolveOrgSettings({ orgName: 'B' }).countryCodes).toEqual([]);
  });

  it.each([
    ['no orgName', {}, '/orgName'],
    ['an unknown setting', { orgName: 'X', showEverything: true }, '/'],
    ['a flag that is not boolean', { orgName: 'X', showWeather: 'yes' }, '/showWeather'],
    ['an unknown user status', { orgName: 'X', userStatus: 'secret' }, '/userStatus'],
    ['a country that is not ISO 3166', { orgName: 'X', defaultCountry: 'usa' }, '/defaultCountry'],
    ['a negative minSignup', { orgName: 'X', minSignup: -1 }, '/minSignup'],
    ['an unknown translation type', { orgName: 'X', translation: { type: 'babelfish' } }, '/translation/type'],
    ['a path setting without pathId', { orgName: 'X', SMSSetting: { type: 'SMS' } }, '/SMSSetting/pathId'],
  ])('refuses %s with a pointer to it', (_name, settings, pointer) => {
    const result = validateOrgSettings(settings);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.pointer)).toContain(pointer);
  });
});
