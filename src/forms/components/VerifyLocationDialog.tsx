import type { Registry, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeocodingCandidate } from '../../../schemas/api/places.ts';
import type { SignUpAddressFormValue } from '../../../schemas/signUp/formData.ts';
import { formContextOf, type CheckPlace, type Geocode } from '../formContext.ts';
import { addressLines } from '../widgets/addressLines.ts';
import { MarkerMap } from '../widgets/MarkerMap.tsx';
import { coordinateOf } from '../widgets/locationOptions.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export interface VerifiedPoint {
  lat: number | null;
  lon: number | null;
  /** The member placed or moved the marker (the coordinates are theirs: geocoding source Manual). */
  moved: boolean;
}

interface VerifyLocationDialogProps {
  id: string;
  address: Partial<SignUpAddressFormValue>;
  /** The location builder's map options (`ui:options` of the address: enabled, center, zoom, height). */
  map: Record<string, unknown>;
  /** 'verify': place the point and confirm; 'view': the confirmed point, read only (§4 "View on map"). */
  mode: 'verify' | 'view';
  registry: Registry;
  onConfirm: (point: VerifiedPoint) => void;
  onClose: () => void;
}

const ignore = () => {};

/** What the chosen candidate's point is the centre of: a US ZIP code area is called that, any other country's a postal code area. */
function precisionHelpKey(chosen: GeocodingCandidate): string {
  if (chosen.precision !== 'postalCode') return 'signup.location.candidates.townOnly';
  return chosen.country === 'US' ? 'signup.location.candidates.zipOnly' : 'signup.location.candidates.postalOnly';
}

/**
 * §2 "modal 'Verify your location' with a map and sidebar", §4 "In the modal choose a candidate or
 * 'show us' (free-drag point); the first candidate is preselected". Where the organisation geocodes
 * (addressSetting.geocodingType 'Automatic': the map option `geocode`) and the page has a geocoder
 * (the form context's `geocode`: the sign-up page; not the admin preview), the dialog looks the
 * address up as it opens and lists the places found as A, B, C…; choosing one puts the marker there.
 * "Show us on the map" keeps the marker where it is for the member to place or drag. A lookup that
 * finds nothing or fails says so, and the map keeps its default centre (§8). The member may always
 * move the marker; a point that is not the chosen place's is the member's own (geocoding source
 * Manual). The map (Leaflet) is loaded by the location widget when this dialog first draws it. The
 * dialog always has its map, whatever isEB360MapEnabled says of the maps elsewhere: a verified
 * location is one with a point (the server reads `verified` from the coordinates,
 * schemas/signUp/fromPayload.ts), so without a map no address could be verified.
 *
 * Where the organisation has a geofence (the map option `geoFence`) and the page can ask (the form
 * context's `checkPlace`), Confirm asks the server first; a point outside the area is not confirmed:
 * the dialog stays open with §8's 'ssp.map.out.of.area.warning' (an alert with OK) for the member to
 * choose another place. When the server cannot be asked, the point is confirmed and the save decides.
 */
