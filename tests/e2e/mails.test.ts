/**
 * The demo mailbox `/mails` in Chromium. The shared e2e server sends over SMTP, which switches the
 * mailbox off; this file starts a server of its own the way a new user does: demo mode, no SMTP_URL,
 * so whatever the portal sends stays in the outbox and is shown here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { startServerProcess, type ServerProcess } from '../support/serverProcess.ts';
import { screenshot, useBrowser } from './browser.ts';

const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('demo mailbox in Chromium', () => {
  const browser = useBrowser(chromiumPath);
  let server: ServerProcess;
  let baseURL = '';
  beforeAll(async () => {
    server = await startServerProcess(() => {}, { env: { SMTP_URL: '' } });
    baseURL = server.baseURL;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is linked from the root page and shows the mails of an organisation, or that there are none yet', async () => {
    const { page } = browser;
    const response = await page.goto(`${baseURL}/`);
    expect(response?.status()).toBe(200);
    await page.getByRole('link', { name: en['root.mailbox'] }).click();
    await page.waitForURL((url) => url.pathname === '/mails');
    await page.getByRole('heading', { name: en['mails.title'], level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(en['mails.title']);

    const select = page.getByLabel(en['mails.organization']);
    await select.waitFor();
    expect(await select.locator('option').allInnerTexts()).toContain('City of Springfield');
    const mails = page.getByRole('article');
    const empty = page.getByText(en['mails.empty']);
    await mails.or(empty).first().waitFor();
    // Either the list or the empty notice, never both.
    expect((await mails.count()) > 0).toBe((await empty.count()) === 0);
    await screenshot(page, 'demo-mailbox');
  });

  it('keeps the chosen organisation in the address across a reload', async () => {
    const { page } = browser;
    const response = await page.goto(`${baseURL}/mails`);
    expect(response?.status()).toBe(200);
    const select = page.getByLabel(en['mails.organization']);
    await select.selectOption('springfield');
    await page.waitForURL((url) => url.search === '?orgId=springfield');
    await page.reload();
    await page.getByRole('heading', { name: en['mails.title'], level: 1 }).waitFor();
    await expect.poll(() => select.inputValue()).toBe('springfield');
    await page.getByRole('article').or(page.getByText(en['mails.empty'])).first().waitFor();
    await screenshot(page, 'demo-mailbox-springfield');
  });

  it('shows the mail of a forgotten username, as a new user without SMTP would find it', async () => {
    const { page } = browser;
    await page.goto(`${baseURL}/springfield/forgot-username`);
    await page.getByRole('textbox', { name: en['forgotUsername.email.label'] }).fill('demo.member@example.org');
    await page.getByRole('button', { name: en['forgotUsername.submit'] }).click();
    await page.getByRole('status').filter({ hasText: en['ssp.forgotUsername.send.success'] }).waitFor();
    await page.goto(`${baseURL}/mails?orgId=springfield`);
    await page.getByText('Your username for City of Springfield').first().waitFor();
    await page.getByText('demo.member', { exact: false }).first().waitFor();
    await screenshot(page, 'forgot-username-mailbox');
  });
});
