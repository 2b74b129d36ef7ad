/**
 * §5 Location rules and §9 limits of the locations dialog (§2), run through the browser's and the
 * server's validator alike; §6 "Without address editable, rows are view only"; §9 map defaults.
 */
import { describe, expect, it } from 'vitest';
import { buildLocationSchema } from '../../schemas/forms/buildLocationSchema.ts';
import type { BuiltForm, FormMode, FormSchema } from '../../schemas/forms/types.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { expectSameErrors, serverErrors } from '../support/formValidators.ts';

const springfield = fixtureOrgs.springfield;
const flags = { featureFlags: springfield.flags };
const variant = (input: Partial<OrgSettingsInput>) => resolveOrgSettings({ ...springfield.input, ...input });
const build = (settings = springfield.settings, mode: FormMode = 'edit') => buildLocationSchema(settings, flags, mode);

const STREET = 'ssp.address.streetaddress.error';
const REQUIRED = 'jquery.validation.field.required';
const MAX = 'jquery.validation.maxlength';
const INVALID = 'jquery.validation.invalid';
const POSTAL = 'global.valid.text.postalCode';
const LAT = 'ssp.address.latitude.error';
const LON = 'ssp.address.longitude.error';

type Row = [string, Record<string, unknown>, [string, string][]];
const street = { streetAddress: '1 Main St' };

describe('location dialog, address editable and not mandatory (springfield; §5 Location)', () => {
  const form = build();
  const rows: Row[] = [
    ['a street alone', street, []],
    ['every field at its limit', {
      locationName: 'n'.repeat(40), streetAddress: 's'.repeat(100), suite: 'u'.repeat(75), city: 'c'.repeat(40), state: 't'.repeat(40),
      postalCode: 'K1A 0B1-XY', country: 'CA', lat: 90, lon: -180, addressGeoCodingSource: 'Manual',
    }, []],
    ['no street', {}, [['/streetAddress', STREET]]],
    ['an empty street', { streetAddress: '' }, [['/streetAddress', STREET]]],
    ['a street of spaces (trimmed)', { streetAddress: '   ' }, [['/streetAddress', STREET]]],
    ['a street of 101', { streetAddress: 's'.repeat(101) }, [['/streetAddress', MAX]]],
    ['no location name (not mandatory)', { ...street, city: 'Springfield' }, []],
    ['a location name of 41', { ...street, locationName: 'n'.repeat(41) }, [['/locationName', MAX]]],
    ['a suite of 76', { ...street, suite: 'u'.repeat(76) }, [['/suite', MAX]]],
    ['a city of 41', { ...street, city: 'c'.repeat(41) }, [['/city', MAX]]],
    ['a state of 41', { ...street, state: 't'.repeat(41) }, [['/state', MAX]]],
    ["optional fields given as '' or blanks (not given)", { ...street, locationName: '', suite: ' ', city: '', state: '', postalCode: '  ', country: '' }, []],
    ['a postal code of 2', { ...street, postalCode: '12' }, [['/postalCode', POSTAL]]],
    ['a postal code of 3', { ...street, postalCode: '123' }, []],
    ['a postal code of 10 with hyphen', { ...street, postalCode: '12345-6789' }, []],
    ['a postal code of 11', { ...street, postalCode: '12345678901' }, [['/postalCode', POSTAL]]],
    ['a postal code with letters and a space', { ...street, postalCode: 'SW1A 1AA' }, []],
    ['a postal code with a #', { ...street, postalCode: '12#45' }, [['/postalCode', POSTAL]]],
    ['a postal code of 12 with a #', { ...street, postalCode: '12#456789012' }, [['/postalCode', POSTAL]]],
    ['latitude 90', { ...street, lat: 90 }, []],
    ['latitude -90', { ...street, lat: -90 }, []],
    ['latitude 90.0001', { ...street, lat: 90.0001 }, [['/lat', LAT]]],
    ['latitude -90.0001', { ...street, lat: -90.0001 }, [['/lat', LAT]]],
    ["latitude 'abc'", { ...street, lat: 'abc' }, [['/lat', LAT]]],
    ["latitude '45' as text", { ...street, lat: '45' }, [['/lat', LAT]]],
    ["latitude '' (no coordinates are null)", { ...street, lat: '' }, [['/lat', LAT]]],
    ['latitude null (never placed on the map)', { ...street, lat: null, lon: null }, []],
    ['longitude 180', { ...street, lon: 180 }, []],
    ['longitude -180', { ...street, lon: -180 }, []],
    ['longitude 180.0001', { ...street, lon: 180.0001 }, [['/lon', LON]]],
    ['longitude -180.0001', { ...street, lon: -180.0001 }, [['/lon', LON]]],
    ["longitude 'abc'", { ...street, lon: 'abc' }, [['/lon', LON]]],
    ['both coordinates out of range', { ...street, lat: -91, lon: 181 }, [['/lat', LAT], ['/lon', LON]]],
    ['a country that is no two-letter code', { ...street, country: 'usa' }, [['/country', INVALID]]],
    ['an unknown geocoding source', { ...street, addressGeoCodingSource: 'Yahoo' }, [['/addressGeoCodingSource', INVALID]]],
    ['several fields wrong at once', { locationName: 'n'.repeat(41), postalCode: '1', lat: 'abc' }, [
      ['/streetAddress', STREET], ['/locationName', MAX], ['/postalCode', POSTAL], ['/lat', LAT],
    ]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));

  it('passes the limit and the label of a too long name', () => {
    const [error] = serverErrors(form, { ...street, locationName: 'n'.repeat(41) });
    expect(error).toEqual({ pointer: '/locationName', key: MAX, params: { limit: 40, label: 'ssp.address.locationName.label' } });
  });
});

