/** §4/§5 the countries a phone number may be given in: one list for the phone widget and for `GET /rest/init/countries`. */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { FORCED_BYPASS_REGIONS, namedCountries, TTY_COUNTRIES } from './countries.ts';

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
  const withPlan = new Set<string>(getCountries());
  const codes: string[] = tty ? [...TTY_COUNTRIES] : [...withPlan, ...FORCED_BYPASS_REGIONS];
  const allowedSet = allowed && allowed.length > 0 && !tty ? new Set(allowed.map((code) => code.toUpperCase())) : null;
  return namedCountries(language, codes.filter((code) => !allowedSet || allowedSet.has(code)))
    .map(({ code, name }) => ({ code, name, dialCode: withPlan.has(code) ? getCountryCallingCode(code as CountryCode) : '' }));
}
