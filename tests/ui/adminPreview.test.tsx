/**
 * Issue 11, the admin preview's whole-page view in happy-dom against the real API: the member page
 * drawn from the unsaved settings (the organisation's name, the navigation that follows the draft
 * settings and who looks), what a mode is (its address), and a preview that never acts for real:
 * a navigation item switches the previewed page or says it is not previewed, Logout posts nothing,
 * the language selector leaves the admin page's language alone, and the admin page stays /admin.
 * Layout, axe-core and the screenshots are Chromium's: tests/e2e/adminPreview.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';

// The admin page loads the settings editor's and the preview's validator modules from the server.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const region = () => screen.getByRole('region', { name: en['admin.preview.pageRegion'] });
const previewNav = () => within(region()).getByRole('navigation', { name: en['admin.preview.pageNav'] });
const navLabels = () => within(previewNav()).getAllByRole('listitem').map((item) => item.textContent);
const preview = () => screen.getByRole('region', { name: en['admin.preview.title'] });
const pressed = (name: string, container: HTMLElement = preview()) =>
  within(container).getByRole('button', { name }).getAttribute('aria-pressed');

/** Signs the demo administrator in at /admin (unless still signed in), picks `orgId` and turns the preview to the whole page. */
async function wholePage(orgId: string) {
  const user = userEvent.setup();
  bootPage('/admin');
  const organization = () => screen.queryByRole('option', { name: new RegExp(`\\(${orgId}\\)$`) });
  await waitFor(() => expect(screen.queryByLabelText(en['admin.login.username']) ?? organization()).not.toBeNull(), { timeout: 10_000 });
  if (!organization()) {
    await user.type(screen.getByLabelText(en['admin.login.username']), 'admin');
    await user.type(screen.getByLabelText(en['admin.login.password']), 'Demo!Admin2026');
    await user.click(screen.getByRole('button', { name: en['admin.login.submit'] }));
    await waitFor(() => expect(organization()).not.toBeNull(), { timeout: 10_000 });
  }
  await user.selectOptions(organization()!.closest('select')!, orgId);
  await user.click(await screen.findByRole('button', { name: en['admin.preview.view.page'] }, { timeout: 10_000 }));
  await screen.findByRole('region', { name: en['admin.preview.pageRegion'] });
  return user;
}

