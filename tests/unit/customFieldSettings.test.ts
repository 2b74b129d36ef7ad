/**
 * Issue 11, "custom fields defined by the admin": §3 Custom field as an organisation setting
 * (org-settings.schema.json `customFields`). The schema's rules through the settings editor's
 * validator (the schema's precompiled module, as /admin/api/forms/settings.js serves it) and the
 * server's alike, each with its catalogue key; what only the server checks (a name or an id twice);
 * the defaults; the ids (schemas/customFieldIds.ts); and the preview's flags drawing the
 * organisation's own fields.
 */
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { withCustomFieldIds } from '../../schemas/customFieldIds.ts';
import { buildCustomFieldsSchema } from '../../schemas/forms/buildCustomFieldsSchema.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FormSchema } from '../../schemas/forms/types.ts';
import { orgSettingsSchema, resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { CUSTOM_FIELD_REPEAT_KEYS, validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf } from '../support/formValidators.ts';

const settingsWith = (customFields: unknown[]): OrgSettingsInput => ({ orgName: 'Fields', showCustomfield: true, customFields } as OrgSettingsInput);
const editorForm = { schema: orgSettingsSchema as unknown as FormSchema, uiSchema: {} };
const serverPairs = (settings: unknown) => {
  const result = validateOrgSettings(settings);
  return result.ok ? [] : keysOf(result.errors);
};

const LIST_NEEDS_VALUES = 'admin.settings.error.customFields.definedValues';
const REQUIRED = 'jquery.validation.field.required';

describe('customFields in org-settings.schema.json', () => {
  it.each<[string, unknown[], [string, string][]]>([
    ['a free text field with only its name', [{ name: 'Department' }], []],
    ['the four kinds of the acme demo organisation', fixtureOrgs.acme.input.customFields!, []],
    ['F (free) without values', [{ name: 'Badge number', dataType: 'NUMBER', displayFormat: 'F', definedValues: [] }], []],
    ['L (list) without values', [{ name: 'Team', displayFormat: 'L', definedValues: [] }], [['/customFields/0/definedValues', LIST_NEEDS_VALUES]]],
    ['S (multi-select) without values', [{ name: 'Skills', displayFormat: 'S', definedValues: [] }], [['/customFields/0/definedValues', LIST_NEEDS_VALUES]]],
    ['L (list) with no values given at all', [{ name: 'Team', displayFormat: 'L' }], [['/customFields/0/definedValues', LIST_NEEDS_VALUES]]],
    ['L (list) with values', [{ name: 'Team', displayFormat: 'L', definedValues: ['Red', 'Blue'] }], []],
    ['an empty name', [{ name: '' }], [['/customFields/0/name', REQUIRED]]],
    ['no name', [{ dataType: 'DATE' }], [['/customFields/0/name', REQUIRED]]],
    ['a name of 101 characters', [{ name: 'x'.repeat(101) }], [['/customFields/0/name', 'jquery.validation.maxlength']]],
    ['an empty value of a list', [{ name: 'Team', displayFormat: 'L', definedValues: ['Red', ''] }], [['/customFields/0/definedValues/1', REQUIRED]]],
    ['a value twice', [{ name: 'Team', displayFormat: 'L', definedValues: ['Red', 'Red'] }], [['/customFields/0/definedValues', 'jquery.validation.invalid']]],
    ['an unknown data type', [{ name: 'Team', dataType: 'BOOLEAN' }], [['/customFields/0/dataType', 'jquery.validation.invalid']]],
    ['an unknown display format', [{ name: 'Team', displayFormat: 'X' }], [['/customFields/0/displayFormat', 'jquery.validation.invalid']]],
    ['an id below 1', [{ name: 'Team', attrId: 0 }], [['/customFields/0/attrId', 'jquery.validation.invalid']]],
    ['a property §3 does not name', [{ name: 'Team', savedValues: ['x'] }], [['/customFields/0', 'jquery.validation.invalid']]],
    ['51 fields', Array.from({ length: 51 }, (_, i) => ({ name: `Field ${i}` })), [['/customFields', 'jquery.validation.invalid']]],
  ])('%s: the editor and the server refuse the same', (_name, fields, expected) => {
    const settings = settingsWith(fields);
    expect(keysOf(browserErrors(editorForm, settings))).toEqual(expected);
    expect(serverPairs(settings)).toEqual(expected);
  });

  it('a blank name is refused as missing by the server too (the editor trims it to "")', () => {
    expect(serverPairs(settingsWith([{ name: '   ' }]))).toEqual([['/customFields/0/name', REQUIRED]]);
    expect(keysOf(browserErrors(editorForm, settingsWith([{ name: '   ' }])))).toEqual([['/customFields/0/name', REQUIRED]]);
  });

  it.each<[string, unknown[], [string, string][]]>([
    ['a name twice, blanks and case aside', [{ name: 'Team' }, { name: 'Site' }, { name: ' TEAM' }], [['/customFields/2/name', CUSTOM_FIELD_REPEAT_KEYS.name]]],
    ['an id twice', [{ name: 'Team', attrId: 4 }, { name: 'Site', attrId: 4 }, { name: 'Floor' }], [['/customFields/1/attrId', CUSTOM_FIELD_REPEAT_KEYS.attrId]]],
    ['new fields, no id yet', [{ name: 'Team' }, { name: 'Site' }], []],
  ])('the server refuses %s at the repeat', (_name, fields, expected) => {
    expect(serverPairs(settingsWith(fields))).toEqual(expected);
  });

  it('names every message key it can give in the catalogues', () => {
    const keys = [LIST_NEEDS_VALUES, ...Object.values(CUSTOM_FIELD_REPEAT_KEYS)];
    for (const key of keys) expect((en as Record<string, string>)[key], key).toMatch(/\S/);
  });
});

describe('resolveOrgSettings and custom fields', () => {
  it('gives [] when the settings have none', () => {
    expect(resolveOrgSettings({ orgName: 'None' }).customFields).toEqual([]);
  });

  it('fills each field\'s defaults and leaves attrId to the server', () => {
    expect(resolveOrgSettings(settingsWith([{ name: 'Team' }, { attrId: 7, name: 'Site', displayFormat: 'L', definedValues: ['A'], mandatory: true }])).customFields).toEqual([
      { name: 'Team', dataType: 'STRING', displayFormat: 'F', definedValues: [], mandatory: false, editable: true },
      { attrId: 7, name: 'Site', dataType: 'STRING', displayFormat: 'L', definedValues: ['A'], mandatory: true, editable: true },
    ]);
  });
});

describe('withCustomFieldIds', () => {
  it.each<[string, { attrId?: number; name: string }[], number[], (number | undefined)[]]>([
    ['keeps the ids there', [{ attrId: 3, name: 'a' }, { attrId: 1, name: 'b' }], [], [3, 1]],
    ['numbers new fields past the highest, in the order listed', [{ name: 'a' }, { attrId: 5, name: 'b' }, { name: 'c' }], [], [6, 5, 7]],
    ['starts at 1', [{ name: 'a' }, { name: 'b' }], [], [1, 2]],
    ['skips the ids in use elsewhere (a deleted field\'s, in a kept version)', [{ attrId: 2, name: 'a' }, { name: 'b' }], [9, 4], [2, 10]],
  ])('%s', (_name, fields, inUse, expected) => {
    expect(withCustomFieldIds(fields, inUse).map((field) => field.attrId)).toEqual(expected);
  });

  it('changes nothing it is given', () => {
    const fields: { attrId?: number; name: string }[] = [{ name: 'a' }];
    withCustomFieldIds(fields);
    expect(fields).toEqual([{ name: 'a' }]);
  });
});

describe('previewFlags draws the organisation\'s own custom fields', () => {
  const fields = [
    { attrId: 21, name: 'Shirt size', displayFormat: 'L', definedValues: ['S', 'M'] },
    { name: 'Notes' },
  ];

  it('when showCustomfield is on, numbering a field not saved yet', () => {
    const settings = resolveOrgSettings(settingsWith(fields));
    expect(previewFlags(settings).customFields).toEqual([
      { attrId: 21, name: 'Shirt size', dataType: 'STRING', displayFormat: 'L', definedValues: ['S', 'M'], mandatory: false, editable: true },
      { attrId: 22, name: 'Notes', dataType: 'STRING', displayFormat: 'F', definedValues: [], mandatory: false, editable: true },
    ]);
    const form = buildCustomFieldsSchema(settings, previewFlags(settings), 'edit');
    expect(Object.keys(form.schema.properties ?? {})).toEqual(['cf_21', 'cf_22']);
    expect(form.schema.properties?.cf_21).toMatchObject({ title: 'Shirt size', enum: ['', 'S', 'M'] });
  });

  it('and none when it is off, whatever the settings hold', () => {
    expect(previewFlags(resolveOrgSettings({ ...settingsWith(fields), showCustomfield: false })).customFields).toEqual([]);
  });

  it('every field mandatory in the "everything mandatory" fixture', () => {
    const flags = previewFlags(resolveOrgSettings(settingsWith(fields)), undefined, true);
    expect(flags.customFields?.map((field) => field.mandatory)).toEqual([true, true]);
  });
});
