/**
 * The member's expected (travel) locations (§7 `…/addresses/expectedLocations`,
 * `expectedLocation/createOrUpdate`, `expectedLocation/delete`; §2 Locations page's expected
 * locations; issue 13). A save is the expected-location builder's form in edit mode plus the
 * location rules (services/addresses.ts `checkedLocation`: verified, inside the geofence) and one of
 * its own: the expiry is not before the arrival. §7: the server sets the source (Member_Portal) and
 * the geocoding (Manual). They are listed a page at a time (§7's 5, newest arrival first) and kept to
 * MAX_EXPECTED_LOCATIONS a member; only an organisation that lets members change them
 * (addressSetting.expectedLocEditable) takes a change.
 */
import type {
  DeleteExpectedLocationBody, ExpectedLocationsAnswer, ExpectedLocationsBody, SaveExpectedLocationBody, StoredExpectedLocation,
} from '../../schemas/api/addresses.ts';
import { MAX_EXPECTED_LOCATIONS } from '../../schemas/rules/limits.ts';
import type { Db } from '../db/client.ts';
import {
  deleteExpectedLocation, insertExpectedLocation, pageOfExpectedLocations, updateExpectedLocation, type ExpectedLocationOrder, type ExpectedLocationRow,
} from '../repositories/expectedLocations.ts';
import type { Organization } from '../repositories/organizations.ts';
import { checkedLocation, storedPlace } from './addresses.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

/** §7 "pageSize (5), pageNo (1), sidx address.arriveDate, sord desc". */
export const EXPECTED_LOCATIONS_PAGE = { pageSize: 5, pageNo: 1, sidx: 'address.arriveDate', sord: 'desc' } as const;

/** A page holds at most this many (the list is bounded: MAX_EXPECTED_LOCATIONS in all). */
const MAX_PAGE_SIZE = 50;

const NOT_EDITABLE = refuse(403, { errorCode: 'location.notEditable' });
const NOT_FOUND = refuse(404, { errorCode: 'expectedLocation.notFound' });

function storedExpectedLocation(row: ExpectedLocationRow): StoredExpectedLocation {
  return {
    id: row.expectedLocationId,
    contactId: row.contactId,
    address: { ...storedPlace(row.expectedLocationId, row), arriveDate: row.arriveDate, expireDate: row.expireDate },
  };
}

/** `POST …/addresses/expectedLocations`: one page of them. */
export async function listExpectedLocations(db: Db, org: Organization, contactId: number, body: ExpectedLocationsBody): Promise<{ ok: true } & ExpectedLocationsAnswer> {
  const pageSize = Math.min(Number(body.pageSize ?? EXPECTED_LOCATIONS_PAGE.pageSize), MAX_PAGE_SIZE);
  const pageNo = Number(body.pageNo ?? EXPECTED_LOCATIONS_PAGE.pageNo);
  const order = (body.sidx ?? EXPECTED_LOCATIONS_PAGE.sidx).replace('address.', '') as ExpectedLocationOrder;
  const { rows, total } = await pageOfExpectedLocations(db, org.orgId, contactId, { pageNo, pageSize, order, descending: (body.sord ?? EXPECTED_LOCATIONS_PAGE.sord) === 'desc' });
  return { ok: true, data: rows.map(storedExpectedLocation), currentPageNo: pageNo, pageSize, totalCount: total, start: (pageNo - 1) * pageSize };
}

const editable = (org: Organization) => org.settings.showAddress && org.settings.addressSetting.expectedLocEditable;

/** `POST …/addresses/expectedLocation/createOrUpdate`. */
export async function saveExpectedLocation(db: Db, org: Organization, contactId: number, body: SaveExpectedLocationBody): Promise<{ ok: true; status: '1'; id: number } | Refusal> {
  if (!editable(org)) return NOT_EDITABLE;
  const { address, id } = body.expectedLocation;
  const update = body.update === 'true';
  if (update && !id) return refuse(400, { errorCode: 'request.invalid', message: 'an update names the expected location by its id' });
  const arriveDate = (address.arriveDate ?? '').trim();
  const expireDate = (address.expireDate ?? '').trim();
  // §7 "geocoding Manual": the member places the point.
  const checked = checkedLocation(org, 'expectedLocation', { ...address, addressGeoCodingSource: 'Manual' }, { arriveDate, expireDate });
  if (!checked.ok) return checked;
  // Stored as 'YYYY-MM-DD HH:mm' (the builder's pattern): the text order is the time order.
  if (expireDate < arriveDate) return refuseValidation([{ pointer: '/expireDate', key: 'location.expireBeforeArrive', params: {} }]);
  const values = { ...checked.values, addressGeoCodingSource: 'Manual', arriveDate, expireDate };
  if (update) return (await updateExpectedLocation(db, org.orgId, contactId, id!, values)) ? { ok: true, status: '1', id: id! } : NOT_FOUND;
  const added = await insertExpectedLocation(db, org.orgId, contactId, values, MAX_EXPECTED_LOCATIONS);
  return added === null ? refuse(409, { errorCode: 'expectedLocation.limit' }) : { ok: true, status: '1', id: added };
}

/** `POST …/addresses/expectedLocation/delete`. */
export async function removeExpectedLocation(db: Db, org: Organization, contactId: number, body: DeleteExpectedLocationBody): Promise<{ ok: true; status: '1' } | Refusal> {
  if (!editable(org)) return NOT_EDITABLE;
  const id = Number(body.expectedLocationId);
  if (!Number.isSafeInteger(id) || id > 2 ** 31 - 1) return NOT_FOUND;
  return (await deleteExpectedLocation(db, org.orgId, contactId, id)) ? { ok: true, status: '1' } : NOT_FOUND;
}
