/**
 * §5 Custom fields: "required when mandatory; NUMBER max 11 chars ('jquery.validation.number.length')
 * and optionally signed decimal ('jquery.validation.number'); DATE YYYY-MM-DD
 * ('jquery.validation.dateISO'); required multi-select needs one choice"; §3 data type × display
 * format; §6 "Custom-field section editable only if some field is editable". Each row goes through
 * the browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from '../../schemas/entities.ts';
import { buildCustomFieldsSchema } from '../../schemas/forms/buildCustomFieldsSchema.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { expectSameErrors, serverErrors } from '../support/formValidators.ts';

const acme = fixtureOrgs.acme;
const field = (attrId: number, name: string, dataType: CustomFieldDefinition['dataType'], displayFormat: CustomFieldDefinition['displayFormat'],
  more: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition =>
  ({ attrId, name, dataType, displayFormat, definedValues: [], editable: true, mandatory: false, ...more });

const FIELDS: CustomFieldDefinition[] = [
  field(1, 'Department', 'STRING', 'L', { definedValues: ['Engineering', 'Finance'], mandatory: true }),
  field(2, 'Badge number', 'NUMBER', 'F'),
  field(3, 'Start date', 'DATE', 'F'),
  field(4, 'Languages spoken', 'STRING', 'S', { definedValues: ['English', 'Spanish', 'French'], mandatory: true }),
  field(5, 'Nickname', 'STRING', 'F', { mandatory: true }),
  field(6, 'Desk number', 'NUMBER', 'F', { mandatory: true }),
  field(7, 'Shifts', 'STRING', 'S', { definedValues: ['Day', 'Night'] }),
  field(8, 'Employee id', 'NUMBER', 'F', { editable: false, mandatory: true }),
  field(9, 'Contract end', 'DATE', 'F', { mandatory: true }),
  field(10, 'Floor', 'NUMBER', 'L', { definedValues: ['1', '2', '3'] }),
];
const build = (customFields: CustomFieldDefinition[] = FIELDS, mode: FormMode = 'edit') =>
  buildCustomFieldsSchema(acme.settings, { featureFlags: acme.flags, customFields }, mode);

const REQUIRED = 'jquery.validation.field.required';
const INVALID = 'jquery.validation.invalid';
const LENGTH = 'jquery.validation.number.length';
const NUMBER = 'jquery.validation.number';
const DATE = 'jquery.validation.dateISO';

const filled = { cf_1: 'Finance', cf_4: ['English'], cf_5: 'Sam', cf_6: '42', cf_9: '2027-06-30' };
type Row = [string, Record<string, unknown>, [string, string][]];

describe('custom fields, edit mode (§5 Custom fields)', () => {
  const form = build();
  const rows: Row[] = [
    ['the mandatory fields filled', filled, []],
    ['nothing: each mandatory editable field, not the read-only one', {}, [
      ['/cf_1', REQUIRED], ['/cf_4', REQUIRED], ['/cf_5', REQUIRED], ['/cf_6', REQUIRED], ['/cf_9', REQUIRED],
    ]],
    ["every optional field given as '' (not given)", { ...filled, cf_2: '', cf_3: '', cf_10: '' }, []],
    // NUMBER: max 11 characters, optionally signed decimal
    ['a number of 11 digits', { ...filled, cf_2: '12345678901' }, []],
    ['a number of 12 digits', { ...filled, cf_2: '123456789012' }, [['/cf_2', LENGTH]]],
    ['a signed number of 11 characters', { ...filled, cf_2: '-1234567890' }, []],
    ['a signed number of 12 characters', { ...filled, cf_2: '-12345678901' }, [['/cf_2', LENGTH]]],
    ["'-12.5'", { ...filled, cf_2: '-12.5' }, []],
    ["'+3'", { ...filled, cf_2: '+3' }, []],
    ["'.5'", { ...filled, cf_2: '.5' }, []],
    ["'1e5'", { ...filled, cf_2: '1e5' }, [['/cf_2', NUMBER]]],
    ["'12.'", { ...filled, cf_2: '12.' }, [['/cf_2', NUMBER]]],
    ["'1,000'", { ...filled, cf_2: '1,000' }, [['/cf_2', NUMBER]]],
    ["'--3'", { ...filled, cf_2: '--3' }, [['/cf_2', NUMBER]]],
    ["'abc'", { ...filled, cf_2: 'abc' }, [['/cf_2', NUMBER]]],
    ['12 characters that are no number', { ...filled, cf_2: '1e5678901234' }, [['/cf_2', LENGTH], ['/cf_2', NUMBER]]],
    ['a number with surrounding spaces (trimmed)', { ...filled, cf_2: '  42  ' }, []],
    ['an empty optional number', { ...filled, cf_2: '' }, []],
    ['an empty mandatory number', { ...filled, cf_6: '' }, [['/cf_6', REQUIRED]]],
    ['a mandatory number of spaces (trimmed)', { ...filled, cf_6: '   ' }, [['/cf_6', REQUIRED]]],
    // DATE: YYYY-MM-DD and a real day
    ["'2026-02-28'", { ...filled, cf_3: '2026-02-28' }, []],
    ["'2028-02-29' (leap year)", { ...filled, cf_3: '2028-02-29' }, []],
    ["'2026-02-29' (no leap year)", { ...filled, cf_3: '2026-02-29' }, [['/cf_3', DATE]]],
    ["'2026-02-30'", { ...filled, cf_3: '2026-02-30' }, [['/cf_3', DATE]]],
    ["'2026-13-01'", { ...filled, cf_3: '2026-13-01' }, [['/cf_3', DATE]]],
    ["'2026-2-3'", { ...filled, cf_3: '2026-2-3' }, [['/cf_3', DATE]]],
    ["'03/01/2026'", { ...filled, cf_3: '03/01/2026' }, [['/cf_3', DATE]]],
    ['an empty mandatory date', { ...filled, cf_9: '' }, [['/cf_9', REQUIRED]]],
    ["a mandatory date '2026-02-30'", { ...filled, cf_9: '2026-02-30' }, [['/cf_9', DATE]]],
    // L: one of definedValues
    ['a list value not defined', { ...filled, cf_1: 'Marketing' }, [['/cf_1', INVALID]]],
    ['a list value in another case', { ...filled, cf_1: 'finance' }, [['/cf_1', INVALID]]],
    ['nothing chosen in a mandatory list', { ...filled, cf_1: '' }, [['/cf_1', REQUIRED]]],
    ['a NUMBER list: a defined value', { ...filled, cf_10: '2' }, []],
    ['a NUMBER list: a number not defined', { ...filled, cf_10: '4' }, [['/cf_10', INVALID]]],
    // S: distinct definedValues; a mandatory one needs one choice
    ['a mandatory multi-select with no choice', { ...filled, cf_4: [] }, [['/cf_4', REQUIRED]]],
    ['a mandatory multi-select with every choice', { ...filled, cf_4: ['English', 'Spanish', 'French'] }, []],
    ['a multi-select choice not defined', { ...filled, cf_4: ['English', 'German'] }, [['/cf_4/1', INVALID]]],
    ['a multi-select choice twice', { ...filled, cf_4: ['English', 'English'] }, [['/cf_4', INVALID]]],
    ['a multi-select given as text', { ...filled, cf_4: 'English' }, [['/cf_4', INVALID]]],
    ['an optional multi-select with no choice', { ...filled, cf_7: [] }, []],
    // STRING F mandatory
    ['an empty mandatory text', { ...filled, cf_5: '' }, [['/cf_5', REQUIRED]]],
    ['a mandatory text of spaces (trimmed)', { ...filled, cf_5: ' \t ' }, [['/cf_5', REQUIRED]]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));

  it('passes the limit and the field name as parameters', () => {
    const [error] = serverErrors(form, { ...filled, cf_2: '123456789012' });
    expect(error).toEqual({ pointer: '/cf_2', key: LENGTH, params: { limit: 11, label: 'Badge number' } });
  });
});

describe('custom fields, form shape (§3, §2 grouped error summary, §6)', () => {
  const form = build();

  it('names each field cf_<attrId> in the order given, titled with its own name', () => {
    expect(form.uiSchema['ui:order']).toEqual(FIELDS.map((f) => `cf_${f.attrId}`));
    expect(Object.values(form.schema.properties ?? {}).map((p) => (p as { title: string }).title)).toEqual(FIELDS.map((f) => f.name));
  });

  it('draws each kind with its widget, marks titles and choices as text and the read-only field as read-only', () => {
    expect(form.uiSchema.cf_1).toEqual({ 'ui:widget': 'select', 'ui:options': { titleIsText: true, enumIsText: true } });
    expect(form.uiSchema.cf_2).toEqual({ 'ui:widget': 'text', 'ui:options': { titleIsText: true } });
    expect(form.uiSchema.cf_3).toEqual({ 'ui:widget': 'date', 'ui:options': { titleIsText: true } });
    expect(form.uiSchema.cf_4).toEqual({ 'ui:widget': 'multiSelect', 'ui:options': { titleIsText: true, enumIsText: true } });
    expect(form.uiSchema.cf_8).toEqual({ 'ui:widget': 'text', 'ui:options': { titleIsText: true }, 'ui:readonly': true });
  });

  it('asks for the grouped error summary and is editable when some field is', () => {
    expect(form.uiSchema['ui:options']).toEqual({ editable: true, errorSummary: true });
    expect(build(FIELDS.filter((f) => !f.editable)).uiSchema['ui:options']).toEqual({ editable: false, errorSummary: true });
  });

  it('is empty and not editable without custom fields', () => {
    const empty = buildCustomFieldsSchema(acme.settings, { featureFlags: acme.flags }, 'edit');
    expect(empty.schema).toEqual({ type: 'object', properties: {} });
    expect(empty.uiSchema['ui:options']).toEqual({ editable: false, errorSummary: true });
    expectSameErrors(empty, {}, []);
  });

  it('builds the same form for sign-up and edit', () => {
    expect(build(FIELDS, 'signup')).toEqual(form);
  });

  it('is read-only in review mode and requires nothing, keeping §6 editable for the edit link', () => {
    const review = build(FIELDS, 'review');
    expect(review.schema.required).toBeUndefined();
    expectSameErrors(review, {}, []);
    expect(FIELDS.map((f) => review.uiSchema[`cf_${f.attrId}`])).toEqual(FIELDS.map(() => expect.objectContaining({ 'ui:readonly': true })));
    expect(review.uiSchema['ui:options']).toEqual({ editable: true, errorSummary: true });
  });
});
