/**
 * SWR hooks over the typed client: one per boot call of §7. A failed call surfaces as SWR's `error`
 * holding the client's `ApiResult`, so a screen can read its status and errorCode.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { Account } from '../../schemas/account.ts';
import type { ApiErrorBody, BootData } from '../../schemas/boot.ts';
import type { DemoMail, DemoOrganization } from '../../schemas/demo.ts';
import { FEATURE_FLAG_NAMES, type FeatureFlags } from '../../schemas/featureFlags.ts';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { api, setCsrfToken, type ApiResult, type RequestOptions } from './client.ts';
import { paths } from './paths.ts';

/** Thrown by the SWR fetchers; carries the whole result of the failed call. */
export class ApiError extends Error {
  constructor(readonly result: ApiResult<ApiErrorBody | null>) {
    super(`request failed with status ${result.status}`);
  }
}

async function ok<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (result.hasError) throw new ApiError(result as ApiResult<ApiErrorBody | null>);
  return result.data;
}

/** Boot data never changes under a page; errors are not retried (a 404 organisation stays 404). */
const bootConfig: SWRConfiguration = { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false };

export function useInit(orgId: string, accessKey: string | null) {
  return useSWR(['init', orgId, accessKey], () => ok(api.get<BootData>(paths.init, { query: { orgId, accessKey } })), bootConfig);
}

export interface CsrfAnswer {
  csrfToken: string;
  account: Account | null;
}

/** Fetches the session's CSRF token and hands it to the client (§7 "X-CSRF-TOKEN once set"). */
export function useCsrf(orgId: string | null) {
  return useSWR(orgId ? ['csrf', orgId] : null, async () => {
    const answer = await ok(api.get<CsrfAnswer>(paths.initCsrf, { query: { orgId: orgId! }, withAuthToken: true }));
    setCsrfToken(answer.csrfToken);
    return answer;
  }, bootConfig);
}

export function useAccount(orgId: string) {
  return useSWR(['account', orgId], () => ok(api.get<{ account: Account | null }>(paths.initAccount, { query: { orgId }, withAuthToken: true })), bootConfig);
}

export function requestFeatureFlags(orgId: string, options?: RequestOptions) {
  return api.post<Partial<FeatureFlags>>(paths.featureFlags, {
    ...options,
    query: { orgId },
    json: [{ trafficType: 'organization', names: [...FEATURE_FLAG_NAMES] }],
  });
}

export function useFeatureFlags(orgId: string | null) {
  return useSWR(orgId ? ['featureFlags', orgId] : null, () => ok(requestFeatureFlags(orgId!)), bootConfig);
}

export function useHelpAndAnswer(orgId: string, type: HelpType | undefined) {
  return useSWR(type ? ['helpAndAnswer', orgId, type] : null, () =>
    ok(api.get<{ content: string | null }>(paths.helpAndAnswer(orgId), { query: { type: type! } })), bootConfig);
}

export interface CountryData {
  countryData: { code: string; name: string; dialCode: string }[];
  defaultCountry: string;
  countryCodesEnabled: boolean;
}

export function useCountries(orgId: string) {
  return useSWR(['countries', orgId], () => ok(api.get<CountryData>(paths.initCountries, { query: { orgId } })), bootConfig);
}

export interface DemoOrganizations {
  organizations: DemoOrganization[];
  demoLogin: { username: string; password: string };
}

export function useDemoOrganizations() {
  return useSWR('demoOrganizations', () => ok(api.get<DemoOrganizations>(paths.demoOrganizations)), bootConfig);
}

/** Demo mode's mailbox: refetched when the tab regains focus, so a mail sent from another tab shows up on return. */
export function useDemoMails(orgId: string | null) {
  return useSWR(orgId ? ['demoMails', orgId] : null, async () => (await ok(api.get<{ mails: DemoMail[] }>(paths.demoMails, { query: { orgId: orgId! } }))).mails, {
    shouldRetryOnError: false,
  });
}
