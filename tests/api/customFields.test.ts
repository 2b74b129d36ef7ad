/**
 * The custom-field domain of §7 (issue 12 "Additional information", server side):
 * `GET /{orgId}/{contactId}/customFields` and `POST …/customFields` (form `rs`; status 'yes'), through
 * the real app on a real database. Every §5 custom-field key with its pointer (table-driven), a field
 * the member may not edit not writable by a crafted request (§6), unknown and malformed input refused
 * with an errorCode and nothing changed, and values of a removed field neither answered nor kept.
 * Who may call these at all is the member scope's matrix (memberScope.authorization.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { CustomFieldInput, CustomFieldsAnswer } from '../../schemas/api/customFields.ts';
import { customFieldsFormData, saveCustomFieldsForm } from '../../schemas/customFields/formData.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { contactCustomValues } from '../../server/db/schema.ts';
import { deleteContact } from '../../server/repositories/contacts.ts';
import { createOrganization } from '../../server/repositories/organizations.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { postCustomFields, storedCustomValues } from '../support/customFields.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();

/** An organisation with a field of every kind, mandatory ones among them, and one the member may not edit. */
const RULES_FIELDS = [
  { attrId: 1, name: 'Code', dataType: 'STRING', displayFormat: 'F', definedValues: [], editable: true, mandatory: true },
  { attrId: 2, name: 'Count', dataType: 'NUMBER', displayFormat: 'F', definedValues: [], editable: true, mandatory: false },
  { attrId: 3, name: 'Since', dataType: 'DATE', displayFormat: 'F', definedValues: [], editable: true, mandatory: false },
  { attrId: 4, name: 'Site', dataType: 'STRING', displayFormat: 'L', definedValues: ['North', 'South'], editable: true, mandatory: true },
  { attrId: 5, name: 'Shifts', dataType: 'STRING', displayFormat: 'S', definedValues: ['Day', 'Night', 'Weekend'], editable: true, mandatory: true },
  { attrId: 6, name: 'Grade', dataType: 'STRING', displayFormat: 'F', definedValues: [], editable: false, mandatory: true },
] as const;

let orgs = 0;
async function rulesOrganization(): Promise<string> {
  const orgId = `cf-${process.pid}-${++orgs}`;
  const settings = {
    ...(fixtureOrgs.springfield.input as OrgSettingsInput), orgName: 'Custom Town', showCustomfield: true,
    customFields: RULES_FIELDS.map((field) => ({ ...field, definedValues: [...field.definedValues] })),
  } as OrgSettingsInput;
  resolveOrgSettings(settings);
  await createOrganization(t.database.db, orgId, { settings, featureFlags: {}, helpAndAnswers: {}, banner: null, members: [] });
  return orgId;
}

const VALID: CustomFieldInput[] = [
  { attrId: 1, savedValues: ['A-7'] },
  { attrId: 2, savedValues: ['-12.5'] },
  { attrId: 3, savedValues: ['2024-02-29'] },
  { attrId: 4, savedValues: ['South'] },
  { attrId: 5, savedValues: ['Night', 'Day'] },
];
const replacing = (attrId: number, savedValues: string[]) => VALID.map((entry) => (entry.attrId === attrId ? { attrId, savedValues } : entry));
const without = (attrId: number) => VALID.filter((entry) => entry.attrId !== attrId);

