import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_SOURCE } from '../../../schemas/entities.ts';
import { buildExpectedLocationSchema } from '../../../schemas/forms/buildExpectedLocationSchema.ts';
import { MAX_EXPECTED_LOCATIONS } from '../../../schemas/rules/limits.ts';
import { deleteExpectedLocation, listExpectedLocations, saveExpectedLocation, type ExpectedLocationsAnswer, type StoredExpectedLocation } from '../../api/addresses.ts';
import { addressLines, ConfirmDialog, formatStoredDateTime } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { NoticeLine, PlaceDialog, RowActions, SAVE_FAILED, SAVE_SUCCEEDED, type Notice } from './parts.tsx';

/**
 * §2 Locations page, "expected locations (travel, start/end) section when exposed": the member's
 * expected locations a page of 5 at a time (§7, newest arrival first), each with where and when
 * (§9 'MMM DD, YYYY HH:mm'); Add, Edit and Delete (after 'ssp.delete.confirm') where the organisation
 * lets members change them (§3 editableExpLoc), in a dialog with the expected-location builder's form:
 * the location's fields and map, the arrival and the end. §2 review: each row says whether it is a
 * travel or a non-travel location; Edit only for a place the member placed themselves (geocoding
 * Manual, no travel segment), View otherwise, View on map where it has a point.
 */
export function ExpectedLocations({ contactId, editable, heading: Heading = 'h2' }: { contactId: number; editable: boolean; heading?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const orgId = boot.orgId;
  const [pageNo, setPageNo] = useState(1);
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'ready'; answer: ExpectedLocationsAnswer }>({ status: 'loading' });
  const [editing, setEditing] = useState<{ row: StoredExpectedLocation | null; view?: boolean } | null>(null);
  const [deleting, setDeleting] = useState<StoredExpectedLocation | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    void listExpectedLocations(orgId, contactId, pageNo, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setLoaded(result.hasError || !result.data ? { status: 'failed' } : { status: 'ready', answer: result.data });
    });
    return () => controller.abort();
  }, [orgId, contactId, pageNo, version]);

  async function remove(row: StoredExpectedLocation) {
    setDeleting(null);
    const result = await deleteExpectedLocation(orgId, contactId, row.id);
    const ok = !result.hasError && !result.isCanceled && result.data?.status === '1';
    const code = result.data?.errorCode;
    setNotice(ok ? { key: 'locations.expected.deleted', ok: true } : { key: typeof code === 'string' && i18n.exists(code) ? code : SAVE_FAILED, ok: false });
    reload();
  }

  const answer = loaded.status === 'ready' ? loaded.answer : null;
  const pages = answer ? Math.max(1, Math.ceil(answer.totalCount / answer.pageSize)) : 1;
  // A page emptied by a delete shows the one before it.
  if (answer && answer.data.length === 0 && pageNo > 1) setPageNo(pageNo - 1);
  const when = (row: StoredExpectedLocation) => t('locations.expected.when', {
    arrive: formatStoredDateTime(row.address.arriveDate, i18n.language), expire: formatStoredDateTime(row.address.expireDate, i18n.language),
  });

  return (
    <section aria-labelledby="expected-locations-title" className="expected-locations">
      <Heading id="expected-locations-title">{t('locations.expected.title')}</Heading>
      <p>{t('locations.expected.intro')}</p>
      <NoticeLine notice={notice} />
      {loaded.status === 'loading' ? <LoadingBar /> : null}
      {loaded.status === 'failed' ? <p className="notice" role="alert">{t('locations.expected.loadFailed')}</p> : null}
      {answer ? (
        <>
          {answer.totalCount === 0 ? <p>{t('locations.expected.none')}</p> : (
            <table className="locations-table">
              <thead>
                <tr>
                  <th scope="col">{t('locations.column.name')}</th>
                  <th scope="col">{t('locations.expected.column.type')}</th>
                  <th scope="col">{t('locations.column.address')}</th>
                  <th scope="col">{t('locations.expected.column.when')}</th>
                  <th scope="col"><span className="visually-hidden">{t('locations.column.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {answer.data.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{row.address.locationName}</th>
                    <td>{t(isTravel(row) ? 'locations.expected.type.travel' : 'locations.expected.type.nonTravel')}</td>
                    <td>
                      <address className="location-lines">
                        {addressLines({ ...row.address, locationName: '' }, i18n.language).map((line) => <span key={line}>{line}</span>)}
                      </address>
                    </td>
                    <td>{when(row)}</td>
                    <RowActions
                      name={row.address.locationName}
                      {...(editable && mayEdit(row)
                        ? { onEdit: () => { setNotice(null); setEditing({ row }); } }
                        : { onView: () => { setNotice(null); setEditing({ row, view: true }); } })}
                      {...(hasPoint(row) && editable && mayEdit(row) ? { onViewMap: () => { setNotice(null); setEditing({ row, view: true }); } } : {})}
                      {...(editable ? { onDelete: () => { setNotice(null); setDeleting(row); } } : {})}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 ? (
            <nav className="pagination" aria-label={t('locations.expected.pagination')}>
              <button type="button" className="button button-small" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>{t('locations.expected.previous')}</button>
              <span aria-live="polite">{t('locations.expected.page', { page: pageNo, pages })}</span>
              <button type="button" className="button button-small" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>{t('locations.expected.next')}</button>
            </nav>
          ) : null}
          {editable && answer.totalCount < MAX_EXPECTED_LOCATIONS ? (
            <p><button type="button" className="button" onClick={() => { setNotice(null); setEditing({ row: null }); }}>{t('locations.expected.add')}</button></p>
          ) : null}
          {editable && answer.totalCount >= MAX_EXPECTED_LOCATIONS ? <p className="field-help">{t('expectedLocation.limit')}</p> : null}
        </>
      ) : null}
      {editing ? (
        <ExpectedLocationDialog
          contactId={contactId}
          row={editing.row}
          view={editing.view === true}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice({ key: SAVE_SUCCEEDED, ok: true });
            reload();
          }}
        />
      ) : null}
      {deleting ? <ConfirmDialog messageKey="ssp.delete.confirm" onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)} /> : null}
    </section>
  );
}

