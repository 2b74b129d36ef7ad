/**
 * schemas/forms/memberFlags.ts `customFieldDefinitionsOf` (the fields `GET …/customFields` answers
 * and the save validates with) is the admin preview's derivation; schemas/customFields/formData.ts
 * maps §3 savedValues to the custom-field form's data and back (§7 `rs`), one mapping for the page
 * and the server.
 */
import { describe, expect, it } from 'vitest';
import { customFieldsFormData, saveCustomFieldsForm, savedValuesOf } from '../../schemas/customFields/formData.ts';
import type { CustomFieldDefinition } from '../../schemas/entities.ts';
import { customFieldDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import { formFixtures } from '../fixtures/formFlags.ts';

describe('customFieldDefinitionsOf', () => {
  it.each(formFixtures.filter((f) => f.id !== 'everything-mandatory').map((f) => [f.id, f] as const))(
    '%s: the fields are the preview\'s (none when showCustomfield is off)', (_id, { settings }) => {
      expect(customFieldDefinitionsOf(settings)).toEqual(previewFlags(settings).customFields);
    },
  );

  it('answers acme\'s four fields in order, and none where custom fields are off', () => {
    const acme = formFixtures.find((f) => f.id === 'acme')!.settings;
    expect(customFieldDefinitionsOf(acme).map((field) => field.attrId)).toEqual([11, 12, 13, 14]);
    expect(customFieldDefinitionsOf({ ...acme, showCustomfield: false })).toEqual([]);
  });
});

const field = (attrId: number, displayFormat: CustomFieldDefinition['displayFormat'], editable = true): CustomFieldDefinition =>
  ({ attrId, name: `F${attrId}`, dataType: 'STRING', displayFormat, definedValues: displayFormat === 'F' ? [] : ['a', 'b'], editable, mandatory: false });

describe('the form\'s data and savedValues', () => {
  const fields = [field(1, 'F'), field(2, 'L'), field(3, 'S'), field(4, 'F', false)];

  it('fills every field: one value as a string (\'\' when none), a multi-select as its choices', () => {
    expect(customFieldsFormData(fields, new Map([[1, ['x']], [3, ['b', 'a']], [4, ['locked']]]))).toEqual({ cf_1: 'x', cf_2: '', cf_3: ['b', 'a'], cf_4: 'locked' });
  });

  it.each([
    [undefined, []], ['', []], ['   ', []], ['x', ['x']], [['a', '', 'b'], ['a', 'b']], [[], []],
  ] as const)('savedValuesOf(%j) is %j', (value, expected) => {
    expect(savedValuesOf(value as string | string[] | undefined)).toEqual(expected);
  });

  it('sends the editable fields only, an emptied one as [] (§7 rs)', () => {
    const form = saveCustomFieldsForm(fields, { cf_1: 'x', cf_2: '', cf_3: ['a'], cf_4: 'crafted' });
    expect(JSON.parse(form.rs)).toEqual([{ attrId: 1, savedValues: ['x'] }, { attrId: 2, savedValues: [] }, { attrId: 3, savedValues: ['a'] }]);
  });
});