const read = async (member: Member) => {
  const response = await getAs(t.app, member, `/${member.orgId}/${member.contactId}/customFields`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CustomFieldsAnswer;
};
const savedOf = (answer: CustomFieldsAnswer) => Object.fromEntries(answer.customFields.map((field) => [field.attrId, field.savedValues]));

describe('GET /{orgId}/{contactId}/customFields', () => {
  it('answers acme\'s four fields (§3) in order with their flags, no saved values yet, the section editable (§6); never cached', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const response = await getAs(t.app, member, `/acme/${member.contactId}/customFields`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const answer = response.json() as CustomFieldsAnswer;
    expect(answer.editable).toBe(true);
    expect(answer.customFields.map(({ attrId, name, dataType, displayFormat, editable, mandatory, savedValues }) =>
      [attrId, name, dataType, displayFormat, editable, mandatory, savedValues])).toEqual([
      [11, 'Department', 'STRING', 'L', true, true, []],
      [12, 'Badge number', 'NUMBER', 'F', true, false, []],
      [13, 'Start date', 'DATE', 'F', false, false, []],
      [14, 'Languages spoken', 'STRING', 'S', true, false, []],
    ]);
    expect(answer.customFields[0]!.definedValues).toEqual(['Engineering', 'Facilities', 'Finance']);
  });

  it('answers no fields, not editable, where the organisation does not show custom fields (springfield)', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    expect(await read(member)).toEqual({ customFields: [], editable: false });
  });

  it('never answers values of a field the organisation removed, nor a withdrawn choice of a list', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await t.database.db.insert(contactCustomValues).values([
      { orgId: 'acme', contactId: member.contactId, attrId: 99, values: ['gone'] },
      { orgId: 'acme', contactId: member.contactId, attrId: 11, values: ['Marketing'] },
      { orgId: 'acme', contactId: member.contactId, attrId: 14, values: ['Klingon', 'French'] },
    ]);
    const saved = savedOf(await read(member));
    expect(saved).toEqual({ 11: [], 12: [], 13: [], 14: ['French'] });
  });
});

describe('POST /{orgId}/{contactId}/customFields: saves', () => {
  it('saves a form (§7 rs) of every kind: status yes, and GET answers the values (a multi-select\'s in the member\'s order)', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    const response = await postCustomFields(t.app, member, VALID);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'yes' });
    expect(savedOf(await read(member))).toEqual({ 1: ['A-7'], 2: ['-12.5'], 3: ['2024-02-29'], 4: ['South'], 5: ['Night', 'Day'], 6: [] });
  });

  it('takes the same save as JSON, and the GET answer sent back as it came', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    expect((await postCustomFields(t.app, member, VALID, { encoding: 'json' })).statusCode).toBe(200);
    const answer = await read(member);
    const back = answer.customFields.filter((field) => field.editable).map((field) => (field.attrId === 1 ? { ...field, savedValues: ['B-8'] } : field));
    const response = await postCustomFields(t.app, member, back);
    expect(response.statusCode, response.body).toBe(200);
    expect(savedOf(await read(member))[1]).toEqual(['B-8']);
  });

  it('saves what the page sends (schemas/customFields/formData.ts), trimmed; an emptied field is cleared, one left out kept', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    expect((await postCustomFields(t.app, member, VALID)).statusCode).toBe(200);
    const answer = await read(member);
    const data = customFieldsFormData(answer.customFields, new Map(answer.customFields.map((f) => [f.attrId, f.savedValues])));
    const form = saveCustomFieldsForm(answer.customFields, { ...data, cf_1: '  C-9  ', cf_2: '', cf_3: '' });
    const response = await postCustomFields(t.app, member, form.rs);
    expect(response.statusCode, response.body).toBe(200);
    expect(savedOf(await read(member))).toMatchObject({ 1: ['C-9'], 2: [], 3: [], 4: ['South'] });
    expect((await postCustomFields(t.app, member, [{ attrId: 2, savedValues: ['42'] }])).statusCode).toBe(200);
    expect(savedOf(await read(member))).toMatchObject({ 1: ['C-9'], 2: ['42'], 4: ['South'], 5: ['Night', 'Day'] });
    expect((await storedCustomValues(t.database.db, orgId, member.contactId)).map((row) => row.attrId)).toEqual([1, 2, 4, 5]);
  });

  it('deletes the values of a field the organisation removed when the member saves (what is kept stays bounded)', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await t.database.db.insert(contactCustomValues).values({ orgId: 'acme', contactId: member.contactId, attrId: 99, values: ['gone'] });
    const response = await postCustomFields(t.app, member, [{ attrId: 11, savedValues: ['Finance'] }]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedCustomValues(t.database.db, 'acme', member.contactId)).map((row) => [row.attrId, row.values])).toEqual([[11, ['Finance']]]);
  });
});