/** From a travel itinerary rather than the member (§2 review "type travel or non-travel"): every place the portal keeps itself is non-travel. */
const isTravel = (row: StoredExpectedLocation) => row.address.locationSource !== LOCATION_SOURCE;
/** §5 "Expected-location edit allowed only if editable, geocoding source Manual, no travel segment" (editable is the caller's). */
const mayEdit = (row: StoredExpectedLocation) => row.address.addressGeoCodingSource === 'Manual' && !isTravel(row);
/** §5 "View on map hidden when both coordinates null". */
const hasPoint = (row: StoredExpectedLocation) => row.address.lat !== null || row.address.lon !== null;

function formDataOf(row: StoredExpectedLocation | null): Record<string, unknown> {
  if (!row) return {};
  const { locationName, streetAddress, suite, city, state, postalCode, country, lat, lon, arriveDate, expireDate } = row.address;
  return { locationName, streetAddress, suite, city, state, postalCode, country, lat, lon, arriveDate, expireDate };
}

const EXPECTED_LOCATION_FORM = {
  name: 'expectedLocation', build: buildExpectedLocationSchema, idPrefix: 'expectedLocation', submitLabelKey: 'locations.expected.save',
} as const;

interface DialogProps {
  contactId: number;
  row: StoredExpectedLocation | null;
  /** Only shown: the place and its map, read-only. */
  view: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function ExpectedLocationDialog({ contactId, row, view, onClose, onSaved }: DialogProps) {
  const { boot } = useOrg();
  return (
    <PlaceDialog
      titleKey={view ? 'locations.expected.dialog.view' : row ? 'locations.expected.dialog.edit' : 'locations.expected.dialog.add'}
      form={EXPECTED_LOCATION_FORM}
      initialData={formDataOf(row)}
      {...(view ? {} : {
        save: async (values: Record<string, unknown>) => {
          const result = await saveExpectedLocation(boot.orgId, contactId, values, row?.id ?? null);
          return !result.hasError && !result.isCanceled && result.data?.status === '1' ? { saved: true as const } : { saved: false as const, answer: result.data };
        },
      })}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
