/** §4/§5 the countries a phone number may be given in: one list for the phone widget and for `GET /rest/init/countries`. */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { FORCED_BYPASS_REGIONS, TTY_COUNTRIES } from './phoneNumber.ts';

export interface PhoneCountry {
  code: string;
  name: string;
  /** '' for the regions without a numbering plan (§4 forced 'use as is'). */
  dialCode: string;
}

/**
 * The countries a phone number may be given in, named in `language`: every country with a
 * numbering plan plus the regions §4 forces to 'use as is' (PN, UM, AN, CS, AQ); only the
 * allowed ones when the organisation limits them (§5); only US and CA for TTY/TDD (§5).
 */
export function phoneCountries(language: string, { allowed, tty }: { allowed?: readonly string[] | null; tty?: boolean } = {}): PhoneCountry[] {
  const locale = language.replace('_', '-');
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const codes: string[] = tty ? [...TTY_COUNTRIES] : [...getCountries(), ...FORCED_BYPASS_REGIONS];
  const allowedSet = allowed && allowed.length > 0 && !tty ? new Set(allowed.map((code) => code.toUpperCase())) : null;
  return codes
    .filter((code) => !allowedSet || allowedSet.has(code))
    .map((code) => {
      const dialCode = (getCountries() as string[]).includes(code) ? getCountryCallingCode(code as CountryCode) : '';
      return { code, name: names?.of(code) ?? code, dialCode };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
