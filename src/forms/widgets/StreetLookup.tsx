import type { WidgetProps } from '@rjsf/utils';
import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeocodingCandidate } from '../../../schemas/api/places.ts';
import { STREET_LOOKUP_DEBOUNCE_MS } from '../../../schemas/rules/limits.ts';
import { controlProps } from './controlProps.ts';

export interface StreetLookup {
  /** The places the address may be with `street` as its street (the other fields as typed); null when none could be asked. */
  search: ((street: string, signal: AbortSignal) => Promise<GeocodingCandidate[] | null>) | null;
  /** Fills the address from the place (§4); false when the place is outside the organisation's area. */
  pick: (candidate: GeocodingCandidate) => Promise<boolean>;
}

export const StreetLookupContext = createContext<StreetLookup>({ search: null, pick: async () => true });

/** The shortest street worth looking up. */
const MIN_STREET = 3;

/**
 * §4 "Typing street triggers debounced lookup; picking a suggestion fills street, suite, city,
 * postalCode, state, lat, lon; with geofence the position is checked first and, if outside, an
 * out-of-range alert shows and street clears". The street input is a combobox (WAI-ARIA 1.2): §9's
 * 5000 ms after the last keystroke the address is looked up, and the places found are listed under it;
 * the arrow keys move through them, Enter picks one, Escape closes the list; typing goes on as ever.
 * Where the page cannot look addresses up, it is a plain text input.
 */
export function StreetLookupWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { search, pick } = useContext(StreetLookupContext);
  const text = typeof value === 'string' ? value : '';
  const [typed, setTyped] = useState<string | null>(null);
  const [found, setFound] = useState<GeocodingCandidate[]>([]);
  const [active, setActive] = useState(-1);
  const [outside, setOutside] = useState(false);
  const [looking, setLooking] = useState(false);
  const listId = `${id}__places`;
  const statusId = `${id}__places-status`;
  const inputRef = useRef<HTMLInputElement>(null);

  // The lookup, STREET_LOOKUP_DEBOUNCE_MS after the street last changed by typing; dropped if it changes again.
  useEffect(() => {
    if (!search || typed === null || typed.trim().length < MIN_STREET) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLooking(true);
      void search(typed.trim(), controller.signal).then((candidates) => {
        if (controller.signal.aborted) return;
        setLooking(false);
        setFound(candidates ?? []);
        setActive(-1);
      });
    }, STREET_LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, typed]);

  const close = () => {
    setFound([]);
    setActive(-1);
  };
  const choose = async (candidate: GeocodingCandidate) => {
    close();
    setTyped(null);
    const inside = await pick(candidate);
    setOutside(!inside);
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (found.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + found.length) % found.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      void choose(found[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const open = found.length > 0;
  const control = controlProps(props);
  return (
    <div className="street-lookup">
      <input
        {...control}
        ref={inputRef}
        name={props.htmlName ?? id}
        type="text"
        className="input"
        autoComplete="address-line1"
        value={text}
        disabled={disabled}
        readOnly={readonly}
        maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
        {...(search ? {
          role: 'combobox', 'aria-autocomplete': 'list' as const, 'aria-expanded': open, 'aria-controls': listId,
          'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
        } : {})}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === '' ? props.options.emptyValue : next);
          setTyped(next);
          setOutside(false);
          close();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim() !== text) onChange(text.trim() === '' ? props.options.emptyValue : text.trim());
          onBlur(id, text.trim());
        }}
        onFocus={() => onFocus(id, value)}
      />
      {search ? (
        <>
          <ul id={listId} role="listbox" aria-label={t('signup.location.street.suggestions')} className="street-lookup-list" hidden={!open}>
            {found.map((candidate, index) => (
              <li
                key={`${candidate.formattedAddress}-${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'street-lookup-option active' : 'street-lookup-option'}
                // The input keeps the focus: a pointer picks without leaving it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(candidate)}
              >
                {candidate.formattedAddress}
              </li>
            ))}
          </ul>
          <p id={statusId} className="visually-hidden" role="status" aria-live="polite">
            {looking ? t('signup.location.candidates.looking') : open ? t('signup.location.street.found') : ''}
          </p>
        </>
      ) : null}
      {outside ? (
        <div className="form-alert location-outside" role="alert">
          <p>{t('ssp.location.address.out.of.range')}</p>
          <button type="button" className="button" onClick={() => { setOutside(false); inputRef.current?.focus(); }}>{t('form.dialog.ok')}</button>
        </div>
      ) : null}
    </div>
  );
}
