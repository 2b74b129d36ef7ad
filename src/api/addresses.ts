/**
 * The member's static locations, §7 typed (the member's own: `/{orgId}/{contactId}/addresses`):
 * `GET` (§3 Address list response), `POST` (form `rs`, `update`: status '1'; or `_method=DELETE` and
 * `name`) and `GET …/validatelocname` (true when the name is free).
 */
import type { AddressListAnswer, DeleteAddressForm, SaveAddressForm, SaveAddressReply, StoredAddress } from '../../schemas/api/addresses.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { AddressListAnswer, SaveAddressReply, StoredAddress };

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