describe('POST …/customFields: §5 rules of the custom fields, each key with its pointer; nothing changed', () => {
  const REQUIRED = 'jquery.validation.field.required';
  /** The builder's key for a value outside the organisation's choices, or a choice twice (schemas/forms/messageKeys.ts). */
  const INVALID = 'jquery.validation.invalid';
  const rows: [string, CustomFieldInput[], { pointer: string; key: string }][] = [
    ['a mandatory free field left empty', replacing(1, []), { pointer: '/cf_1', key: REQUIRED }],
    ['a mandatory free field of blanks', replacing(1, ['   ']), { pointer: '/cf_1', key: REQUIRED }],
    ['a mandatory free field never given (nothing stored)', without(1), { pointer: '/cf_1', key: REQUIRED }],
    ['a number longer than 11 characters (§9)', replacing(2, ['123456789012']), { pointer: '/cf_2', key: 'jquery.validation.number.length' }],
    ['a number that is not a signed decimal', replacing(2, ['1e5']), { pointer: '/cf_2', key: 'jquery.validation.number' }],
    ['a number with a thousands separator', replacing(2, ['1,000']), { pointer: '/cf_2', key: 'jquery.validation.number' }],
    ['a date not YYYY-MM-DD', replacing(3, ['02/03/2024']), { pointer: '/cf_3', key: 'jquery.validation.dateISO' }],
    ['a date that is no real day', replacing(3, ['2023-02-29']), { pointer: '/cf_3', key: 'jquery.validation.dateISO' }],
    ['a mandatory list with nothing chosen', replacing(4, []), { pointer: '/cf_4', key: REQUIRED }],
    ['a list value the organisation does not offer', replacing(4, ['East']), { pointer: '/cf_4', key: INVALID }],
    ['a mandatory multi-select with no choice (§5 "required multi-select needs one choice")', replacing(5, []), { pointer: '/cf_5', key: REQUIRED }],
    ['a multi-select choice the organisation does not offer', replacing(5, ['Day', 'Dawn']), { pointer: '/cf_5/1', key: INVALID }],
    ['a multi-select choice twice', replacing(5, ['Day', 'Day']), { pointer: '/cf_5', key: INVALID }],
  ];

  it('accepts the table\'s base (it is valid)', async () => {
    const member = await newMember(t.app, t.database.db, await rulesOrganization());
    expect((await postCustomFields(t.app, member, VALID)).statusCode).toBe(200);
  });

  it.each(rows)('refuses %s', async (_name, rs, expected) => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    await t.database.db.insert(contactCustomValues).values([
      { orgId, contactId: member.contactId, attrId: 2, values: ['7'] },
      { orgId, contactId: member.contactId, attrId: 4, values: ['North'] },
      { orgId, contactId: member.contactId, attrId: 5, values: ['Weekend'] },
    ]);
    const before = await storedCustomValues(t.database.db, orgId, member.contactId);
    const response = await postCustomFields(t.app, member, rs);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { errorCode: string; errors: { pointer: string; key: string }[] };
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map(({ pointer, key }) => ({ pointer, key }))).toContainEqual(expected);
    expect(await storedCustomValues(t.database.db, orgId, member.contactId)).toEqual(before);
  });
});

describe('POST …/customFields: what the member may not change (§6 editable false) stays as it is', () => {
  it('keeps a read-only field\'s value whatever a crafted save sends, saves the rest; its mandatory flag blocks nothing', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    await t.database.db.insert(contactCustomValues).values({ orgId, contactId: member.contactId, attrId: 6, values: ['Senior'] });
    const response = await postCustomFields(t.app, member, [...replacing(1, ['Z-1']), { attrId: 6, savedValues: ['Crafted'] }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(savedOf(await read(member))).toMatchObject({ 1: ['Z-1'], 6: ['Senior'] });
    // Emptying it is ignored too.
    expect((await postCustomFields(t.app, member, [{ attrId: 6, savedValues: [] }])).statusCode).toBe(200);
    expect(savedOf(await read(member))[6]).toEqual(['Senior']);
  });

  it('acme\'s start date (read-only) cannot be set by a member', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    expect((await postCustomFields(t.app, member, [{ attrId: 11, savedValues: ['Finance'] }, { attrId: 13, savedValues: ['2020-01-01'] }])).statusCode).toBe(200);
    expect(savedOf(await read(member))[13]).toEqual([]);
  });
});

