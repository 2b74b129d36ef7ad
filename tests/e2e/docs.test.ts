/**
 * Issue 10 item 8 in a real browser: Swagger UI at /docs, served by `npm start`'s server under its
 * Content-Security-Policy, draws the operations of /docs/json with no policy violation.
 */
import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('the API documentation in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('lists the operations of every scope at /docs, with no CSP violation', async () => {
    const { page } = browser;
    // Recorded from before the page's own scripts run (an init script is not subject to the page's CSP).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const response = await page.goto(`${baseURL}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The scopes are closed until opened (Swagger UI draws at most about 135 open operations): each
    // opens with its operations, one at a time.
    for (const tag of ['public', 'account', 'member', 'admin', 'publishing', 'demo']) {
      const heading = page.locator(`.opblock-tag[data-tag="${tag}"]`);
      await heading.click();
      const operations = page.locator(`.opblock-tag-section:has(.opblock-tag[data-tag="${tag}"]) .opblock`);
      await expect.poll(() => operations.count()).toBeGreaterThan(5);
      if (tag === 'account') await page.locator('.opblock-summary-path[data-path="/manage/login"]').waitFor();
      await heading.click();
      await expect.poll(() => operations.count()).toBe(0);
    }
    expect(await page.locator('.info .title').innerText()).toContain('Member self-service portal API');
    await screenshot(page, 'docs');

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors.filter((text) => /content security policy/i.test(text))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
