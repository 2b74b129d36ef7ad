import type { Registry, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignUpAddressFormValue } from '../../../schemas/signUp/formData.ts';
import { addressLines } from '../widgets/addressLines.ts';
import { LocationWidget } from '../widgets/LocationWidget.tsx';
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

/**
 * §2 "modal 'Verify your location' with a map and sidebar", §4 "In the modal choose a candidate or
 * 'show us' (free-drag point)". There is no geocoder yet, so there are no candidates: the member
 * places the point ('show us': the map's place button), drags it or moves it with the keyboard
 * controls of the location widget, and confirms. The map (Leaflet) is loaded by the location widget
 * when this dialog first draws it. The dialog always has its map, whatever isEB360MapEnabled says of
 * the maps elsewhere: a verified location is one with a point (the server reads `verified` from the
 * coordinates, schemas/signUp/fromPayload.ts), so without a map no address could be verified.
 */
export function VerifyLocationDialog({ id, address, map, mode, registry, onConfirm, onClose }: VerifyLocationDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Partial<SignUpAddressFormValue>>(address);
  const lat = coordinateOf(draft.lat);
  const lon = coordinateOf(draft.lon);
  const placed = lat !== null && lon !== null;
  const moved = lat !== coordinateOf(address.lat) || lon !== coordinateOf(address.lon);
  const verifying = mode === 'verify';

  return (
    <Dialog title={t(verifying ? 'signup.location.verify.title' : 'signup.location.view.title')} onClose={onClose} className="verify-location-dialog">
      <div className="verify-location">
        <div className="verify-location-sidebar">
          <address className="location-lines">
            {addressLines(draft, i18n.language).map((line) => <span key={line}>{line}</span>)}
          </address>
          {verifying ? <p className="field-help">{t('signup.location.verify.instructions')}</p> : null}
        </div>
        <div className="verify-location-map">
          <LocationWidget
            id={`${id}__map`}
            name="map"
            value={draft}
            onChange={(value: Partial<SignUpAddressFormValue>) => setDraft(value)}
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
            disabled={!placed}
            onClick={() => onConfirm({ lat, lon, moved })}
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