describe('location dialog, address mandatory (§5 "locationName required when address mandatory")', () => {
  const form = build(variant({ addressSetting: { mandatory: true } }));
  const rows: Row[] = [
    ['name and street', { locationName: 'Home', ...street }, []],
    ['nothing', {}, [['/locationName', REQUIRED], ['/streetAddress', STREET]]],
    ['no name', street, [['/locationName', REQUIRED]]],
    ['an empty name', { locationName: '', ...street }, [['/locationName', REQUIRED]]],
    ['a name of spaces (trimmed)', { locationName: '  ', ...street }, [['/locationName', REQUIRED]]],
    ['a name of 40', { locationName: 'n'.repeat(40), ...street }, []],
    ['a name of 41', { locationName: 'n'.repeat(41), ...street }, [['/locationName', MAX]]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));
});

describe('location dialog, read-only (§5 "only when address setting editable", §6; review mode)', () => {
  const forms: [string, BuiltForm][] = [
    ['address not editable, edit mode', build(variant({ addressSetting: { editable: false, mandatory: true } }))],
    ['address editable and mandatory, review mode', build(variant({ addressSetting: { mandatory: true } }), 'review')],
  ];

  it.each(forms)('%s: requires nothing', (_name, form) => {
    expect(form.schema.required).toBeUndefined();
    expectSameErrors(form, {}, []);
  });

  it.each(forms)('%s: no uniqueness check on the name', (_name, form) => {
    expect(form.uiSchema.locationName).toEqual({ 'ui:widget': 'text', 'ui:readonly': true });
  });

  it.each(forms)('%s: every field and the map are read-only', (_name, form) => {
    const fields = Object.keys(form.schema.properties ?? {});
    expect(fields.filter((field) => (form.uiSchema[field] as { 'ui:readonly'?: boolean })['ui:readonly'] !== true)).toEqual([]);
    expect(form.uiSchema['ui:readonly']).toBe(true);
  });

  it('is editable in sign-up and edit mode alike, the name checked for uniqueness (§5, async)', () => {
    const editable = ['signup', 'edit'] as const;
    for (const mode of editable) {
      const form = build(springfield.settings, mode);
      expect(form.schema.required).toEqual(['streetAddress']);
      expect(form.uiSchema.locationName).toEqual({
        'ui:widget': 'text', 'ui:options': { asyncCheck: 'locationName', asyncCheckMessage: 'ssp.location.locationname.exist' },
      });
    }
    expect(build(springfield.settings, 'signup')).toEqual(build(springfield.settings, 'edit'));
  });
});

describe('location dialog, map and defaults (§9 Maps, §3 defaultCountry, defaultAddressGeoCodingSource)', () => {
  it('draws the map with the §9 defaults, enabled by isEB360MapEnabled', () => {
    expect(build(variant({ hasGeoFanceSetting: false })).uiSchema).toMatchObject({
      'ui:widget': 'location',
      'ui:options': { enabled: true, geoFence: false, center: { lat: 37.09024, lng: -95.712891 }, zoom: { singleMarker: 15, world: 2 }, height: 400 },
    });
    expect(build(variant({ isEB360MapEnabled: false })).uiSchema['ui:options']).toMatchObject({ enabled: false });
  });

  it('opens the map on the geofence, framed, where the organisation has one (issue 13)', () => {
    const square = { type: 'Polygon' as const, coordinates: [[[10, 50], [12, 50], [12, 51], [10, 51], [10, 50]]] as [number, number][][] };
    const fenced = build(variant({ hasGeoFanceSetting: true, geoFences: [{ name: 'Area', geometry: square }] })).uiSchema['ui:options'];
    // 2° of longitude across: 360 / 2 = 180 ≈ 2^7.5, so zoom 7.
    expect(fenced).toMatchObject({ geoFence: true, center: { lat: 50.5, lng: 11 }, zoom: { singleMarker: 15, world: 7 } });
    // The setting without an area, or an area without the setting: §9's defaults.
    for (const settings of [{ hasGeoFanceSetting: true, geoFences: [] }, { hasGeoFanceSetting: false, geoFences: [{ name: 'Area', geometry: square }] }]) {
      expect(build(variant(settings)).uiSchema['ui:options']).toMatchObject({ geoFence: false, center: { lat: 37.09024, lng: -95.712891 }, zoom: { world: 2 } });
    }
  });

  it("defaults the country to the organisation's and the geocoding source to its default source", () => {
    const property = (form: BuiltForm, name: string) => form.schema.properties?.[name] as FormSchema;
    expect(property(build(), 'country').default).toBe('US');
    expect(property(build(), 'addressGeoCodingSource').default).toBe('Bing');
    const other = build(variant({ defaultCountry: 'CA', addressSetting: { defaultAddressGeoCodingSource: 'Nominatim' } }));
    expect(property(other, 'country').default).toBe('CA');
    expect(property(other, 'addressGeoCodingSource').default).toBe('Nominatim');
  });
});
