/**
 * The member's static locations (§7 `/{orgId}/{contactId}/addresses`; §2 Locations page; §4
 * "Locations: add/edit opens a modal; delete confirms then removes by name; … the last location
 * cannot be deleted when addresses are mandatory and only one exists"; issue 13).
 *
 * A save is the location builder's form in edit mode (checkSubmission: §5's keys), then the rules it
 * cannot say: a location is verified (it has its point: §5 'ssp.map.verify.your.location.errormsg'),
 * lies inside the organisation's geofence (schemas/rules/withinGeoFence.ts), has a name of its own
 * (unique per contact, without regard to case), and is one of at most §9's 5. A location saved
 * without a name is named by its street (the name is how §7 deletes it). Nothing is written unless all
 * of it holds; an organisation that shows locations read only (addressSetting.editable off) refuses
 * every change.
 */
import { LOCATION_SOURCE, type AddressInput, type AddressListAnswer, type SaveAddressBody, type StoredAddress } from '../../schemas/api/addresses.ts';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { namedCountries } from '../../schemas/rules/countries.ts';
import { OUT_OF_AREA_KEYS } from '../../schemas/rules/geoFence.ts';
import { LIMITS, MAX_LOCATIONS } from '../../schemas/rules/limits.ts';
import { US_STATES } from '../../schemas/rules/usStates.ts';
import { withinGeoFence } from '../../schemas/rules/withinGeoFence.ts';
import type { LanguageCode } from '../../schemas/languages.ts';
import type { Db } from '../db/client.ts';
import {
  deleteAddressByName, insertAddress, listAddresses, locationNameUsed, updateAddress, type AddressRow, type AddressValues,
} from '../repositories/addresses.ts';
import type { Organization } from '../repositories/organizations.ts';
import { checkSubmission } from './formSubmissions.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';

const NAME_TAKEN = refuseValidation([{ pointer: '/locationName', key: 'ssp.location.locationname.exist', params: {} }]);

/** The columns a static and an expected location share. */
type PlaceColumns = Omit<AddressRow, 'locationId' | 'orgId' | 'contactId' | 'createdAt'>;

/** A stored place as §3 Address says it, named by `id`. */
export function storedPlace(id: number, row: PlaceColumns): StoredAddress {
  return {
    id, locationId: id, locationName: row.locationName, pristineLocationName: row.locationName,
    streetAddress: row.streetAddress, suite: row.suite ?? '', city: row.city ?? '', state: row.state ?? '', postalCode: row.postalCode ?? '',
    country: row.country ?? '', lat: row.lat, lon: row.lon, gisLocation: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
    addressGeoCodingSource: row.addressGeoCodingSource ?? '', locationSource: row.locationSource ?? '',
  };
}

/** `GET /{orgId}/{contactId}/addresses`: §3 Address list response, the countries named in `language`. */
export async function readAddresses(db: Db, org: Organization, contactId: number, language: LanguageCode): Promise<{ ok: true } & AddressListAnswer> {
  const { settings } = org;
  const rows = await listAddresses(db, org.orgId, contactId, MAX_LOCATIONS);
  return {
    ok: true,
    addresses: rows.map((row) => storedPlace(row.locationId, row)),
    editable: settings.showAddress && settings.addressSetting.editable,
    expose: settings.showAddress,
    exposeExpLoc: settings.showAddress,
    editableExpLoc: settings.showAddress && settings.addressSetting.expectedLocEditable,
    geocodingType: settings.addressSetting.geocodingType,
    defaultAddressGeoCodingSource: settings.addressSetting.defaultAddressGeoCodingSource,
    states: [...US_STATES],
    countries: namedCountries(language),
  };
}

const text = (value: string | undefined) => (value ?? '').trim();
const orNull = (value: string) => (value === '' ? null : value);

