/**
 * §5 "Expected locations need arriveDate and expireDate", stored 'YYYY-MM-DD HH:mm' (§9), plus the
 * address rules of the location dialog; editable only with addressSetting.expectedLocEditable (§3,
 * §6). Each row goes through the browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import { buildExpectedLocationSchema } from '../../schemas/forms/buildExpectedLocationSchema.ts';
import { buildLocationSchema } from '../../schemas/forms/buildLocationSchema.ts';
import type { BuiltForm, FormMode } from '../../schemas/forms/types.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { expectSameErrors } from '../support/formValidators.ts';

const acme = fixtureOrgs.acme;
const flags = { featureFlags: acme.flags };
const variant = (addressSetting: NonNullable<OrgSettingsInput['addressSetting']>) =>
  resolveOrgSettings({ ...acme.input, addressSetting: { ...acme.input.addressSetting, ...addressSetting } });
const build = (addressSetting: NonNullable<OrgSettingsInput['addressSetting']>, mode: FormMode = 'edit') =>
  buildExpectedLocationSchema(variant(addressSetting), flags, mode);

const REQUIRED = 'jquery.validation.field.required';
const INVALID = 'jquery.validation.invalid';
const STREET = 'ssp.address.streetaddress.error';

type Row = [string, Record<string, unknown>, [string, string][]];
const trip = { streetAddress: '1 Harbour Rd', arriveDate: '2026-03-01 09:30', expireDate: '2026-03-05 18:00' };

describe('expected location, editable (acme with expectedLocEditable; §5)', () => {
  const form = build({ expectedLocEditable: true });
  const rows: Row[] = [
    ['street and both dates', trip, []],
    ['the same day and minute for both', { ...trip, arriveDate: '2026-03-01 00:00', expireDate: '2026-03-01 00:00' }, []],
    ['the last minute of a leap day', { ...trip, arriveDate: '2028-02-29 23:59' }, []],
    ['nothing', {}, [['/streetAddress', STREET], ['/arriveDate', REQUIRED], ['/expireDate', REQUIRED]]],
    ['no arrive date', { ...trip, arriveDate: undefined }, [['/arriveDate', REQUIRED]]],
    ['no expire date', { ...trip, expireDate: undefined }, [['/expireDate', REQUIRED]]],
    ['an empty arrive date', { ...trip, arriveDate: '' }, [['/arriveDate', REQUIRED]]],
    ['an expire date of spaces (trimmed)', { ...trip, expireDate: '   ' }, [['/expireDate', REQUIRED]]],
    ['an ISO date-time instead of the stored form', { ...trip, arriveDate: '2026-03-01T09:30:00Z' }, [['/arriveDate', INVALID]]],
    ['a date without time', { ...trip, expireDate: '2026-03-05' }, [['/expireDate', INVALID]]],
    ['seconds', { ...trip, arriveDate: '2026-03-01 09:30:00' }, [['/arriveDate', INVALID]]],
    ['month 13', { ...trip, arriveDate: '2026-13-01 09:30' }, [['/arriveDate', INVALID]]],
    ['day 32', { ...trip, arriveDate: '2026-03-32 09:30' }, [['/arriveDate', INVALID]]],
    ['hour 24', { ...trip, expireDate: '2026-03-05 24:00' }, [['/expireDate', INVALID]]],
    ['minute 60', { ...trip, expireDate: '2026-03-05 18:60' }, [['/expireDate', INVALID]]],
    ['the address rules apply: latitude 90.0001', { ...trip, lat: 90.0001 }, [['/lat', 'ssp.address.latitude.error']]],
    ['the address rules apply: postal code of 11', { ...trip, postalCode: '12345678901' }, [['/postalCode', 'global.valid.text.postalCode']]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));

  it('requires the name too when addresses are mandatory (same address rules as the dialog)', () => {
    expectSameErrors(build({ expectedLocEditable: true, mandatory: true }), trip, [['/locationName', REQUIRED]]);
  });

  it('is the location dialog plus the two dates', () => {
    const location = buildLocationSchema(variant({ editable: true }), flags, 'edit');
    expect(form.schema.properties).toEqual({ ...location.schema.properties, arriveDate: expect.any(Object), expireDate: expect.any(Object) });
    expect(form.uiSchema['ui:order']).toEqual([...(location.uiSchema['ui:order'] ?? []), 'arriveDate', 'expireDate']);
    expect(form.uiSchema.locationName).toEqual({ 'ui:widget': 'text' }); // §5: no uniqueness check for expected locations
    expect(form.uiSchema.arriveDate).toMatchObject({ 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD HH:mm', displayFormat: 'MMM DD, YYYY HH:mm' } });
  });
});

describe('expected location editability (§3 expectedLocEditable, not addressSetting.editable)', () => {
  const readOnly: [string, BuiltForm][] = [
    ['expectedLocEditable off, address editable', build({ expectedLocEditable: false, editable: true, mandatory: true })],
    ['expectedLocEditable on, review mode', build({ expectedLocEditable: true, mandatory: true }, 'review')],
  ];

  it.each(readOnly)('%s: read-only, nothing required', (_name, form) => {
    expect(form.schema.required).toBeUndefined();
    expectSameErrors(form, {}, []);
    const fields = Object.keys(form.schema.properties ?? {});
    expect(fields.filter((field) => (form.uiSchema[field] as { 'ui:readonly'?: boolean })['ui:readonly'] !== true)).toEqual([]);
  });

  it('is editable with expectedLocEditable even when static addresses are not', () => {
    const form = build({ expectedLocEditable: true, editable: false });
    expect(form.schema.required).toEqual(['streetAddress', 'arriveDate', 'expireDate']);
    expect(form.uiSchema['ui:readonly']).toBeUndefined();
  });
});
