/**
 * The one HTTP client of the browser app. It holds every request convention of §7 and every
 * failure rule of §8 so that no screen repeats them:
 * - `X-Requested-With: XMLHttpRequest` on every call, `X-CSRF-TOKEN` once the boot has one;
 * - `Authorization: token …` (cookie authToken or query Authorization) on calls that ask for it;
 * - bodies as JSON, as a form, or eb-base64 encoded (`Encode-Type: eb-base64`, application/javascript);
 * - 401 or 504 outside sign-up sends the browser to `/{orgId}/login`;
 * - every other outcome resolves (never rejects) to `{ data, status, hasError, isCanceled }`.
 */
import { encodeEbBase64, EB_BASE64 } from '../../schemas/ebBase64.ts';

export interface ApiResult<T> {
  data: T;
  status: number;
  hasError: boolean;
  isCanceled: boolean;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** A JSON body; with `base64` it is sent eb-base64 encoded. */
  json?: unknown;
  base64?: boolean;
  /** A form body (application/x-www-form-urlencoded), the way most §7 calls send theirs. */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Sign-up calls handle 401/504 themselves (§8). */
  isSignUp?: boolean;
  /** Send `Authorization: token …` when an auth token exists (§7 init csrf/account). */
  withAuthToken?: boolean;
}

/** Where the client sends the browser; replaced in tests. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
  current: () => window.location,
};

let csrfToken: string | null = null;

/** Called by the boot when `/rest/init/csrf` answers; from then on every call carries it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Sets (or with `value` null removes) a cookie of the organisation's addresses only (path /{orgId}),
 * SameSite=Lax, Secure over https: the portal's per-organisation markers (§2, §4, §5).
 */
export function writeOrgCookie(orgId: string, name: string, value: string | null, maxAgeSeconds?: number): void {
  const secure = navigation.current().protocol === 'https:' ? '; Secure' : '';
  const age = value === null ? '; max-age=0' : maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; path=/${encodeURIComponent(orgId)}${age}; SameSite=Lax${secure}`;
}

/** §7: the auth token from the authToken cookie or the Authorization query parameter. */
export function authToken(): string | null {
  // An emptied cookie (`authToken=`) counts as none.
  return readCookie('authToken') || new URLSearchParams(navigation.current().search).get('Authorization') || null;
}

/** First path segments that are not organisations: the admin preview, public communications, the demo mailbox. */
const NOT_ORGANISATIONS = new Set(['admin', 'comms', 'mails']);

/** The organisation of the current address: its first path segment. */
export function currentOrgId(): string | null {
  const first = navigation.current().pathname.split('/')[1];
  return first && !NOT_ORGANISATIONS.has(first) ? decodeURIComponent(first) : null;
}

export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (csrfToken) headers['X-CSRF-TOKEN'] = csrfToken;
  const token = options.withAuthToken ? authToken() : null;
  if (token) headers.Authorization = `token ${token}`;

  let body: string | undefined;
  if (options.json !== undefined && options.base64) {
    body = encodeEbBase64(options.json);
    headers['Content-Type'] = EB_BASE64.contentType;
    headers[EB_BASE64.header] = EB_BASE64.value;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }

  let response: Response;
  let data: T;
  try {
    response = await fetch(withQuery(path, options.query), {
      method, headers, body, signal: options.signal, credentials: 'same-origin',
    });
    // Reading the body can fail too: the caller gave up (the page was left) after the headers came.
    data = (await readBody(response)) as T;
  } catch (error) {
    // Given up by the caller, whichever error the runtime throws for it (Chromium's and happy-dom's differ).
    const isCanceled = options.signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
    return { data: null as T, status: 0, hasError: true, isCanceled };
  }

  if ((response.status === 401 || response.status === 504) && !options.isSignUp) {
    const orgId = currentOrgId();
    if (orgId) navigation.assign(`/${encodeURIComponent(orgId)}/login`);
  }
  return { data, status: response.status, hasError: !response.ok, isCanceled: false };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
