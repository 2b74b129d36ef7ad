import type { RJSFSchema, UiSchema as RjsfUiSchema, WidgetProps } from '@rjsf/utils';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignUpAddressFormValue } from '../../../schemas/signUp/formData.ts';
import { VerifyLocationDialog, type VerifiedPoint } from '../components/VerifyLocationDialog.tsx';
import { formContextOf } from '../formContext.ts';
import { idOfPointer, pointerOfId } from '../pointers.ts';
import { addressLines } from './addressLines.ts';
import type { AroundWidgetProps } from './aroundWidget.ts';
import { controlProps } from './controlProps.ts';
import { coordinateOf } from './locationOptions.ts';
import { StreetLookupContext, StreetLookupWidget, type StreetLookup } from './StreetLookup.tsx';

interface VerifyControl {
  open: () => void;
  /** A location name or a street is there to verify. */
  ready: boolean;
}

const VerifyContext = createContext<VerifyControl>({ open: () => {}, ready: false });

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * The `verified` flag of the sign-up address, drawn as the "Verify your location" button: the
 * §5 message 'ssp.map.verify.your.location.errormsg' shows under it, and a refused submit focuses it.
 */
function VerifyLocationWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { open, ready } = useContext(VerifyContext);
  const a11y = controlProps(props);
  const hintId = `${props.id}__hint`;
  return (
    <div className="verify-location-action">
      <button
        type="button"
        className="button"
        id={props.id}
        aria-invalid={a11y['aria-invalid']}
        aria-describedby={[a11y['aria-describedby'], hintId].filter(Boolean).join(' ')}
        disabled={!ready || props.disabled || props.readonly}
        onClick={open}
      >
        {t('signup.location.verify.button')}
      </button>
      <p id={hintId} className="field-help">{t('signup.location.verify.hint')}</p>
    </div>
  );
}

/**
 * The location builder's uiSchema for the address fields on the sign-up page: the map is not drawn
 * beside them (it is in the verification dialog), the coordinates and their source are set there,
 * not typed, and the `verified` flag is the verify button.
 */
function fieldsUiSchema(uiSchema: RjsfUiSchema): RjsfUiSchema {
  const { 'ui:field': _field, 'ui:widget': _widget, ...rest } = uiSchema;
  const hidden = { 'ui:options': { hidden: true } };
  return {
    ...rest,
    streetAddress: { ...(rest.streetAddress as RjsfUiSchema | undefined), 'ui:widget': StreetLookupWidget },
    lat: hidden,
    lon: hidden,
    addressGeoCodingSource: hidden,
    verified: { 'ui:widget': VerifyLocationWidget },
  };
}

