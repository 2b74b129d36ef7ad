/**
 * schemas/forms/memberFlags.ts: the flags `GET …/profile` and `GET …/contactPaths` answer, and the
 * admin preview draws for a new member (the schema snapshots hold the forms they build). And
 * schemas/timeZones.ts: §3 Profile.timezones.
 */
import { describe, expect, it } from 'vitest';
import { contactPathDefinitionsOf, NEW_MEMBER, profileFlagsOf } from '../../schemas/forms/memberFlags.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import { formFixtures } from '../fixtures/formFlags.ts';

describe('memberFlags: a member\'s profile flags (the preview draws NEW_MEMBER\'s)', () => {
  it.each(formFixtures.map((f) => [f.id, f] as const))('%s: SMS, phone and Slack paths are editable as their setting says (§6)', (_id, { settings }) => {
    const paths = contactPathDefinitionsOf(settings);
    for (const setting of [settings.SMSSetting, settings.phoneSetting]) {
      expect(paths.find((path) => path.pathId === setting.pathId)).toMatchObject({ name: setting.prompt, editable: setting.editable, expose: setting.exposed });
    }
    expect(paths.some((path) => path.type === 'SLACK')).toBe(settings.showSlackDeliveryPath);
  });

  it('a new member\'s fields are empty, and the everything-mandatory fixture makes each mandatory', () => {
    const { settings } = formFixtures.find((f) => f.id === 'everything-mandatory')!;
    const flags = profileFlagsOf(settings, NEW_MEMBER, true);
    expect(flags.profiles.every((field) => field.value === '' && field.mandatory)).toBe(true);
    expect(contactPathDefinitionsOf(settings, true).every((path) => path.mandatory)).toBe(true);
  });

  it('fills in the member\'s values and what their account is', () => {
    const { settings } = formFixtures.find((f) => f.id === 'acme')!;
    const flags = profileFlagsOf(settings, {
      firstName: 'Dana', lastName: 'Member', middleInitial: 'J', suffix: null, externalId: 'E-7',
      registered: true, isMigrated: true, fromPublicPortal: true, hasPassword: false, hasUsername: false,
    });
    expect(flags.profiles.map(({ fieldName, value }) => [fieldName, value])).toEqual([
      ['firstName', 'Dana'], ['lastName', 'Member'], ['middleInitial', 'J'], ['suffix', ''], ['externalId', 'E-7'],
    ]);
    expect(flags).toMatchObject({ isMigrated: true, fromPublicPortal: true, isChangePassword: false, minContactPathNum: 2 });
    // acme: external id exposed and editable (README "Demo organisations").
    expect(flags.profiles.find((p) => p.fieldName === 'externalId')).toMatchObject({ profileId: 5, expose: true, editable: true });
  });
});

describe('TIME_ZONES (§3 Profile.timezones)', () => {
  it('are IANA zones the runtime knows, each once, with a label', () => {
    const ids = TIME_ZONES.map((zone) => zone.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, displayLabel } of TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: id }), id).not.toThrow();
      expect(displayLabel).toMatch(/^\(UTC([+-]\d\d:\d\d)?\) \S/);
    }
  });

  it('hold the zones of the preview\'s sample list', () => {
    const { timeZones } = previewFlags(formFixtures[0]!.settings);
    expect(TIME_ZONES.map((zone) => zone.id)).toEqual(expect.arrayContaining(timeZones!.map((zone) => zone.id)));
  });
});