describe('the whole-page view of the admin preview', () => {
  it('draws the member page around the form: the organisation\'s name, the navigation, the page\'s title and the footer', async () => {
    await wholePage('springfield');
    expect(pressed(en['admin.preview.view.page'])).toBe('true');
    expect(pressed(en['admin.preview.view.form'])).toBe('false');
    const page = region();
    expect(within(page).getByText('City of Springfield').tagName).toBe('P');
    // The sign-up page, seen by a visitor: the nav of a visitor of a public city with every content page on.
    expect(navLabels()).toEqual([
      en['nav.notifications'], en['nav.weather'], en['nav.events'], en['nav.overview'], en['nav.faq'], en['nav.files'], en['nav.login'], en['nav.signUp'],
    ]);
    expect(within(previewNav()).getByRole('link', { name: en['nav.signUp'] }).getAttribute('aria-current')).toBe('page');
    // The page's title is a heading below the preview's own; the admin page keeps its one h1.
    expect(within(page).getByRole('heading', { name: en['page.title.signUp'], level: 3 }).classList.contains('page-heading')).toBe(true);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(within(page).getByRole('link', { name: en['footer.terms'] })).toBeInstanceOf(HTMLElement);
    // Its header and footer sit in the region, so they are not the admin page's banner and contentinfo
    // (Chromium's accessibility tree and axe-core say so in tests/e2e/adminPreview.test.ts); no main of its own.
    expect(page.querySelector('header')?.closest('section')).toBe(page);
    expect(page.querySelector('footer')?.closest('section')).toBe(page);
    expect(page.querySelector('main')).toBeNull();
    // The form is there, with its checks.
    expect(await within(page).findByRole('button', { name: en['admin.preview.check'] }, { timeout: 10_000 })).toBeInstanceOf(HTMLElement);
    // The mode says which page of the portal it is.
    expect(screen.getByText('In the portal, this mode is the “Sign up” page at /springfield/new.')).toBeInstanceOf(HTMLElement);
    // No two elements share an id (the preview's menu button controls its own navigation).
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const menu = within(page).getByRole('button', { name: en['nav.menu'] });
    expect(menu.getAttribute('aria-controls')).toBe(previewNav().id);
  });

  it('follows the draft settings: turning the FAQ page on adds its item before anything is saved', async () => {
    const user = await wholePage('acme');
    expect(navLabels()).not.toContain(en['nav.faq']);
    await user.click(await screen.findByRole('checkbox', { name: en['admin.settings.label.showFAQs'] }, { timeout: 10_000 }));
    await waitFor(() => expect(navLabels()).toContain(en['nav.faq']));
    expect(screen.getByText(en['admin.saveBar.unsaved'])).toBeInstanceOf(HTMLElement);
    // A private organisation's sign-up opens from an invitation link: the preview says it shows it as such.
    expect(within(region()).getByText(en['admin.preview.invitationOnly'])).toBeInstanceOf(HTMLElement);
  });

  it('shows a member other navigation than a visitor', async () => {
    const user = await wholePage('springfield');
    const visitor = navLabels();
    await user.click(within(preview()).getByRole('button', { name: en['admin.preview.viewer.member'] }));
    expect(pressed(en['admin.preview.viewer.member'])).toBe('true');
    const member = navLabels();
    expect(member).not.toEqual(visitor);
    expect(member).toContain(en['nav.home']);
    expect(member).toContain('Welcome, Sample Member');
    expect(member).toContain(en['nav.logout']);
    expect(member).not.toContain(en['nav.login']);
    expect(visitor).not.toContain(en['nav.home']);
    // A member who opens the sign-up address is sent on (§2), and the page says so instead of drawing the form.
    expect(within(region()).getByText(en['admin.preview.redirected.member'].replace('{{address}}', '/springfield/new/account/profile'))).toBeInstanceOf(HTMLElement);
  });

  it('switches the previewed page from its navigation without leaving /admin; other items and actions only say what they would do', async () => {
    const user = await wholePage('springfield');
    const fetches = vi.spyOn(window, 'fetch');
    // The profile page is a member's: picking it shows it to a member.
    await user.click(within(preview()).getByRole('button', { name: en['admin.form.profile'] }));
    expect(pressed(en['admin.preview.viewer.member'])).toBe('true');
    expect(within(region()).getByRole('heading', { name: en['page.title.profile'], level: 3 })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('In the portal, this mode is the “Profile” page at /springfield/new/account/profile.')).toBeInstanceOf(HTMLElement);

    // Sign out posts nothing.
    await user.click(within(previewNav()).getByRole('button', { name: en['nav.logout'] }));
    expect(within(region()).getByRole('status').textContent).toBe('“Sign out” does nothing in the preview.');
    const urls = () => fetches.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    // The spy sees the page's calls (the profile's help tip, its validator), and none signs out.
    await waitFor(() => expect(urls().length).toBeGreaterThan(0));
    expect(urls().filter((url) => url.includes('logout'))).toEqual([]);

    // A visitor at the profile's address is sent to sign in; the visitor's Sign up item leads to the sign-up form.
    await user.click(within(preview()).getByRole('button', { name: en['admin.preview.viewer.visitor'] }));
    expect(within(region()).getByText(en['admin.preview.redirected.visitor'].replace('{{address}}', '/springfield/login'))).toBeInstanceOf(HTMLElement);
    await user.click(within(previewNav()).getByRole('link', { name: en['nav.signUp'] }));
    const heading = within(region()).getByRole('heading', { name: en['page.title.signUp'], level: 3 });
    expect(document.activeElement).toBe(heading);
    expect(pressed(en['admin.form.signUp'])).toBe('true');
    expect(window.location.pathname).toBe('/admin');

    // A page without a previewed form: a note, and still /admin.
    await user.click(within(previewNav()).getByRole('link', { name: en['nav.faq'] }));
    expect(within(region()).getByRole('status').textContent).toBe('“FAQs” is not previewed yet: the preview draws the pages of the sign-up, profile, contact-path, location and additional-information forms.');
    expect(within(region()).getByRole('heading', { name: en['page.title.signUp'], level: 3 })).toBe(heading);
    expect(window.location.pathname).toBe('/admin');

    // The footer's links are not followed either; they say where they go.
    await user.click(within(region()).getByRole('link', { name: en['footer.terms'] }));
    expect(within(region()).getByRole('status').textContent).toMatch(/^The preview does not follow links: on the member page, “Terms of use” opens \S+\.$/);
    expect(window.location.pathname).toBe('/admin');
  });

  it('leaves the admin page\'s language alone when the preview\'s language selector changes', async () => {
    const user = await wholePage('springfield');
    const selector = within(region()).getByRole('combobox', { name: en['language.select.label'] }) as HTMLSelectElement;
    await user.selectOptions(selector, 'de_DE');
    expect(selector.value).toBe('en_US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('heading', { name: en['admin.title'], level: 1 })).toBeInstanceOf(HTMLElement);
    expect(within(region()).getByRole('status').textContent).toBe(`“${en['language.select.label']}” does nothing in the preview.`);
  });
});
