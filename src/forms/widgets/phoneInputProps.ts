/**
 * What the phone input is given and what it derives from it, shared by the input itself
 * (PhoneInput.tsx, with the numbering metadata) and the plain number input drawn while that code
 * loads (LazyPhoneInput.tsx, without it).
 */
import type { ContactPathType } from '../../../schemas/entities.ts';
import { isForcedBypassRegion, ttyCountry } from '../../../schemas/rules/countries.ts';
import type { PhoneValue } from '../../../schemas/rules/phoneNumber.ts';

export interface PhoneInputProps {
  /** The number input's id (the field's `<label for>` names it); the country select and the checkbox get `{id}/countryCode` and `{id}/noValidate`. */
  id: string;
  /** The ids of the country select and the checkbox (default `{id}/countryCode`, `{id}/noValidate`). */
  countryId?: string;
  bypassId?: string;
  value: PhoneValue | undefined;
  onChange: (value: Required<PhoneValue>) => void;
  /** A control lost focus; called with the id of that control. */
  onBlur: (controlId: string) => void;
  pathType?: ContactPathType;
  allowedCountries?: readonly string[] | null;
  defaultCountry?: string;
  /** The field shows a message: the 'use as is' checkbox appears (§4). */
  hasError: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  autoComplete?: string;
}

export interface PhoneInputState {
  /** The value with every part set: the number ('' when none), its country, the bypass flag. */
  phone: Required<PhoneValue>;
  /** The country the number is read in (US or CA for a TTY/TDD path). */
  country: string;
  /** The country forces 'use as is' on (§4 PN, UM, AN, CS, AQ). */
  forced: boolean;
  /** 'use as is' is on, chosen or forced. */
  bypass: boolean;
}

/** §4/§5: the value as the input shows it; a value without a country is in the default country (US), a TTY/TDD one in US or CA. */
export function phoneInputState(props: Pick<PhoneInputProps, 'value' | 'pathType' | 'defaultCountry'>): PhoneInputState {
  const tty = props.pathType === 'TTYTDD';
  const fallback = tty ? ttyCountry(props.defaultCountry) : (props.defaultCountry || 'US');
  const phone = {
    value: props.value?.value ?? '',
    countryCode: props.value?.countryCode || fallback,
    noValidate: props.value?.noValidate === true,
  };
  const country = tty ? ttyCountry(phone.countryCode) : phone.countryCode;
  const forced = isForcedBypassRegion(country);
  return { phone, country, forced, bypass: phone.noValidate || forced };
}
