/**
 * schemas/forms/memberFlags.ts: the flags `GET …/profile` and `GET …/contactPaths` answer are the
 * admin preview's (schemas/forms/previewFlags.ts, "as the server would send them for a newly
 * registered member") with the member's values, so previewFlags can be switched to them without a
 * schema snapshot changing. And schemas/timeZones.ts: §3 Profile.timezones.
 */
import { describe, expect, it } from 'vitest';
import { FORM_BUILDERS } from '../../schemas/forms/formBuilders.ts';
import { contactPathDefinitionsOf, NEW_MEMBER, profileFlagsOf } from '../../schemas/forms/memberFlags.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FormFlags, FormMode } from '../../schemas/forms/types.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import { formFixtures } from '../fixtures/formFlags.ts';

const allMandatoryOf = (id: string) => id === 'everything-mandatory';

describe('memberFlags: the preview\'s derivation, with the member\'s values', () => {
  it.each(formFixtures.map((f) => [f.id, f] as const))('%s: a new member\'s profile flags are the preview\'s', (id, { settings }) => {
    expect(profileFlagsOf(settings, NEW_MEMBER, allMandatoryOf(id))).toEqual(previewFlags(settings, undefined, allMandatoryOf(id)).profile);
  });

  it.each(formFixtures.map((f) => [f.id, f] as const))('%s: the paths are the preview\'s but for SMS/phone/Slack `editable`, which follows their setting', (id, { settings }) => {
    const preview = previewFlags(settings, undefined, allMandatoryOf(id)).contactPaths!;
    const paths = contactPathDefinitionsOf(settings, allMandatoryOf(id));
    const editableOf = (pathId: number) => [settings.SMSSetting, settings.phoneSetting, settings.slackSetting].find((s) => s.pathId === pathId)?.editable ?? true;
    expect(paths).toEqual(preview.map((path) => ({ ...path, editable: editableOf(path.pathId) })));
  });

  it.each(formFixtures.map((f) => [f.id, f] as const))('%s: every form built from them is the preview\'s (the snapshots would not change)', (id, { settings, flags }) => {
    const member: FormFlags = { ...flags, profile: profileFlagsOf(settings, NEW_MEMBER, allMandatoryOf(id)), contactPaths: contactPathDefinitionsOf(settings, allMandatoryOf(id)) };
    for (const [name, builder] of Object.entries(FORM_BUILDERS)) {
      for (const mode of builder.modes as readonly FormMode[]) {
        expect(builder.build(settings, member, mode), `${name}.${mode}`).toEqual(builder.build(settings, flags, mode));
      }
    }
  });

  it('fills in the member\'s values and what their account is', () => {
    const { settings } = formFixtures.find((f) => f.id === 'acme')!;
    const flags = profileFlagsOf(settings, {
      firstName: 'Dana', lastName: 'Member', middleInitial: 'J', suffix: null, externalId: 'E-7',
      registered: true, isMigrated: true, fromPublicPortal: true, hasPassword: false,
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
