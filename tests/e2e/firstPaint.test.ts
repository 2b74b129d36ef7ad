/**
 * Issue 11 "Loading": the HTML of every page already shows the organisation's name and "Loading…"
 * in the app's language before any script runs (server/http/appShell.ts), and says what to do
 * without JavaScript. Checked on the real server's answers and in Chromium with JavaScript off.
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import ar from '../../public/i18n/ar_SA.json' with { type: 'json' };
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import es from '../../public/i18n/es_ES.json' with { type: 'json' };
import { CHROMIUM_ARGS, screenshot } from './browser.ts';
import { chromium } from 'playwright-core';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

async function html(path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${baseURL}${path}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The text of the first element with `className` in `page` (no HTML parser needed for these few). */
const textOf = (page: string, className: string) => new RegExp(`class="${className}"[^>]*>([^<]*)<`).exec(page)?.[1]
  ?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('the first paint', () => {
  it.each([
    ['an organisation page', '/springfield/login', undefined, 'City of Springfield', 'en-US', 'ltr', en],
    ['an unknown address of an organisation', '/acme/nowhere', undefined, 'Acme Corporation', 'en-US', 'ltr', en],
    ['a page in the language the member chose', '/springfield/faq', 'language=es_ES', 'City of Springfield', 'es-ES', 'ltr', es],
    ['a right-to-left language', '/springfield/login', 'language=ar_SA', 'City of Springfield', 'ar-SA', 'rtl', ar],
    ['no organisation (the root page)', '/', undefined, en['app.title'], 'en-US', 'ltr', en],
    ['an unknown organisation', '/nowhere/login', undefined, en['app.title'], 'en-US', 'ltr', en],
    ['a disabled organisation (named nowhere)', '/dormant/login', undefined, en['app.title'], 'en-US', 'ltr', en],
  ])('names %s and says it is loading, in its language', async (_what, path, cookie, name, lang, dir, catalogue) => {
    const page = await html(path, cookie);
    expect(page).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(page).toContain(`<title>${name}</title>`);
    expect(textOf(page, 'boot-splash-name')).toBe(name);
    expect(textOf(page, 'boot-splash-status')).toBe(catalogue.loading);
    expect(textOf(page, 'noscript')).toBe(catalogue['app.noscript'].replace('{{orgName}}', name));
  });

  it("shows the organisation's subtitle under its name, both in the organisation's language", async () => {
    const page = await html('/springfield/login', 'language=ar_SA');
    expect(page).toContain('<p class="boot-splash-name" lang="en-US" dir="auto">City of Springfield</p>');
    expect(textOf(page, 'boot-splash-subtitle')).toBe('Emergency and community notifications');
    expect(textOf(await html('/fedagency/login'), 'boot-splash-subtitle')).toBeUndefined();
  });

  it('escapes what it puts into the page', async () => {
    const page = await html('/%3Cscript%3Ealert(1)%3C%2Fscript%3E/login');
    expect(page).not.toContain('<script>alert(1)');
    expect(textOf(page, 'boot-splash-name')).toBe(en['app.title']);
  });
});

describe.skipIf(!chromiumPath)('without JavaScript', () => {
  it('shows the organisation and what to do, and no endless "Loading…", at 390 px', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${baseURL}/springfield/login`);
      expect(await page.locator('.boot-splash-name').innerText()).toBe('City of Springfield');
      expect(await page.locator('.noscript').isVisible()).toBe(true);
      expect(await page.locator('.boot-splash-status').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'first-paint-no-javascript-390');
    } finally {
      await browser.close();
    }
  });

  it('gives way to the app once it draws', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${baseURL}/springfield/login`);
      await page.locator('main#main').waitFor();
      expect(await page.locator('#boot-splash').isVisible()).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

// Issue 10 item 3 "a slow phone": the scripts and style sheets cross the wire compressed (the build
// writes .br and .gz beside each, server/client.ts sends what the browser accepts).
describe('the scripts of a page', () => {
  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['identity', undefined, (bytes: Buffer) => bytes],
  ])('are sent to Accept-Encoding "%s" as %s, the same script once decoded', async (accept, encoding, decode) => {
    const page = await html('/springfield/login');
    const entry = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page)?.[1];
    expect(entry).toMatch(/^\/assets\//);
    const plain = Buffer.from(await (await fetch(`${baseURL}${entry}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    // Node's fetch decodes what it can; a raw request shows the bytes on the wire.
    const raw = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      get(`${baseURL}${entry}`, { headers: { 'accept-encoding': accept } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(decode(raw.body).equals(plain)).toBe(true);
    if (encoding) expect(raw.body.length).toBeLessThan(plain.length / 2);
  });
});