describe('POST …/customFields: malformed requests are 4xx with an errorCode, never 500, and change nothing', () => {
  const long = 'x'.repeat(501);
  const cases: [string, unknown[] | string, string][] = [
    ['an attrId the organisation does not show', [...VALID, { attrId: 99, savedValues: ['x'] }], 'request.invalid'],
    ['an attrId named twice', [...VALID, { attrId: 1, savedValues: ['again'] }], 'request.invalid'],
    ['two values for a free field', replacing(1, ['a', 'b']), 'request.invalid'],
    ['two values for a list field', replacing(4, ['North', 'South']), 'request.invalid'],
    ['rs that is not JSON', '[{', 'request.invalidBody'],
    ['rs that is not a list', '{"attrId":1}', 'request.invalid'],
    ['an attrId that is not a number', [{ attrId: 'one', savedValues: [] }], 'request.invalid'],
    ['a value that is not text', [{ attrId: 1, savedValues: [7] }], 'request.invalid'],
    [`a value longer than ${long.length - 1}`, replacing(1, [long]), 'request.invalid'],
    ['more than 100 values', replacing(5, Array.from({ length: 101 }, (_, i) => `v${i}`)), 'request.invalid'],
    ['more than 50 entries', Array.from({ length: 51 }, (_, i) => ({ attrId: i + 1, savedValues: [] })), 'request.invalid'],
  ];

  it.each(cases)('refuses %s', async (_name, rs, errorCode) => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    expect((await postCustomFields(t.app, member, VALID)).statusCode).toBe(200);
    const before = await storedCustomValues(t.database.db, orgId, member.contactId);
    const response = await postCustomFields(t.app, member, rs);
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { errorCode: string }).errorCode).toBe(errorCode);
    expect(await storedCustomValues(t.database.db, orgId, member.contactId)).toEqual(before);
  });

  it('refuses a save without rs', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const response = await t.app.inject({
      method: 'POST', url: `/acme/${member.contactId}/customFields`,
      headers: { cookie: member.cookie, 'x-csrf-token': member.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errorCode: string }).errorCode).toBe('request.invalid');
  });

  it('refuses any field where the organisation shows none (springfield)', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await postCustomFields(t.app, member, [{ attrId: 11, savedValues: ['Finance'] }]);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errorCode: string }).errorCode).toBe('request.invalid');
    expect(await postCustomFields(t.app, member, []).then((r) => r.json())).toEqual({ status: 'yes' });
  });
});

describe('POST …/customFields: two saves at once, and the account going', () => {
  it('saves each of two saves at once whole: the values stored are all of one of them, never a mix', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    const first = replacing(1, ['FIRST']).map((entry) => (entry.attrId === 5 ? { attrId: 5, savedValues: ['Day'] } : entry));
    const second = replacing(1, ['SECOND']).map((entry) => (entry.attrId === 5 ? { attrId: 5, savedValues: ['Night', 'Weekend'] } : entry));
    const responses = await Promise.all([postCustomFields(t.app, member, first), postCustomFields(t.app, member, second)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const saved = savedOf(await read(member));
    expect([[['FIRST'], ['Day']], [['SECOND'], ['Night', 'Weekend']]]).toContainEqual([saved[1], saved[5]]);
  });

  it('goes with the account (the rows cascade with the contact)', async () => {
    const orgId = await rulesOrganization();
    const member = await newMember(t.app, t.database.db, orgId);
    expect((await postCustomFields(t.app, member, VALID)).statusCode).toBe(200);
    expect(await storedCustomValues(t.database.db, orgId, member.contactId)).toHaveLength(5);
    await deleteContact(t.database.db, orgId, member.contactId);
    expect(await storedCustomValues(t.database.db, orgId, member.contactId)).toEqual([]);
  });
});
