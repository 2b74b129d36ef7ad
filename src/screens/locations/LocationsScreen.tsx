import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AddressListAnswer, StoredAddress } from '../../../schemas/api/addresses.ts';
import { MAX_LOCATIONS } from '../../../schemas/rules/limits.ts';
import { buildLocationSchema } from '../../../schemas/forms/buildLocationSchema.ts';
import { deleteAddress, getAddresses, locationNameFree, saveAddress } from '../../api/addresses.ts';
import { nextProgressStep } from '../../app/nextProgressStep.ts';
import { useScreenRegistry } from '../../app/ScreenRegistryContext.ts';
import { useScreenContext } from '../../app/useScreenContext.ts';
import { useCurrentScreen, useScreenMode } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { addressLines, ConfirmDialog, type AsyncCheck } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { ExpectedLocations } from './ExpectedLocations.tsx';
import { NoticeLine, PlaceDialog, RowActions, SAVE_FAILED, SAVE_SUCCEEDED, type Notice } from './parts.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';

type Editing = { kind: 'add' } | { kind: 'edit'; address: StoredAddress } | null;

/**
 * §2 Locations page, one module for three addresses (`useScreenMode()`): the sign-up step
 * new/account/mylocation ('step': Continue to the next step), its edit page edit-mylocation ('edit':
 * a back link to review) and my-location ('my'). The member's static locations in a table (name,
 * address, actions); Add (while the organisation lets members change them and they have fewer than
 * §9's 5) and Edit open the location form in a dialog (the location builder's, edit mode: the fields
 * and the map to place the point); Delete asks 'ssp.delete.confirm' first (§4). Each change is saved
 * at once (§7 `POST …/addresses`, status '1') and the list read again; a refusal shows its message in
 * the dialog, next to the field it names, and nothing is kept. Below them, where the organisation
 * exposes them, the expected (travel) locations (ExpectedLocations.tsx).
 */
