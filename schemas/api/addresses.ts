/**
 * A member's static locations, the calls of §7 under `/{orgId}/{contactId}/addresses` (issue 13
 * "Locations page"), and the location-name check:
 * - `GET /{orgId}/{contactId}/addresses` → §3 "Address list response": the member's `addresses` and
 *   what the page may do with them (`editable`, `expose`; `exposeExpLoc`, `editableExpLoc` for the
 *   expected locations), how the organisation geocodes, and the `countries` and `states` of the form;
 * - `POST /{orgId}/{contactId}/addresses` (form `rs`: the location as JSON text, `update`: 'true' to
 *   change the one named by `id`) → `status: '1'`; 400 `validation` with §5's keys (the location
 *   builder's, edit mode) and `ssp.location.locationname.exist` at `/locationName`; 400
 *   `ssp.location.address.out.of.range` outside the organisation's geofence; 409 `location.limit`
 *   past §9's 5; 403 `location.notEditable` when the organisation shows locations read only; 404
 *   `location.notFound` for an update of no location of the member's;
 * - the same POST with `_method: 'DELETE'` and `name` removes the location of that name → `status:
 *   '1'`; 409 `location.lastMandatory` for the only location where one is mandatory (§4);
 * - `GET …/addresses/validatelocname?locationName&updateLocationName` → true when the name is free
 *   (not counting `updateLocationName`, the name of the location being edited: §5 "checked only if
 *   changed").
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { LIMITS, MAX_LOCATIONS } from '../rules/limits.ts';
import { Text, type Refusal, type Reply } from './common.ts';

export { MemberParams } from './profile.ts';

export { LOCATION_SOURCE } from '../entities.ts';

/** A location as the form holds it (§3 Address; the location builder's fields), and its id once stored. */
export const AddressInput = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  locationName: Type.Optional(Text(LIMITS.locationName.max)),
  streetAddress: Type.Optional(Text(LIMITS.street.max)),
  suite: Type.Optional(Text(LIMITS.suite.max)),
  city: Type.Optional(Text(LIMITS.city.max)),
  state: Type.Optional(Text(LIMITS.state.max)),
  postalCode: Type.Optional(Text(LIMITS.postalCode.max)),
  country: Type.Optional(Text(2)),
  lat: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  lon: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  addressGeoCodingSource: Type.Optional(Text(20)),
}, { additionalProperties: true });
export type AddressInput = Static<typeof AddressInput>;

/** What the page sends: `rs` as JSON text (a form), or a delete. */
export interface SaveAddressForm {
  rs: string;
  update: 'true' | 'false';
}
export interface DeleteAddressForm {
  _method: 'DELETE';
  name: string;
}

/** The body as validated: a save (`rs` read from its JSON text first) or a delete by name. */
export const SaveAddressBody = Type.Union([
  Type.Object({ rs: AddressInput, update: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])) }),
  Type.Object({ _method: Type.Literal('DELETE'), name: Type.String({ minLength: 1, maxLength: LIMITS.locationName.max }) }),
]);
export type SaveAddressBody = Static<typeof SaveAddressBody>;

/** §3 Address as stored. */
export const StoredAddress = Type.Object({
  id: Type.Integer(),
  locationId: Type.Integer(),
  locationName: Type.String(),
  pristineLocationName: Type.String(),
  streetAddress: Type.String(),
  suite: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lon: Type.Union([Type.Number(), Type.Null()]),
  gisLocation: Type.Union([Type.Object({ lat: Type.Number(), lon: Type.Number() }), Type.Null()]),
  addressGeoCodingSource: Type.String(),
  locationSource: Type.String(),
});
export type StoredAddress = Static<typeof StoredAddress>;

const CodeAndName = Type.Object({ code: Type.String(), name: Type.String() });

export const AddressListAnswer = Type.Object({
  addresses: Type.Array(StoredAddress, { maxItems: MAX_LOCATIONS }),
  /** The member may add, change and delete locations (addressSetting.editable). */
  editable: Type.Boolean(),
  /** Locations are shown (showAddress). */
  expose: Type.Boolean(),
  exposeExpLoc: Type.Boolean(),
  editableExpLoc: Type.Boolean(),
  geocodingType: Type.String(),
  defaultAddressGeoCodingSource: Type.String(),
  states: Type.Array(CodeAndName),
  countries: Type.Array(CodeAndName),
});
export type AddressListAnswer = Static<typeof AddressListAnswer>;

