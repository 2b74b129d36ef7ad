/**
 * Countries and regions without the numbering metadata (issue 10 item 2 "libphonenumber-js only with a
 * phone field"): what a page needs to name or list countries, and the phone rules that are plain lists,
 * so that the country select of an address and the builders of the forms load no libphonenumber-js.
 * schemas/rules/phoneNumber.ts (the metadata) re-exports the phone ones.
 */

/** §4/§9: regions where 'use as is' is forced on and locked (none of them has numbering metadata). */
export const FORCED_BYPASS_REGIONS = ['PN', 'UM', 'AN', 'CS', 'AQ'] as const;

/** §5: the only countries a TTYTDD path may have. */
export const TTY_COUNTRIES = ['US', 'CA'] as const;

/**
 * Every country with a numbering plan: libphonenumber-js's `getCountries()` (the same in its min and
 * max sets), written out so a page can list the countries without loading the metadata.
 * tests/unit/rules.phone.test.ts holds the two equal, so an update of the library that adds or drops
 * a region fails there until this list follows.
 */
export const NUMBERING_PLAN_COUNTRIES: readonly string[] = [
  'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ',
  'BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU',
  'CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA',
  'GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL',
  'IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC',
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT',
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK',
  'PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM',
  'SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
  'UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW',
].join(' ').split(' ');

/** A country code as compared: trimmed, upper case; anything that is not a string is no code. */
const upper = (country: unknown) => (typeof country === 'string' ? country.trim().toUpperCase() : '');

/** §4: whether `country` forces 'use as is' on (and locks the checkbox). */
export function isForcedBypassRegion(country: string | undefined | null): boolean {
  return (FORCED_BYPASS_REGIONS as readonly string[]).includes(upper(country));
}

/** §5 "for TTYTDD only US and CA (a TTYTDD path with another country is forced to US)". */
export function ttyCountry(country: string | undefined | null): (typeof TTY_COUNTRIES)[number] {
  return upper(country) === 'CA' ? 'CA' : 'US';
}

export interface NamedCountry {
  code: string;
  name: string;
}

/**
 * The countries `codes` (every country with a numbering plan unless given) named in `language`
 * (falling back to English, then to the code) and sorted by name in that language: the address
 * country select (§3) and, with their dialling codes, the phone widget's list
 * (schemas/rules/phoneCountries.ts).
 */
export function namedCountries(language: string, codes: readonly string[] = NUMBERING_PLAN_COUNTRIES): NamedCountry[] {
  const locale = language.replace('_', '-');
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return codes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
