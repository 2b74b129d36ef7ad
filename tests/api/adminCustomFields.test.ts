/**
 * Issue 11: custom fields are organisation settings an administrator defines, and the server gives
 * each new one its attrId when it is saved (services/orgSettings.ts): the ids already there are
 * kept, new fields are numbered past every id the current settings and the kept versions use, and a
 * refused save changes nothing. The preview's server check draws the fields not saved yet.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomField } from '../../schemas/orgSettings.ts';
import { organizations } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
});

type Session = Awaited<ReturnType<typeof signInAdmin>>;
const stored = async (orgId: string) => (await t.database.db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0]!;
const save = (session: Session, orgId: string, settings: object, settingsVersion: number) => t.app.inject({
  method: 'PUT', url: `/admin/api/orgs/${orgId}/settings`, headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
  payload: { settings, settingsVersion },
});
const idsAndNames = (fields: CustomField[] | undefined) => (fields ?? []).map((field) => [field.attrId, field.name]);
const pairs = (body: { errors: { pointer: string; key: string }[] }) => body.errors.map((error) => [error.pointer, error.key]);

describe('custom fields saved by an administrator', () => {
  it('keeps the ids there and numbers new fields, in the order listed, past the highest', async () => {
    const session = await signInAdmin(t.app);
    const before = await stored('acme');
    expect(idsAndNames(before.settings.customFields)).toEqual([[11, 'Department'], [12, 'Badge number'], [13, 'Start date'], [14, 'Languages spoken']]);
    const customFields = [
      { name: 'Shirt size', displayFormat: 'L', definedValues: ['S', 'M', 'L'] },
      ...before.settings.customFields!,
      { name: 'Parking permit', dataType: 'NUMBER', mandatory: true },
    ];
    const response = await save(session, 'acme', { ...before.settings, customFields }, before.settingsVersion);
    expect(response.statusCode).toBe(200);
    const after = await stored('acme');
    expect(idsAndNames(after.settings.customFields)).toEqual([
      [15, 'Shirt size'], [11, 'Department'], [12, 'Badge number'], [13, 'Start date'], [14, 'Languages spoken'], [16, 'Parking permit'],
    ]);
    // Stored as given otherwise: the defaults are filled when the settings are read (resolveOrgSettings).
    expect(after.settings.customFields![0]).toEqual({ attrId: 15, name: 'Shirt size', displayFormat: 'L', definedValues: ['S', 'M', 'L'] });
    const read = (await t.app.inject({ url: '/admin/api/orgs/acme/settings', headers: { cookie: session.cookie } })).json();
    expect(read.resolved.customFields[5]).toEqual({ attrId: 16, name: 'Parking permit', dataType: 'NUMBER', displayFormat: 'F', definedValues: [], mandatory: true, editable: true });
  });

  it('never gives a deleted field\'s id to a new one while a kept version holds it', async () => {
    const session = await signInAdmin(t.app);
    const first = await stored('campus');
    expect(first.settings.customFields).toBeUndefined();
    const one = await save(session, 'campus', { ...first.settings, showCustomfield: true, customFields: [{ name: 'Office' }, { name: 'Floor', dataType: 'NUMBER' }] }, first.settingsVersion);
    expect(one.statusCode).toBe(200);
    const numbered = await stored('campus');
    expect(idsAndNames(numbered.settings.customFields)).toEqual([[1, 'Office'], [2, 'Floor']]);

    // Floor deleted and saved; then a field added: it does not become 2.
    const two = await save(session, 'campus', { ...numbered.settings, customFields: [numbered.settings.customFields![0]] }, numbered.settingsVersion);
    const three = await save(session, 'campus', { ...numbered.settings, customFields: [numbered.settings.customFields![0], { name: 'Building' }] }, two.json().settingsVersion);
    expect(three.statusCode).toBe(200);
    expect(idsAndNames((await stored('campus')).settings.customFields)).toEqual([[1, 'Office'], [3, 'Building']]);
  });

  it.each([
    ['a list without values', [{ name: 'Team', displayFormat: 'L', definedValues: [] }], [['/customFields/0/definedValues', 'admin.settings.error.customFields.definedValues']]],
    ['a multi-select without its values', [{ name: 'Skills', displayFormat: 'S' }], [['/customFields/0/definedValues', 'admin.settings.error.customFields.definedValues']]],
    ['a blank name', [{ name: '   ' }], [['/customFields/0/name', 'jquery.validation.field.required']]],
    ['no name', [{ dataType: 'DATE' }], [['/customFields/0/name', 'jquery.validation.field.required']]],
    ['a name given twice', [{ name: 'Team' }, { name: ' team ' }], [['/customFields/1/name', 'admin.settings.error.customFields.nameTaken']]],
    ['an id given twice', [{ attrId: 11, name: 'Team' }, { attrId: 11, name: 'Site' }], [['/customFields/1/attrId', 'admin.settings.error.customFields.attrIdTaken']]],
    ['an id of 0', [{ attrId: 0, name: 'Team' }], [['/customFields/0/attrId', 'jquery.validation.invalid']]],
  ])('refuses %s with its key at the field, numbering nothing and saving nothing', async (_name, fields, expected) => {
    const session = await signInAdmin(t.app);
    const before = await stored('fedagency');
    // A valid new field beside the refused one: it gets no id either.
    const response = await save(session, 'fedagency', { ...before.settings, customFields: [...fields, { name: 'Valid one' }] }, before.settingsVersion);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation');
    expect(pairs(response.json())).toEqual(expected);
    expect(await stored('fedagency')).toEqual(before);
  });
});

describe('the preview\'s server check of the additional information form', () => {
  it('draws the edited, unsaved fields as the member would see them', async () => {
    const session = await signInAdmin(t.app);
    const { settings } = await stored('springfield');
    const edited = { ...settings, showCustomfield: true, customFields: [{ name: 'Shirt size', displayFormat: 'L', definedValues: ['S', 'M'], mandatory: true }, { name: 'Notes' }] };
    const check = (data: object) => t.app.inject({
      method: 'POST', url: '/admin/api/orgs/springfield/forms/customFields/validate', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings: edited, mode: 'edit', data },
    });
    const refused = await check({ cf_2: 'Left-handed' });
    expect(refused.statusCode).toBe(400);
    expect(pairs(refused.json())).toEqual([['/cf_1', 'jquery.validation.field.required']]);
    expect((await check({ cf_1: 'M' })).json()).toEqual({ status: 'ok' });
  });
});