export const SaveAddressAnswer = Type.Object({ status: Type.Literal('1') });
export type SaveAddressAnswer = Static<typeof SaveAddressAnswer>;
export type SaveAddressReply = Reply<SaveAddressAnswer, Refusal>;

export const LocationNameQuery = Type.Object({
  locationName: Type.String({ maxLength: LIMITS.locationName.max }),
  updateLocationName: Type.Optional(Type.String({ maxLength: LIMITS.locationName.max })),
});
export type LocationNameQuery = Static<typeof LocationNameQuery>;

/** true when the name is free. */
export const LocationNameAnswer = Type.Boolean();

/**
 * Expected (travel) locations (§3 Expected location; §7):
 * - `POST …/addresses/expectedLocations` (form `pageSize` 5, `pageNo` 1, `sidx` address.arriveDate,
 *   `sord` desc, `_search`) → `{ data, currentPageNo, pageSize, totalCount, start }`;
 * - `POST …/addresses/expectedLocation/createOrUpdate` (form `expectedLocation`: JSON text of
 *   `{ contactId, address, id on update }`, `update`) → `{ status: '1', id }`; the server sets source
 *   Member_Portal and geocoding Manual; 400 `validation` with §5's keys (the expected-location
 *   builder's, `location.expireBeforeArrive` at `/expireDate`), `ssp.location.address.out.of.range`
 *   outside the geofence, 409 `expectedLocation.limit` past MAX_EXPECTED_LOCATIONS, 403
 *   `location.notEditable` unless the organisation lets members change them (expectedLocEditable);
 * - `POST …/addresses/expectedLocation/delete` (form `_method: 'DELETE'`, `expectedLocationId`) → `{ status: '1' }`.
 */
/** A form's number (every form field is text): 1 to 999. */
const FormCount = Type.String({ pattern: '^[1-9][0-9]{0,2}$' });

export const ExpectedLocationsBody = Type.Object({
  /** 1 to 50. */
  pageSize: Type.Optional(FormCount),
  pageNo: Type.Optional(FormCount),
  sidx: Type.Optional(Type.Union([Type.Literal('address.arriveDate'), Type.Literal('address.expireDate'), Type.Literal('address.locationName')])),
  sord: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  _search: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  orgId: Type.Optional(Type.String({ maxLength: 100 })),
  contactId: Type.Optional(Type.String({ maxLength: 12 })),
});
export type ExpectedLocationsBody = Static<typeof ExpectedLocationsBody>;

export const StoredExpectedLocation = Type.Object({
  id: Type.Integer(),
  contactId: Type.Integer(),
  address: Type.Intersect([StoredAddress, Type.Object({ arriveDate: Type.String(), expireDate: Type.String() })]),
});
export type StoredExpectedLocation = Static<typeof StoredExpectedLocation>;

export const ExpectedLocationsAnswer = Type.Object({
  data: Type.Array(StoredExpectedLocation, { maxItems: 50 }),
  currentPageNo: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer(),
  start: Type.Integer(),
});
export type ExpectedLocationsAnswer = Static<typeof ExpectedLocationsAnswer>;

const ExpectedAddressInput = Type.Intersect([AddressInput, Type.Object({
  arriveDate: Type.Optional(Text(16)),
  expireDate: Type.Optional(Text(16)),
}, { additionalProperties: true })]);

export const ExpectedLocationInput = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  contactId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
  address: ExpectedAddressInput,
}, { additionalProperties: true });

export const SaveExpectedLocationBody = Type.Object({
  expectedLocation: ExpectedLocationInput,
  update: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});
export type SaveExpectedLocationBody = Static<typeof SaveExpectedLocationBody>;

/** What the page sends: `expectedLocation` as JSON text (a form). */
export interface SaveExpectedLocationForm {
  expectedLocation: string;
  update: 'true' | 'false';
}

export const SaveExpectedLocationAnswer = Type.Object({ status: Type.Literal('1'), id: Type.Integer() });
export type SaveExpectedLocationAnswer = Static<typeof SaveExpectedLocationAnswer>;
export type SaveExpectedLocationReply = Reply<SaveExpectedLocationAnswer, Refusal>;

export const DeleteExpectedLocationBody = Type.Object({
  _method: Type.Literal('DELETE'),
  expectedLocationId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
});
export type DeleteExpectedLocationBody = Static<typeof DeleteExpectedLocationBody>;
export interface DeleteExpectedLocationForm {
  _method: 'DELETE';
  expectedLocationId: string;
}
