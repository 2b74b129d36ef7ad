/**
 * The member's static locations, §7 typed (the member's own: `/{orgId}/{contactId}/addresses`):
 * `GET` (§3 Address list response), `POST` (form `rs`, `update`: status '1'; or `_method=DELETE` and
 * `name`) and `GET …/validatelocname` (true when the name is free); the expected (travel) locations:
 * `POST …/expectedLocations` (a page), `…/expectedLocation/createOrUpdate` (form `expectedLocation`,
 * `update`: status '1' and the id) and `…/expectedLocation/delete` (`_method=DELETE`, `expectedLocationId`).
 */
import type {
  AddressListAnswer, DeleteAddressForm, DeleteExpectedLocationForm, ExpectedLocationsAnswer, SaveAddressForm, SaveAddressReply, SaveExpectedLocationForm,
  SaveExpectedLocationReply, StoredAddress, StoredExpectedLocation,
} from '../../schemas/api/addresses.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { AddressListAnswer, ExpectedLocationsAnswer, SaveAddressReply, StoredAddress, StoredExpectedLocation };

export function getAddresses(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<AddressListAnswer>(paths.addresses(orgId, contactId), { signal });
}

/** Adds the location, or changes the one named by its `id` (`update`). */
export function saveAddress(orgId: string, contactId: number, location: object, update: boolean) {
  const form: SaveAddressForm = { rs: JSON.stringify(location), update: update ? 'true' : 'false' };
  return api.post<SaveAddressReply | null>(paths.addresses(orgId, contactId), { form: { ...form } });
}

export function deleteAddress(orgId: string, contactId: number, name: string) {
  const form: DeleteAddressForm = { _method: 'DELETE', name };
  return api.post<SaveAddressReply | null>(paths.addresses(orgId, contactId), { form: { ...form } });
}

export function locationNameFree(orgId: string, contactId: number, locationName: string, current: string | null, signal?: AbortSignal) {
  return api.get<boolean>(paths.validateLocationName(orgId, contactId), { query: { locationName, ...(current ? { updateLocationName: current } : {}) }, signal });
}

/** §7 `POST …/addresses/expectedLocations`: a page of the expected (travel) locations, newest arrival first. */
export function listExpectedLocations(orgId: string, contactId: number, pageNo: number, signal?: AbortSignal, pageSize = 5) {
  const form: Record<string, string> = { pageSize: String(pageSize), pageNo: String(pageNo), sidx: 'address.arriveDate', sord: 'desc', _search: 'false' };
  return api.post<ExpectedLocationsAnswer>(paths.expectedLocations(orgId, contactId), { form, signal });
}

/** Adds an expected location, or changes the one of `id`. */
export function saveExpectedLocation(orgId: string, contactId: number, address: object, id: number | null) {
  const form: SaveExpectedLocationForm = { expectedLocation: JSON.stringify({ contactId, address, ...(id ? { id } : {}) }), update: id ? 'true' : 'false' };
  return api.post<SaveExpectedLocationReply | null>(paths.expectedLocationSave(orgId, contactId), { form: { ...form } });
}

export function deleteExpectedLocation(orgId: string, contactId: number, id: number) {
  const form: DeleteExpectedLocationForm = { _method: 'DELETE', expectedLocationId: String(id) };
  return api.post<SaveAddressReply | null>(paths.expectedLocationDelete(orgId, contactId), { form: { ...form } });
}
