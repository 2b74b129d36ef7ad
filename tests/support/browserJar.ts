/**
 * A browser's cookies and redirects over real HTTP, for flows that cross sites (single sign-on: the
 * portal, an identity provider, back): each response's Set-Cookie kept per host and path, sent back
 * where it applies; redirects followed one at a time, so a test can stop and look at any hop.
 */
export class BrowserJar {
  private readonly cookies = new Map<string, { value: string; host: string; path: string }>();

  /** The cookie `name` as the jar holds it (any host), or undefined. */
  cookie(name: string): string | undefined {
    return [...this.cookies.entries()].find(([key]) => key.endsWith(`|${name}`))?.[1].value;
  }

  /** Forgets a cookie, as another browser would not have it. */
  forget(name: string): void {
    for (const key of [...this.cookies.keys()]) if (key.endsWith(`|${name}`)) this.cookies.delete(key);
  }

  private header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => cookie.host === url.host && url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('|')[2]}=${cookie.value}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      const key = `${url.host}|${path}|${name}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, host: url.host, path });
    }
  }

  /** One request, no redirect followed; `form` is sent as application/x-www-form-urlencoded. */
  async fetch(url: string, options: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.header(target);
    if (cookie) headers.cookie = cookie;
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: options.method ?? (options.form ? 'POST' : 'GET'), headers, redirect: 'manual',
      ...(options.form ? { body: new URLSearchParams(options.form).toString() } : {}),
    });
    this.keep(target, response);
    return response;
  }

  /** Follows redirects from `url` (at most `limit`) until `stop` says so or an answer is not a redirect; the last response and its address. */
  async follow(url: string, stop: (url: URL) => boolean = () => false, limit = 10): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    for (let hop = 0; hop < limit; hop++) {
      const response = await this.fetch(current.href);
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400) return { response, url: current };
      current = new URL(location, current);
      if (stop(current)) return { response, url: current };
    }
    throw new Error(`more than ${limit} redirects from ${url}`);
  }
}

/** The `name="…" value="…"` hidden fields of an HTML form, decoded. */
export function hiddenFields(html: string): Record<string, string> {
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)]));
}
