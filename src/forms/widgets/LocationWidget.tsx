import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignUpAddressFormValue } from '../../../schemas/signUp/formData.ts';
import { VerifyLocationDialog } from '../components/VerifyLocationDialog.tsx';
import { formContextOf } from '../formContext.ts';
import { MarkerMap } from './MarkerMap.tsx';

/**
 * §2 the location map beside the address fields (`'ui:widget': 'location'` on the address object):
 * the marker map (MarkerMap.tsx) and, where the organisation geocodes (the map option `geocode`,
 * addressSetting.geocodingType 'Automatic') and the page has a geocoder (the form context's
 * `geocode`: the Locations page; not the admin preview), "Find this address", which opens §4's
 * verify dialog on the address typed so far: the places found as A, B, C… or "show us", the
 * geofence asked before the point is taken (VerifyLocationDialog.tsx). The point chosen is put on
 * the address; the marker can still be moved after.
 */
export function LocationWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, options, readonly, disabled, registry } = props;
  const context = formContextOf(registry);
  const [finding, setFinding] = useState(false);
  const data = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const canFind = options.geocode === true && context.geocode !== null && !(readonly || disabled || options.viewOnly || context.review);
  const typed = ['streetAddress', 'city', 'postalCode'].some((field) => typeof data[field] === 'string' && (data[field] as string).trim() !== '');

  return (
    <>
      {canFind ? (
        <div className="location-find">
          <button type="button" className="button" disabled={!typed} aria-describedby={`${id}__find-help`} onClick={() => setFinding(true)}>
            {t('locations.find')}
          </button>
          <p id={`${id}__find-help`} className="field-help">{t('locations.find.help')}</p>
        </div>
      ) : null}
      <MarkerMap {...props} />
      {finding ? (
        <VerifyLocationDialog
          id={`${id}__find`}
          address={data as Partial<SignUpAddressFormValue>}
          map={options as Record<string, unknown>}
          mode="verify"
          registry={registry}
          onConfirm={(point) => {
            setFinding(false);
            onChange({ ...data, lat: point.lat, lon: point.lon });
          }}
          onClose={() => setFinding(false)}
        />
      ) : null}
    </>
  );
}