function defaultOf(schema: RJSFSchema, name: string): string {
  const property = schema.properties?.[name];
  const value = property && typeof property === 'object' ? property.default : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * `'ui:widget': 'signUpAddress'` (the sign-up builder's address, drawn so on the sign-up pages and in
 * the admin preview alike). §2 sign-up "location information (summary with edit, view on map, delete; modal 'Verify your
 * location' with a map and sidebar)" and §4 Address verification: unverified, the address fields and
 * the verify button; confirming a point in the dialog sets lat/lon and verified; verified, a summary
 * card with Edit (back to unverified), View on map (when there are coordinates) and Delete (clears the
 * values and the coordinates). The address's own rules are checked before the dialog opens. The
 * address fields are the object's own, drawn by `drawFields` (widgetLayout.ts, layout 'around').
 */
export function SignUpAddressWidget(props: AroundWidgetProps) {
  const { t, i18n } = useTranslation();
  const { id, value, onChange, registry, uiSchema = {}, schema, disabled, readonly, drawFields } = props;
  const context = formContextOf(registry);
  const pointer = pointerOfId(context.idPrefix, id) ?? '/';
  const address = (value && typeof value === 'object' ? value : {}) as Partial<SignUpAddressFormValue>;
  const verified = address.verified === true;
  const [dialog, setDialog] = useState<'verify' | 'view' | null>(null);
  const map = (uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const lastVerified = useRef(verified);

  // After Edit, Delete or a confirmation the part the member acted on is gone: the focus goes to what replaced it.
  useEffect(() => {
    if (lastVerified.current === verified) return;
    lastVerified.current = verified;
    if (verified) summaryRef.current?.focus();
    else document.getElementById(idOfPointer(context.idPrefix, `${pointer}/locationName`))?.focus();
  }, [verified, context.idPrefix, pointer]);

  const set = (next: Partial<SignUpAddressFormValue>) => onChange(next);

  // §4 street lookup: the address as it is when the lookup runs or a place is picked.
  const current = useRef(address);
  const change = useRef(onChange);
  useEffect(() => {
    current.current = address;
    change.current = onChange;
  });
  const { geocode, checkPlace } = context;
  const streetLookup = useMemo<StreetLookup>(() => ({
    search: map.geocode === true && geocode ? (street, signal) => {
      const { suite, city, state, postalCode, country } = current.current;
      return geocode({ streetAddress: street, suite, city, state, postalCode, country }, signal);
    } : null,
    pick: async (candidate) => {
      if (map.geoFence === true && checkPlace) {
        const inside = await checkPlace({ lat: candidate.latitude, lon: candidate.longitude }, new AbortController().signal);
        // §4 "if outside, an out-of-range alert shows and street clears".
        if (inside === false) {
          change.current({ ...current.current, streetAddress: '' });
          return false;
        }
      }
      const before = current.current;
      change.current({
        ...before,
        streetAddress: candidate.streetAddress || before.streetAddress, suite: candidate.suite || before.suite, city: candidate.locality || before.city,
        state: candidate.adminDistrict || before.state, postalCode: candidate.postalCode || before.postalCode, country: candidate.country || before.country,
        lat: candidate.latitude, lon: candidate.longitude,
      });
      return true;
    },
  }), [map.geocode, map.geoFence, geocode, checkPlace]);

  const open = () => {
    // Verifying an address the form refuses would only hide the problem: show the address's messages instead.
    const problems = context.errorsWithin(pointer, { ...address, verified: true });
    if (problems.length === 0) {
      setDialog('verify');
      return;
    }
    for (const problem of problems) context.touch(`${pointer}${problem.pointer === '/' ? '' : problem.pointer}`);
    const first = problems[0]!.pointer;
    document.getElementById(idOfPointer(context.idPrefix, `${pointer}${first === '/' ? '' : first}`))?.focus();
  };

  const confirm = (point: VerifiedPoint) => {
    setDialog(null);
    set({
      ...address,
      lat: point.lat,
      lon: point.lon,
      ...(point.moved ? { addressGeoCodingSource: 'Manual' } : {}),
      verified: true,
    });
  };

  const remove = () => set({
    locationName: '', streetAddress: '', suite: '', city: '', state: '', postalCode: '',
    country: defaultOf(schema, 'country'),
    lat: null, lon: null,
    addressGeoCodingSource: defaultOf(schema, 'addressGeoCodingSource'),
    verified: false,
  });

  if (verified) {
    const hasPoint = coordinateOf(address.lat) !== null && coordinateOf(address.lon) !== null;
    const messages = context.messagesWithin(pointer);
    return (
      <div className="location-summary" id={id}>
        <p className="location-summary-status" ref={summaryRef} tabIndex={-1}>{t('signup.location.verified')}</p>
        <address className="location-lines">
          {addressLines(address, i18n.language).map((line) => <span key={line}>{line}</span>)}
        </address>
        {messages.length > 0 ? (
          <div className="field-error">{messages.map((message) => <p key={message}>{message}</p>)}</div>
        ) : null}
        <div className="location-summary-actions">
          <button type="button" className="button" disabled={disabled || readonly} onClick={() => set({ ...address, verified: false })}>
            {t('signup.location.edit')}
          </button>
          {hasPoint ? (
            <button type="button" className="button" onClick={() => setDialog('view')}>{t('signup.location.viewOnMap')}</button>
          ) : null}
          <button type="button" className="button" disabled={disabled || readonly} onClick={remove}>{t('signup.location.delete')}</button>
        </div>
        {dialog === 'view' ? (
          <VerifyLocationDialog id={id} address={address} map={map} mode="view" registry={registry} onConfirm={() => setDialog(null)} onClose={() => setDialog(null)} />
        ) : null}
      </div>
    );
  }

  return (
    <VerifyContext.Provider value={{ open, ready: filled(address.locationName) || filled(address.streetAddress) }}>
      <StreetLookupContext.Provider value={streetLookup}>
        {drawFields?.(fieldsUiSchema(uiSchema))}
      </StreetLookupContext.Provider>
      {dialog === 'verify' ? (
        <VerifyLocationDialog id={id} address={address} map={map} mode="verify" registry={registry} onConfirm={confirm} onClose={() => setDialog(null)} />
      ) : null}
    </VerifyContext.Provider>
  );
}
