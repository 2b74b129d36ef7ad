/**
 * The boot calls of §7: `GET /rest/init?orgId[&accessKey]` (boot data), `GET /rest/init/csrf?orgId`
 * (the session's CSRF token), `GET /rest/init/account?orgId` and `GET /rest/init/countries?orgId`.
 * Conventions: schemas/api/common.ts.
 */
import { Type, type Static } from 'typebox';
import type { OrgSettings } from '../orgSettings.ts';
import { OrgId, OrgIdQuery } from './common.ts';

/** §3 Account as the boot calls return it (schemas/account.ts); `null` means a visitor. */
export const Account = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.Union([Type.String(), Type.Null()]),
  registered: Type.Boolean(),
  isMigrated: Type.Boolean(),
  showEvent: Type.Union([Type.Boolean(), Type.Null()]),
  showOnCallSchedule: Type.Boolean(),
  showDirectoryChat: Type.Boolean(),
  /** §3 hasHipaaBridge, hasSecureBridge: the member has the service and the organisation set its address (secureMessaging). */
  hasHipaaBridge: Type.Boolean(),
  hasSecureBridge: Type.Boolean(),
  /** §3 sbWebUri: the Secure Bridge address ('' without the service). */
  sbWebUri: Type.String(),
});
export type Account = Static<typeof Account>;

const AccountOrVisitor = Type.Union([Account, Type.Null()]);

/** `GET /rest/init` query: the organisation and, from an access-key link (§5), the key. */
export const InitQuery = Type.Object({ orgId: OrgId, accessKey: Type.Optional(Type.String({ maxLength: 200 })) });
export type InitQuery = Static<typeof InitQuery>;

/** §3 "Nav config: showNotification, showWeather, showEvent", derived from the settings by the server. */
export const NavConfig = Type.Object({ showNotification: Type.Boolean(), showWeather: Type.Boolean(), showEvent: Type.Boolean() });
export type NavConfig = Static<typeof NavConfig>;

/**
 * §7 "boot data". `organization` is the whole settings object (schemas/orgSettings.ts, the §3
 * Organisation entity): open-ended here, so the serializer passes every setting through.
 */
export const BootAnswer = Type.Object({
  orgId: Type.String(),
  organization: Type.Unsafe<OrgSettings>(Type.Object({}, { additionalProperties: true })),
  navConfig: NavConfig,
  account: AccountOrVisitor,
  serverVersion: Type.String(),
  /** The maps' tiles (MAP_TILE_URL): a `{z}/{x}/{y}` template and its credit, as text; null: OpenStreetMap's. */
  mapTiles: Type.Union([Type.Object({ url: Type.String(), attribution: Type.String() }), Type.Null()]),
});
export type BootAnswer = Static<typeof BootAnswer>;

/** `GET /rest/init/csrf` answer: the token every state-changing call then carries (§7 X-CSRF-TOKEN). */
export const CsrfAnswer = Type.Object({ csrfToken: Type.String(), account: AccountOrVisitor });
export type CsrfAnswer = Static<typeof CsrfAnswer>;

/** `GET /rest/init/account` answer. */
export const AccountAnswer = Type.Object({ account: AccountOrVisitor });
export type AccountAnswer = Static<typeof AccountAnswer>;

/** `GET /rest/init/countries` answer: the phone fields' countries, in the member's language. */
export const CountriesAnswer = Type.Object({
  countryData: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), dialCode: Type.String() })),
  defaultCountry: Type.String(),
  countryCodesEnabled: Type.Boolean(),
});
export type CountriesAnswer = Static<typeof CountriesAnswer>;

/** The query of csrf, account and countries. */
export { OrgIdQuery as BootQuery };
