/** §9 "Field limits", one place for builders and rules. */
export const LIMITS = {
  username: { min: 4, max: 80 },
  password: { min: 8, minFedRAMP: 12, max: 64 },
  securityAnswer: { min: 2, max: 120 },
  name: { max: 100 },
  middleInitial: { max: 1 },
  suffix: { max: 10 },
  externalId: { max: 50 },
  email: { min: 6, max: 80 },
  /** §5 "contact-path email input min 4 max 80". */
  contactPathEmail: { min: 4, max: 80 },
  locationName: { max: 40 },
  city: { max: 40 },
  state: { max: 40 },
  suite: { max: 75 },
  street: { max: 100 },
  latLonInput: { max: 75 },
  postalCode: { min: 3, max: 10 },
  numberCustomField: { max: 11 },
  quietTimeName: { max: 40 },
  pinOrExt: { max: 10 },
  phoneBypass: { min: 4, max: 20 },
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  /** §9 "Max 5 locations before add is hidden". */
  locations: { max: 5 },
} as const;

/** §9 "max 5 locations": a member's static locations. */
export const MAX_LOCATIONS = 5;

/** A member's expected (travel) locations at most: §9 pages them 5 at a time and names no bound. */
export const MAX_EXPECTED_LOCATIONS = 50;

/** §9 "street lookup debounce 5000 ms": how long after the last keystroke in the street the address is looked up. */
export const STREET_LOOKUP_DEBOUNCE_MS = 5000;