/**
 * A location as the builder `form` (edit mode) accepts it, then the rules it cannot say: verified (a
 * point), inside the geofence; named by its street when it has no name. `extra` are the form's other
 * fields (an expected location's dates).
 */
export function checkedLocation(
  org: Organization, form: 'location' | 'expectedLocation', input: AddressInput, extra: Record<string, string> = {},
): { ok: true; values: AddressValues; data: Record<string, unknown> } | Refusal {
  const { settings } = org;
  const checked = checkSubmission(org, form, 'edit', { featureFlags: FEATURE_FLAGS_OFF }, {
    locationName: text(input.locationName), streetAddress: text(input.streetAddress), suite: text(input.suite), city: text(input.city),
    state: text(input.state), postalCode: text(input.postalCode), country: text(input.country),
    lat: input.lat ?? null, lon: input.lon ?? null, addressGeoCodingSource: text(input.addressGeoCodingSource) || settings.addressSetting.defaultAddressGeoCodingSource,
    ...extra,
  });
  if (!checked.ok) return refuseValidation(checked.errors);
  const data = checked.data as Record<string, string | number | null>;
  const lat = data.lat as number | null;
  const lon = data.lon as number | null;
  if (lat === null || lon === null) return refuseValidation([{ pointer: '/', key: 'ssp.map.verify.your.location.errormsg', params: {} }]);
  if (!withinGeoFence(settings, { latitude: lat, longitude: lon })) return refuseField('/', OUT_OF_AREA_KEYS.outOfRange);
  const street = data.streetAddress as string;
  return {
    ok: true,
    data,
    values: {
      locationName: (data.locationName as string) || street.slice(0, LIMITS.locationName.max).trim(),
      streetAddress: street, suite: orNull(data.suite as string), city: orNull(data.city as string), state: orNull(data.state as string),
      postalCode: orNull(data.postalCode as string), country: orNull(data.country as string), lat, lon,
      addressGeoCodingSource: orNull(data.addressGeoCodingSource as string), locationSource: LOCATION_SOURCE,
    },
  };
}

/** `POST /{orgId}/{contactId}/addresses`: a save (add, or `update` the location `rs.id`) or a delete by name. */
export async function saveAddress(db: Db, org: Organization, contactId: number, body: SaveAddressBody): Promise<{ ok: true; status: '1' } | Refusal> {
  const { settings } = org;
  if (!settings.showAddress || !settings.addressSetting.editable) return refuse(403, { errorCode: 'location.notEditable' });
  if ('_method' in body) {
    const outcome = await deleteAddressByName(db, org.orgId, contactId, body.name, settings.addressSetting.mandatory);
    if (outcome === 'notFound') return refuse(404, { errorCode: 'location.notFound' });
    if (outcome === 'last') return refuse(409, { errorCode: 'location.lastMandatory' });
    return { ok: true, status: '1' };
  }
  const update = body.update === true || body.update === 'true';
  const input: AddressInput = body.rs;
  if (update && !input.id) return refuse(400, { errorCode: 'request.invalid', message: 'an update names the location by its id' });
  const checked = checkedLocation(org, 'location', input);
  if (!checked.ok) return checked;
  const { values } = checked;
  const written = update
    ? await updateAddress(db, org.orgId, contactId, input.id!, values)
    : await insertAddress(db, org.orgId, contactId, values, MAX_LOCATIONS);
  if (written.ok) return { ok: true, status: '1' };
  if (written.reason === 'nameTaken') return NAME_TAKEN;
  if (written.reason === 'limit') return refuse(409, { errorCode: 'location.limit' });
  return refuse(404, { errorCode: 'location.notFound' });
}

/** `GET …/addresses/validatelocname`: true when the member has no other location of that name. */
export async function locationNameFree(db: Db, org: Organization, contactId: number, name: string, current: string | undefined): Promise<boolean> {
  if (name.trim() === '') return true;
  return !(await locationNameUsed(db, org.orgId, contactId, name, current ?? null));
}
