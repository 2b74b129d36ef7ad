/**
 * Issue 11: the admin's settings form speaks the administrator's words. Every setting sits in one
 * section and has a label and a help text in en_US (and in the other 26 catalogues), the
 * contact paths' internal ids are read-only, isPublic follows userStatus, and errors are named by label.
 */
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { helpKey, labelKey, labelledErrors, settingPaths, settingsForm, SETTINGS_SECTIONS, summaryLabelKey, withPublicFollowingStatus } from '../../src/admin/settingsForm.ts';
import { orgSettingsSchema } from '../../schemas/orgSettings.ts';

const catalogue = en as Record<string, string>;

describe('the settings form', () => {
  it('puts every setting in exactly one section', () => {
    const placed = SETTINGS_SECTIONS.flatMap((section) => [...section.fields]);
    expect([...placed].sort()).toEqual(Object.keys(orgSettingsSchema.properties).sort());
    expect(new Set(placed).size).toBe(placed.length);
    const { uiSchema } = settingsForm();
    for (const section of SETTINGS_SECTIONS) expect(catalogue[`admin.settings.section.${section.id}`]).toMatch(/\S/);
    expect((uiSchema['ui:options'] as { sections: unknown[] }).sections).toHaveLength(SETTINGS_SECTIONS.length);
  });

  it.each(settingPaths().map((path) => [path.join('/'), path] as const))('%s has a label, a help text and a summary name in en_US', (_name, path) => {
    expect(catalogue[labelKey(path)]).toMatch(/\S/);
    expect(catalogue[helpKey(path)]).toMatch(/\S/);
    expect(catalogue[summaryLabelKey(path)]).toMatch(/\S/);
  });

  it('names no setting by its property name', () => {
    const { uiSchema } = settingsForm();
    expect((uiSchema.orgName as Record<string, unknown>)['ui:title']).toBe('admin.settings.label.orgName');
    expect(catalogue['admin.settings.label.SMSSetting']).toBe('SMS path');
    expect(catalogue['admin.settings.label.phoneSetting']).toBe('Phone path');
    expect(catalogue['admin.settings.label.slackSetting']).toBe('Slack path');
  });

  it('shows the internal ids of a contact path read-only and draws isPublic with userStatus', () => {
    const { uiSchema } = settingsForm();
    for (const path of ['SMSSetting', 'phoneSetting', 'slackSetting']) {
      const ui = uiSchema[path] as Record<string, Record<string, unknown>>;
      expect(ui.pathId!['ui:readonly']).toBe(true);
      expect(ui.type!['ui:readonly']).toBe(true);
      expect(ui.prompt!['ui:readonly']).toBeUndefined();
    }
    expect((uiSchema.isPublic as Record<string, unknown>)['ui:options']).toEqual({ hidden: true });
    expect(withPublicFollowingStatus({ orgName: 'X', userStatus: 'public', isPublic: false }, { orgName: 'X', userStatus: 'private', isPublic: false }).isPublic).toBe(true);
    expect(withPublicFollowingStatus({ orgName: 'X', userStatus: 'private', isPublic: true }, { orgName: 'X', userStatus: 'public', isPublic: true }).isPublic).toBe(false);
    // Unchanged userStatus: isPublic is left as stored.
    expect(withPublicFollowingStatus({ orgName: 'Y', userStatus: 'public', isPublic: false }, { orgName: 'X', userStatus: 'public', isPublic: false }).isPublic).toBe(false);
  });

  it('lists the custom fields right after "Additional information", each field of an item labelled, its choices named and its id read-only', () => {
    const profile = SETTINGS_SECTIONS.find((section) => section.id === 'profile')!.fields as readonly string[];
    expect(profile.indexOf('customFields')).toBe(profile.indexOf('showCustomfield') + 1);
    expect(settingPaths().filter((path) => path[0] === 'customFields').map((path) => path.join('/'))).toEqual([
      'customFields', 'customFields/name', 'customFields/dataType', 'customFields/displayFormat', 'customFields/definedValues',
      'customFields/mandatory', 'customFields/editable', 'customFields/attrId',
    ]);
    const { uiSchema } = settingsForm();
    const list = uiSchema.customFields as Record<string, unknown>;
    expect(list['ui:title']).toBe('admin.settings.label.customFields');
    const item = list.items as Record<string, Record<string, unknown>>;
    expect(item['ui:title']).toBe('admin.settings.label.customField');
    expect(catalogue['admin.settings.label.customField']).toBe('Custom field');
    expect(item.name).toMatchObject({ 'ui:title': 'admin.settings.label.customFields.name', 'ui:description': 'admin.settings.help.customFields.name' });
    expect(item.attrId!['ui:readonly']).toBe(true);
    expect(item.name!['ui:readonly']).toBeUndefined();
    const names = (field: string) => (item[field]!['ui:options'] as { enumNames: Record<string, string> }).enumNames;
    expect(names('dataType')).toEqual({
      STRING: 'admin.settings.option.customFields.dataType.STRING', DATE: 'admin.settings.option.customFields.dataType.DATE', NUMBER: 'admin.settings.option.customFields.dataType.NUMBER',
    });
    for (const key of [...Object.values(names('dataType')), ...Object.values(names('displayFormat'))]) expect(catalogue[key], key).toMatch(/\S/);
    expect(catalogue['admin.settings.option.customFields.displayFormat.L']).toBe('List (one choice)');
    // The values are a list of texts, each labelled "Value" (read by screen readers, not shown twice).
    const values = (item.definedValues!.items as Record<string, unknown>);
    expect(values['ui:title']).toBe('admin.settings.label.customFields.definedValue');
    expect(catalogue['admin.settings.label.customFields.definedValue']).toBe('Value');
  });

  it('names an error inside a custom field by the list and the field: "Custom fields › Values"', () => {
    const errors = labelledErrors([
      { pointer: '/customFields/2/definedValues', key: 'admin.settings.error.customFields.definedValues', params: {} },
      { pointer: '/customFields/0/definedValues/1', key: 'jquery.validation.field.required', params: {} },
      { pointer: '/customFields/3/name', key: 'jquery.validation.field.required', params: { label: 'CustomField' } },
      { pointer: '/customFields/3', key: 'jquery.validation.invalid', params: {} },
      { pointer: '/customFields', key: 'jquery.validation.invalid', params: {} },
    ]);
    expect(errors.map((error) => error.params.label)).toEqual([
      'admin.settings.summaryLabel.customFields.definedValues', 'admin.settings.summaryLabel.customFields.definedValues',
      'admin.settings.summaryLabel.customFields.name', 'admin.settings.label.customFields', 'admin.settings.label.customFields',
    ]);
    expect(catalogue['admin.settings.summaryLabel.customFields.definedValues']).toBe('$t(admin.settings.label.customFields) › $t(admin.settings.label.customFields.definedValues)');
    expect([catalogue['admin.settings.label.customFields'], catalogue['admin.settings.label.customFields.definedValues']]).toEqual(['Custom fields', 'Values']);
  });

  it('names each error by its setting, a field of an object with the object', () => {
    const errors = labelledErrors([
      { pointer: '/orgName', key: 'jquery.validation.minlength', params: {} },
      { pointer: '/SMSSetting/prompt', key: 'jquery.validation.maxlength', params: {} },
      { pointer: '/countryCodes/1', key: 'jquery.validation.invalid', params: {} },
      { pointer: '/', key: 'jquery.validation.invalid', params: {} },
    ]);
    expect(errors.map((error) => error.params.label)).toEqual([
      'admin.settings.label.orgName', 'admin.settings.summaryLabel.SMSSetting.prompt', 'admin.settings.label.countryCodes', undefined,
    ]);
  });
});