export function VerifyLocationDialog({ id, address, map, mode, registry, onConfirm, onClose }: VerifyLocationDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Partial<SignUpAddressFormValue>>(address);
  const verifying = mode === 'verify';
  const { geocode, checkPlace } = formContextOf(registry);
  const fence = useFenceCheck(map.geoFence === true ? checkPlace : null);
  // Which candidate the marker stands on: the first as the list arrives (unless the address already had its point), or none ('show us').
  const [choice, setChoice] = useState<number | null>(null);
  const lookup = useCandidates(verifying && map.geocode === true ? geocode : null, address, (candidates) => {
    const first = candidates[0];
    if (!first || coordinateOf(address.lat) !== null || coordinateOf(address.lon) !== null) return;
    setChoice(0);
    setDraft((current) => ({ ...current, lat: first.latitude, lon: first.longitude }));
  });
  const lat = coordinateOf(draft.lat);
  const lon = coordinateOf(draft.lon);
  const placed = lat !== null && lon !== null;
  const chosen = choice === null ? null : lookup.candidates[choice] ?? null;
  const moved = chosen ? lat !== chosen.latitude || lon !== chosen.longitude : lat !== coordinateOf(address.lat) || lon !== coordinateOf(address.lon);

  const choose = (index: number | null) => {
    fence.dismiss();
    setChoice(index);
    const candidate = index === null ? null : lookup.candidates[index];
    if (candidate) setDraft((current) => ({ ...current, lat: candidate.latitude, lon: candidate.longitude }));
  };

  return (
    <Dialog title={t(verifying ? 'signup.location.verify.title' : 'signup.location.view.title')} onClose={onClose} className="verify-location-dialog">
      <div className="verify-location">
        <div className="verify-location-sidebar">
          <address className="location-lines">
            {addressLines(draft, i18n.language).map((line) => <span key={line}>{line}</span>)}
          </address>
          {lookup.state !== 'off' ? (
            <Candidates id={id} lookup={lookup} choice={choice} onChoose={choose} />
          ) : null}
          {chosen && chosen.precision !== 'address' && !moved ? (
            <p className="field-help">{t(precisionHelpKey(chosen))}</p>
          ) : null}
          {verifying ? <p className="field-help">{t('signup.location.verify.instructions')}</p> : null}
          {fence.outside ? (
            <div className="form-alert location-outside" role="alert">
              <p>{t('ssp.map.out.of.area.warning')}</p>
              <button type="button" className="button" onClick={fence.dismiss}>{t('form.dialog.ok')}</button>
            </div>
          ) : null}
        </div>
        <div className="verify-location-map">
          <MarkerMap
            id={`${id}__map`}
            name="map"
            value={draft}
            onChange={(value: Partial<SignUpAddressFormValue>) => {
              fence.dismiss();
              setDraft(value);
            }}
            options={{ ...map, enabled: true } as WidgetProps['options']}
            readonly={!verifying}
            registry={registry}
            schema={{ type: 'object' }}
            uiSchema={{}}
            label={t('form.location.map')}
            onBlur={ignore}
            onFocus={ignore}
          />
        </div>
      </div>
      <div className="dialog-actions">
        {verifying ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!placed || fence.checking}
            aria-busy={fence.checking || undefined}
            onClick={() => {
              if (lat === null || lon === null) return;
              void fence.check({ lat, lon }).then((accepted) => {
                if (accepted) onConfirm({ lat, lon, moved });
              });
            }}
          >
            {t('signup.location.verify.confirm')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          {t(verifying ? 'form.dialog.cancel' : 'signup.location.view.close')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The geofence question of the Confirm button: `check` answers whether the point may be confirmed
 * (not when the server says it is outside; yes without a question, or when none could be asked);
 * `outside` holds until the member dismisses it or moves the point. A question still open when the
 * dialog closes is dropped.
 */
function useFenceCheck(checkPlace: CheckPlace | null) {
  const [state, setState] = useState<'idle' | 'checking' | 'outside'>('idle');
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return {
    checking: state === 'checking',
    outside: state === 'outside',
    dismiss: () => setState((current) => (current === 'outside' ? 'idle' : current)),
    check: async (point: { lat: number; lon: number }): Promise<boolean> => {
      if (!checkPlace) return true;
      controller.current?.abort();
      const asking = (controller.current = new AbortController());
      setState('checking');
      const inside = await checkPlace(point, asking.signal);
      if (asking.signal.aborted) return false;
      setState(inside === false ? 'outside' : 'idle');
      return inside !== false;
    },
  };
}

interface Lookup {
  /** off: no geocoding here; looking: asked; found: the answer (maybe no place); failed: no answer (§8). */
  state: 'off' | 'looking' | 'found' | 'failed';
  candidates: GeocodingCandidate[];
}

/**
 * The places `address` may be, asked once as the dialog opens (and the question dropped if it closes
 * first); `onFound` is told the places as they arrive.
 */
function useCandidates(geocode: Geocode | null, address: Partial<SignUpAddressFormValue>, onFound: (candidates: GeocodingCandidate[]) => void): Lookup {
  const [lookup, setLookup] = useState<Lookup>({ state: geocode ? 'looking' : 'off', candidates: [] });
  // The address as the dialog opened with it: the lookup is not asked again while the member moves the marker.
  const [query] = useState(() => ({
    streetAddress: address.streetAddress ?? '', suite: address.suite ?? '', city: address.city ?? '', state: address.state ?? '',
    postalCode: address.postalCode ?? '', country: address.country ?? '',
  }));
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  useEffect(() => {
    if (!geocode) return undefined;
    const controller = new AbortController();
    geocode(query, controller.signal).then(
      (candidates) => {
        if (controller.signal.aborted) return;
        setLookup(candidates ? { state: 'found', candidates } : { state: 'failed', candidates: [] });
        if (candidates) found.current(candidates);
      },
      () => {
        if (!controller.signal.aborted) setLookup({ state: 'failed', candidates: [] });
      },
    );
    return () => controller.abort();
  }, [geocode, query]);
  return lookup;
}

const letterOf = (index: number) => String.fromCharCode(65 + index);

/** §3 "labelled A, B, C... and first active": the places found, and "show us" for a point of the member's own. */
function Candidates({ id, lookup, choice, onChoose }: { id: string; lookup: Lookup; choice: number | null; onChoose: (index: number | null) => void }) {
  const { t } = useTranslation();
  const name = `${id}__candidate`;
  const status = lookup.state === 'looking' ? t('signup.location.candidates.looking')
    : lookup.state === 'failed' ? t('signup.location.candidates.failed')
      : lookup.candidates.length === 0 ? t('signup.location.candidates.none') : '';
  return (
    <fieldset className="location-candidates">
      <legend>{t('signup.location.candidates.legend')}</legend>
      <p className="location-candidates-status" role="status">{status}</p>
      {lookup.candidates.map((candidate, index) => (
        <label className="location-candidate" key={`${candidate.latitude},${candidate.longitude},${index}`}>
          <input type="radio" name={name} checked={choice === index} onChange={() => onChoose(index)} />
          <span className="location-candidate-letter">{letterOf(index)}</span>{' '}
          <span className="location-candidate-address">{candidate.formattedAddress}</span>
        </label>
      ))}
      {lookup.state !== 'looking' ? (
        <label className="location-candidate">
          <input type="radio" name={name} checked={choice === null} onChange={() => onChoose(null)} />
          <span className="location-candidate-address">{t('signup.location.candidates.showUs')}</span>
        </label>
      ) : null}
    </fieldset>
  );
}
