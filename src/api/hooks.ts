/**
 * SWR hooks over the typed client: one per boot call of §7. A failed call surfaces as SWR's `error`
 * holding the client's `ApiResult`, so a screen can read its status and errorCode.
 */
import useSWR, { preload, type SWRConfiguration } from 'swr';
import type { ApiErrorBody } from '../../schemas/boot.ts';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { init, initAccount, initCountries, initCsrf } from './boot.ts';
import { setCsrfToken, type ApiResult } from './client.ts';
import { demoDeliveries, demoMails, demoOrganizations } from './demo.ts';
import { featureFlags } from './featureFlags.ts';
import { helpAndAnswer } from './pages.ts';
import { getGroupMemberships } from './groupMemberships.ts';
import { getContactPaths, getProfile } from './profile.ts';

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

const fetchInit = (orgId: string, accessKey: string | null) => ok(init(orgId, accessKey));
const fetchCsrf = async (orgId: string) => {
  const answer = await ok(initCsrf(orgId));
  setCsrfToken(answer.csrfToken);
  return answer;
};
const fetchFeatureFlags = (orgId: string) => ok(featureFlags(orgId));

export function useInit(orgId: string, accessKey: string | null) {
  return useSWR(['init', orgId, accessKey], () => fetchInit(orgId, accessKey), bootConfig);
}

/** Fetches the session's CSRF token and hands it to the client (§7 "X-CSRF-TOKEN once set"). */
export function useCsrf(orgId: string | null) {
  return useSWR(orgId ? ['csrf', orgId] : null, () => fetchCsrf(orgId!), bootConfig);
}

/**
 * Issue 10 item 3 "a slow phone": an organisation's page asks for its three boot calls at once, as
 * the app starts, while its catalogue loads, instead of one after the other once each is needed
 * (init after the catalogue, the CSRF token and the flags after init): two round trips fewer. The
 * hooks above find the answers under the same keys. A refusal is the hooks' to show, not this one's.
 */
export function preloadOrgBoot(orgId: string, accessKey: string | null): void {
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => {});
  quietly(preload(['init', orgId, accessKey], () => fetchInit(orgId, accessKey)));
  // An access key signs in through init, which starts a new session: its token must come after.
  if (accessKey === null) quietly(preload(['csrf', orgId], () => fetchCsrf(orgId)));
  quietly(preload(['featureFlags', orgId], () => fetchFeatureFlags(orgId)));
}

export function useAccount(orgId: string) {
  return useSWR(['account', orgId], () => ok(initAccount(orgId)), bootConfig);
}

export function useFeatureFlags(orgId: string | null) {
  return useSWR(orgId ? ['featureFlags', orgId] : null, () => fetchFeatureFlags(orgId!), bootConfig);
}

export function useHelpAndAnswer(orgId: string, type: HelpType | undefined, lang?: string) {
  return useSWR(type ? ['helpAndAnswer', orgId, type, lang] : null, () => ok(helpAndAnswer(orgId, type!, lang)), bootConfig);
}

export function useCountries(orgId: string) {
  return useSWR(['countries', orgId], () => ok(initCountries(orgId)), bootConfig);
}

export function useDemoOrganizations() {
  return useSWR('demoOrganizations', () => ok(demoOrganizations()), bootConfig);
}

/** Demo mode's mailbox: refetched when the tab regains focus, so a mail sent from another tab shows up on return. */
export function useDemoMails(orgId: string | null) {
  return useSWR(orgId ? ['demoMails', orgId] : null, async () => (await ok(demoMails(orgId!))).mails, {
    shouldRetryOnError: false,
  });
}

/** Demo mode's delivery outbox (SMS, voice, Slack, pager …), refetched like the mailbox. */
export function useDemoDeliveries(orgId: string | null) {
  return useSWR(orgId ? ['demoDeliveries', orgId] : null, async () => (await ok(demoDeliveries(orgId!))).deliveries, {
    shouldRetryOnError: false,
  });
}

/**
 * The member's profile and contact paths (§7 `GET …/profile`, `GET …/contactPaths`), shared by the
 * pages that show them under the same keys. Not refetched on focus: the profile page's form is filled
 * from them and a refetch under a member's typing would be lost work; a save refreshes them (`mutate`).
 */
const memberDataConfig: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false };

export function useProfile(orgId: string, contactId: number | null) {
  return useSWR(contactId !== null ? ['profile', orgId, contactId] : null, () => ok(getProfile(orgId, contactId!)), memberDataConfig);
}

export function useContactPaths(orgId: string, contactId: number | null) {
  return useSWR(contactId !== null ? ['contactPaths', orgId, contactId] : null, () => ok(getContactPaths(orgId, contactId!)), memberDataConfig);
}

/** The page shown stays while the next loads: its buttons keep their place (and the focus). */
const groupPagesConfig: SWRConfiguration = { ...memberDataConfig, keepPreviousData: true };

/** One page of §2 home's group-membership list; null `contactId` (or a list the organisation does not show) asks nothing. */
export function useGroupMemberships(orgId: string, contactId: number | null, pageNo: number) {
  return useSWR(contactId !== null ? ['groupMemberships', orgId, contactId, pageNo] : null, () => ok(getGroupMemberships(orgId, contactId!, pageNo)), groupPagesConfig);
}
