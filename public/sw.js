/*
 * The portal's service worker (issue 14 "Offline"): keeps the last-seen public alert lists and
 * details readable without network, and what their pages need to start (the app's files, the
 * organisation's settings, the catalogue). Registered by the notification and weather pages
 * (src/screens/content/offline.ts), for the whole site, but it touches only the requests below:
 *
 * - The lists and details of a PUBLIC organisation's notifications and weather alerts (their answers
 *   say `Cache-Control: public`; a private organisation's say `private` and are never kept): network
 *   first; without network, the last answer kept, with `offlineFetchedAt` (when it was fetched) added
 *   so the page can say it is not current.
 * - `/rest/init` with the account taken out (the organisation's settings only: a member's data is never
 *   kept), `/featureFlags`, the catalogues, help tips and the banner: network first, the last kept.
 * - The app's hashed files under /assets/: kept once, as they never change.
 * - The pages /{orgId}/notif…, /weather…, /alert: network first, the last kept.
 * Nothing else is answered from here: sign-in, forms, profiles and every write go to the network as
 * if there were no service worker. Each cache keeps at most MAX_ENTRIES answers, the oldest dropped.
 */
const VERSION = 'v1';
const CACHE = `portal-public-${VERSION}`;
const ASSETS = `portal-assets-${VERSION}`;
const MAX_ENTRIES = 150;

const CONTENT_API = /^\/rest\/(notif|weather)(\/|$)/;
const BOOT_API = /^(\/rest\/init$|\/featureFlags$|\/public\/i18n\/[A-Za-z_]+\.json$|\/[^/]+\/(helpAndAnswer|banner)$)/;
const CONTENT_PAGE = /^\/[^/]+\/(notif|weather|alert)(\/|$)/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('portal-') && name !== CACHE && name !== ASSETS).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

/** Drops the oldest entries beyond MAX_ENTRIES (a cache keeps its keys in the order they were put). */
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
}

/** What may be kept of `response` to `url`: the answer as it is, a copy without the account, or nothing. */
async function keepable(url, response) {
  if (!response.ok || response.type !== 'basic') return null;
  if (CONTENT_API.test(url.pathname)) {
    return (response.headers.get('cache-control') ?? '').includes('public') ? response.clone() : null;
  }
  if (url.pathname === '/rest/init') {
    const body = await response.clone().json().catch(() => null);
    if (!body || typeof body !== 'object') return null;
    return new Response(JSON.stringify({ ...body, account: null }), { headers: { 'content-type': 'application/json' } });
  }
  return response.clone();
}

/** The stored copy with the time it was fetched; a JSON list or detail says it in `offlineFetchedAt`. */
async function fromCache(cache, request, url) {
  const kept = await cache.match(request, { ignoreVary: true });
  if (!kept) return null;
  if (!CONTENT_API.test(url.pathname)) return kept;
  const fetchedAt = Number(kept.headers.get('x-portal-fetched-at')) || null;
  const body = await kept.clone().json().catch(() => null);
  if (!body || typeof body !== 'object') return kept;
  return new Response(JSON.stringify({ ...body, offlineFetchedAt: fetchedAt }), { status: 200, headers: { 'content-type': 'application/json' } });
}

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const copy = await keepable(url, response);
    if (copy) {
      const headers = new Headers(copy.headers);
      headers.set('x-portal-fetched-at', String(Date.now()));
      const body = await copy.arrayBuffer();
      await cache.put(request, new Response(body, { status: copy.status, headers }));
      if (CONTENT_PAGE.test(url.pathname) && (headers.get('content-type') ?? '').includes('text/html')) {
        await cache.put(shellOf(url), new Response(body, { status: copy.status, headers }));
      }
      await trim(cache);
    }
    return response;
  } catch (error) {
    const kept = await fromCache(cache, request, url) ?? (CONTENT_PAGE.test(url.pathname) ? await cache.match(shellOf(url), { ignoreVary: true }) : null);
    if (kept) return kept;
    throw error;
  }
}

/**
 * Every page of an organisation is the same app; a page opened inside the app (a detail) was never
 * fetched as a page, so the last page kept of the organisation stands in for it offline.
 */
const shellOf = (url) => new URL(`/${url.pathname.split('/')[1]}/__offline-page__`, url.origin).href;

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

function handles(request, url) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return null;
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate') return CONTENT_PAGE.test(url.pathname) ? 'page' : null;
  if (CONTENT_API.test(url.pathname) || BOOT_API.test(url.pathname)) return 'data';
  return null;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const kind = handles(event.request, url);
  if (!kind) return;
  event.respondWith(kind === 'asset' ? cacheFirst(event.request) : networkFirst(event.request, url));
});

/**
 * The page that registered the worker names what it loaded before the worker was there (its own
 * address, its scripts, its data calls): each that the worker handles is fetched once more and kept,
 * so that the page is readable offline from its first visit. Answers `{ kept }` on the message's port.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil((async () => {
    let kept = 0;
    for (const href of data.urls.slice(0, 100)) {
      const url = new URL(href, self.location.origin);
      const kind = url.pathname.startsWith('/assets/') ? 'asset' : CONTENT_PAGE.test(url.pathname) ? 'page' : (CONTENT_API.test(url.pathname) || BOOT_API.test(url.pathname)) ? 'data' : null;
      if (!kind || url.origin !== self.location.origin) continue;
      // A page is asked for as the browser asks for one: the server answers the app's HTML then.
      const request = new Request(url, { credentials: 'same-origin', ...(kind === 'page' ? { headers: { accept: 'text/html' } } : {}) });
      try {
        await (kind === 'asset' ? cacheFirst(request) : networkFirst(request, url));
        kept += 1;
      } catch {
        // Offline already, or refused: nothing kept for it.
      }
    }
    event.ports[0]?.postMessage({ kept });
  })());
});