export default function LocationsScreen() {
  const { t, i18n } = useTranslation();
  const screen = useCurrentScreen();
  const mode = useScreenMode() ?? 'my';
  const { boot, account, entryFromPublicPortal } = useOrg();
  const orgId = boot.orgId;
  const org = `/${encodeURIComponent(orgId)}`;
  const contactId = account?.id ?? null;
  const screens = useScreenRegistry().screens;
  const ctx = useScreenContext();
  const [loaded, setLoaded] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'ready'; answer: AddressListAnswer }>({ status: 'loading' });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StoredAddress | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // The list, read as the page opens and again after each change.
  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => {
    if (contactId === null) return;
    const controller = new AbortController();
    void getAddresses(orgId, contactId, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setLoaded(result.hasError || !result.data ? { status: 'failed' } : { status: 'ready', answer: result.data });
    });
    return () => controller.abort();
  }, [orgId, contactId, version]);

  async function remove(address: StoredAddress) {
    setDeleting(null);
    if (contactId === null) return;
    const result = await deleteAddress(orgId, contactId, address.locationName);
    const ok = !result.hasError && !result.isCanceled && result.data?.status === '1';
    const code = result.data?.errorCode;
    setNotice(ok ? { key: 'locations.deleted', ok: true } : { key: typeof code === 'string' && code.startsWith('location.') ? code : SAVE_FAILED, ok: false });
    load();
  }

  const answer = loaded.status === 'ready' ? loaded.answer : null;
  const editable = answer?.editable === true;
  const next = mode === 'step' ? nextProgressStep(screens, 'locations', ctx) : null;

  return (
    <section className="card" aria-labelledby="locations-title" data-screen={screen?.id} data-mode={mode}>
      {mode === 'edit' ? <p><Link to={`${org}/new/account/review`}>{t('locations.backToReview')}</Link></p> : null}
      <PageHeading id="locations-title">{t('page.title.locations')}</PageHeading>
      <p>{t('locations.intro')}</p>
      <NoticeLine notice={notice} />
      {loaded.status === 'loading' ? <LoadingBar /> : null}
      {loaded.status === 'failed' ? <p className="notice" role="alert">{t('locations.loadFailed')}</p> : null}
      {answer ? (
        <>
          {!editable ? <p className="notice">{t('locations.readOnly')}</p> : null}
          {answer.addresses.length === 0 ? <p>{t('locations.none')}</p> : (
            <table className="locations-table">
              <thead>
                <tr>
                  <th scope="col">{t('locations.column.name')}</th>
                  <th scope="col">{t('locations.column.address')}</th>
                  {editable ? <th scope="col"><span className="visually-hidden">{t('locations.column.actions')}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {answer.addresses.map((address) => (
                  <tr key={address.id}>
                    <th scope="row">{address.locationName}</th>
                    <td>
                      <address className="location-lines">
                        {addressLines({ ...address, locationName: '' }, i18n.language).map((line) => <span key={line}>{line}</span>)}
                      </address>
                    </td>
                    {editable ? (
                      <RowActions
                        name={address.locationName}
                        onEdit={() => { setNotice(null); setEditing({ kind: 'edit', address }); }}
                        onDelete={() => { setNotice(null); setDeleting(address); }}
                      />
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {editable && answer.addresses.length < MAX_LOCATIONS ? (
            <p><button type="button" className="button" onClick={() => { setNotice(null); setEditing({ kind: 'add' }); }}>{t('locations.add')}</button></p>
          ) : null}
          {editable && answer.addresses.length >= MAX_LOCATIONS ? <p className="field-help">{t('location.limit')}</p> : null}
        </>
      ) : null}
      {answer?.exposeExpLoc && contactId !== null ? <ExpectedLocations contactId={contactId} editable={answer.editableExpLoc} /> : null}
      <p className="form-actions">
        {mode === 'step'
          ? <Link className="button button-primary" to={`${org}/${next ?? 'home'}`}>{t('locations.continue')}</Link>
          : <Link className="button" to={`${org}/${entryFromPublicPortal ? 'portal-home' : 'home'}`}>{t('locations.backHome')}</Link>}
      </p>
      {editing && contactId !== null ? (
        <LocationDialog
          contactId={contactId}
          address={editing.kind === 'edit' ? editing.address : null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice({ key: SAVE_SUCCEEDED, ok: true });
            load();
          }}
        />
      ) : null}
      {deleting ? <ConfirmDialog messageKey="ssp.delete.confirm" onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)} /> : null}
    </section>
  );
}

function formDataOf(address: StoredAddress | null): Record<string, unknown> {
  if (!address) return {};
  const { locationName, streetAddress, suite, city, state, postalCode, country, lat, lon, addressGeoCodingSource } = address;
  return { locationName, streetAddress, suite, city, state, postalCode, country, lat, lon, ...(addressGeoCodingSource ? { addressGeoCodingSource } : {}) };
}

const LOCATION_FORM = { name: 'location', build: buildLocationSchema, idPrefix: 'location', submitLabelKey: 'locations.save' } as const;

interface LocationDialogProps {
  contactId: number;
  /** The location edited, or null to add one. */
  address: StoredAddress | null;
  onClose: () => void;
  onSaved: () => void;
}

function LocationDialog({ contactId, address, onClose, onSaved }: LocationDialogProps) {
  const { boot } = useOrg();
  const orgId = boot.orgId;
  const current = address?.locationName ?? null;
  // §5 "unique per contact ('ssp.location.locationname.exist', checked only if changed)".
  const nameFree: AsyncCheck = useCallback(async (value, signal) => {
    if (current !== null && value.trim().toLowerCase() === current.toLowerCase()) return true;
    const result = await locationNameFree(orgId, contactId, value, current, signal);
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true ? true : 'ssp.location.locationname.exist';
  }, [orgId, contactId, current]);
  const asyncChecks = useMemo(() => ({ locationName: nameFree }), [nameFree]);
  return (
    <PlaceDialog
      titleKey={address ? 'locations.dialog.edit' : 'locations.dialog.add'}
      form={LOCATION_FORM}
      initialData={formDataOf(address)}
      asyncChecks={asyncChecks}
      save={async (values) => {
        const result = await saveAddress(orgId, contactId, address ? { ...values, id: address.id } : values, address !== null);
        return !result.hasError && !result.isCanceled && result.data?.status === '1' ? { saved: true } : { saved: false, answer: result.data };
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
