/**
 * A browser as the API tests see it (issue 15): a cookie jar over `fastify.inject` that keeps what the
 * server sets (and forgets what it clears), sends the CSRF token the portal handed out, and follows a
 * sign-in through its steps (password, second step) the way the pages do.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export class MemberBrowser {
  private readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(private readonly app: FastifyInstance, readonly orgId: string) {}

  private keep(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const cleared = cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)
        || (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string | null) {
    if (value === null) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  private header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: { cookie: this.header() } }));
  }

  /** A state-changing call with the CSRF token (unless `csrf: false`) and a JSON body. */
  async send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, options: { csrf?: boolean } = {}) {
    const headers: Record<string, string> = { cookie: this.header() };
    if (options.csrf !== false) headers['x-csrf-token'] = this.csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.keep(await this.app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) }));
  }

  post(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.send('POST', url, body, options);
  }

  /** The visitor's CSRF token, as the boot asks for it. */
  async start() {
    const response = await this.get(`/rest/init/csrf?orgId=${this.orgId}`);
    this.csrfToken = (response.json() as { csrfToken: string }).csrfToken;
    return this;
  }

  /** §7 login with the password: the answer (status '1', '2' or a refusal); a new session's token is taken up. */
  async login(username: string, password: string) {
    if (!this.csrfToken) await this.start();
    const response = await this.send('POST', '/manage/login', { orgId: this.orgId, username, password, keepSigned: 'false' });
    this.takeToken(response);
    return response;
  }

  /** Takes up the CSRF token of a new session (a finished sign-in answers it). */
  takeToken(response: LightMyRequestResponse) {
    const token = response.statusCode === 200 ? (response.json() as { CSRF_TOKEN_FOR_SESSION?: string }).CSRF_TOKEN_FOR_SESSION : undefined;
    if (token) this.csrfToken = token;
    return response;
  }

  /** Whom the browser is signed in as here (`/rest/init/account`), or null. */
  async account(): Promise<{ id: number; name: string } | null> {
    return ((await this.get(`/rest/init/account?orgId=${this.orgId}`)).json() as { account: { id: number; name: string } | null }).account;
  }
}
