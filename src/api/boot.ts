/**
 * The boot calls of §7, typed: `GET /rest/init`, `/rest/init/csrf`, `/rest/init/account`,
 * `/rest/init/countries`. Each returns the client's `ApiResult` (never rejects); the SWR hooks of
 * hooks.ts wrap them for the screens.
 */
import type { AccountAnswer, BootAnswer, CountriesAnswer, CsrfAnswer } from '../../schemas/api/boot.ts';
import { api, type RequestOptions } from './client.ts';
import { paths } from './paths.ts';

export type { AccountAnswer, BootAnswer, CountriesAnswer, CsrfAnswer };

/** §7 "boot data": the organisation's settings, nav config and account; an access key signs a member in (§1). */
export function init(orgId: string, accessKey: string | null, signal?: AbortSignal) {
  return api.get<BootAnswer>(paths.init, { query: { orgId, accessKey }, signal });
}

/** §7 "init csrf": the session's CSRF token (sent with `Authorization: token …` when an auth token exists). */
export function initCsrf(orgId: string, signal?: AbortSignal) {
  return api.get<CsrfAnswer>(paths.initCsrf, { query: { orgId }, withAuthToken: true, signal });
}

/** §7 "init account": account.id, account.name, or null for a visitor. */
export function initAccount(orgId: string, signal?: AbortSignal) {
  return api.get<AccountAnswer>(paths.initAccount, { query: { orgId }, withAuthToken: true, signal });
}

/** §7 "countries": the phone fields' country list and the organisation's default. */
export function initCountries(orgId: string, options?: Pick<RequestOptions, 'signal'>) {
  return api.get<CountriesAnswer>(paths.initCountries, { query: { orgId }, ...options });
}
