/**
 * The admin preview's "whole page" view (issue 11): a member's page as the portal would draw it
 * with the edited, unsaved settings: the organisation's header (name, subtitle, banner, language
 * selector), the navigation bar that screens.config.ts yields for these settings, the saved feature
 * flags and a visitor or a sample member, the screen's title and help tip, the form, the footer.
 *
 * It is a picture, not the portal: nothing in its header, navigation or footer acts. A navigation
 * item that leads to a previewed form switches the preview to it; any other link, the Logout button
 * and the language selector only say what they would do. The page sits in a named region of the
 * admin page: its header and footer are not the admin page's banner and contentinfo, its title is a
 * heading below the preview's (the admin page keeps its one h1), and it has no `main`.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, Router, type Navigator } from 'react-router';
import type { Account } from '../../schemas/account.ts';
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import { htmlLang } from '../../schemas/languages.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import { bannerUrl } from '../api/pages.ts';
import { navItems } from '../app/navItems.ts';
import { guardOf, resolveScreen, screenById } from '../app/resolveScreen.ts';
import { useScreenRegistry } from '../app/ScreenRegistryContext.ts';
import type { Screen, ScreenContext } from '../app/screenTypes.ts';
import { Footer } from '../components/Footer.tsx';
import { HelpTip } from '../components/HelpTip.tsx';
import { LanguageSelector } from '../components/LanguageSelector.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';

/** Who looks at the previewed page: a visitor (not signed in) or a signed-in member. */
export type PreviewViewer = 'visitor' | 'member';

/** The member the preview signs in: the per-member flags (§3 Account) as a new member has them. */
function sampleAccount(name: string): Account {
  return { id: 0, name, username: 'sample.member', timeZone: null, registered: true, isMigrated: false, showEvent: null, showOnCallSchedule: false, showDirectoryChat: false, hasHipaaBridge: false, hasSecureBridge: false, sbWebUri: '' };
}

/** The links of the previewed navigation have their addresses (shown on hover), but the preview never goes there. */
const inertNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  go: () => {},
  push: () => {},
  replace: () => {},
};

/** §2: a private organisation's sign-up opens only from an invitation's link (`new?contactId={number}&referrer={value}`). */
const INVITATION_QUERY = 'contactId=1&referrer=invitation';

/** The query of the previewed address: a private organisation's sign-up page is shown as an invited person sees it. */
function previewQuery(screen: Screen, settings: OrgSettings): string {
  return screen.id === 'signUp' && !settings.isPublic ? INVITATION_QUERY : '';
}

/** The viewer a screen is for: a member on a member's page, else a visitor. */
export function viewerOf(screen: Screen, settings: OrgSettings, orgId: string): PreviewViewer {
  const visitor: ScreenContext = { orgId, org: settings, flags: FEATURE_FLAGS_OFF, account: null, query: new URLSearchParams(), entryFromPublicPortal: false };
  return guardOf(screen, visitor) === 'member' ? 'member' : 'visitor';
}

/** The address the preview shows a screen at, relative to the site (`/springfield/my-profile`). */
export function previewAddress(screen: Screen, settings: OrgSettings, orgId: string): string {
  const query = previewQuery(screen, settings);
  return `/${orgId}/${screen.path}${query ? `?${query}` : ''}`;
}

export interface PagePreviewProps {
  orgId: string;
  /** The edited settings, resolved (schemas/orgSettings.ts). */
  settings: OrgSettings;
  /** The organisation's saved feature flags. */
  featureFlags: FeatureFlags;
  viewer: PreviewViewer;
  /** The screen of screens.config.ts drawn (src/admin/previewScreens.ts). */
  screenId: string;
  /** A navigation item of the preview was chosen: switch to its screen if it shows a previewed form (true), else false. */
  onOpenScreen: (screenId: string) => boolean;
  /** The form, drawn where the screen draws it. */
  children: ReactNode;
}

export function PagePreview({ orgId, settings, featureFlags, viewer, screenId, onOpenScreen, children }: PagePreviewProps) {
  const { t, i18n } = useTranslation();
  const registry = useScreenRegistry();
  const screen = screenById(registry.screens, screenId);
  const [note, setNote] = useState<{ page: string; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  const query = previewQuery(screen, settings);
  const ctx: ScreenContext = {
    orgId,
    org: settings,
    flags: featureFlags,
    account: viewer === 'member' ? sampleAccount(t('admin.preview.sampleName')) : null,
    query: new URLSearchParams(query),
    entryFromPublicPortal: false,
  };
  // The bar's actions (Logout) do nothing here; the click is told apart below.
  const items = navItems(registry, ctx).map((item) => (item.onSelect ? { ...item, onSelect: () => {} } : item));
  const resolution = resolveScreen(registry.screens, screen, ctx);
  // A note belongs to the page it was given on: another page or viewer starts without one.
  const page = `${screenId}:${viewer}`;
  const shownNote = note?.page === page ? note.text : null;
  const say = (text: string) => setNote({ page, text });

  // After a navigation item switched the page, its title takes the focus, as the portal's h1 does.
  useEffect(() => {
    if (focusHeading.current) heading.current?.focus();
    focusHeading.current = false;
  }, [screenId]);

  /** A click on a link or button of the header, navigation or footer (capture phase): never followed. */
  function intercept(event: MouseEvent<HTMLElement>) {
    const control = (event.target as Element).closest('a, button');
    // The Menu button opens and closes the navigation, as on a member's narrow screen.
    if (!control || control.classList.contains('menu-button')) return;
    event.preventDefault();
    const label = control.textContent?.trim() ?? '';
    const itemId = control.closest('[data-nav]')?.getAttribute('data-nav');
    if (itemId && registry.screens.some((s) => s.id === itemId)) {
      focusHeading.current = itemId !== screenId;
      if (!onOpenScreen(itemId)) {
        focusHeading.current = false;
        say(t('admin.preview.notPreviewed', { page: label }));
      }
      return;
    }
    const href = control.getAttribute('href');
    say(href ? t('admin.preview.linkNotFollowed', { label, address: href }) : t('admin.preview.actionNotPreviewed', { label }));
  }

  /** The language selector changes nothing here: the admin page keeps its language. */
  function holdLanguage(event: FormEvent<HTMLElement>) {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    event.stopPropagation();
    select.value = i18n.language;
    say(t('admin.preview.actionNotPreviewed', { label: t('language.select.label') }));
  }

  const outcome = resolution.kind === 'redirect'
    ? t(`admin.preview.redirected.${viewer}`, { address: resolution.to })
    : resolution.kind === 'notFound' ? t('admin.preview.notFound') : resolution.kind === 'deactivated' ? t('admin.preview.deactivated') : null;

  return (
    <section className="admin-page-preview" aria-label={t('admin.preview.pageRegion')} data-screen={screen.id}>
      <div onClickCapture={intercept} onInputCapture={holdLanguage} onChangeCapture={holdLanguage}>
        <Router location={`/${orgId}/${screen.path}`} navigator={inertNavigator}>
          <SiteHeader
            name={settings.orgName}
            nameLang={htmlLang(settings.defaultLanguage)}
            subtitle={settings.orgSubtitle}
            bannerSrc={settings.hasBanner ? bannerUrl(orgId) : null}
            items={items}
            accountName={ctx.account?.name ?? null}
            tools={settings.translation.type === 'built-in' && !settings.disabled ? <LanguageSelector /> : null}
            navLabel={t('admin.preview.pageNav')}
          />
        </Router>
      </div>
      <div className="admin-page-body">
        <p role="status" className={shownNote ? 'notice admin-page-note' : 'admin-page-note'}>{shownNote}</p>
        <div className="card">
          <h3 ref={heading} tabIndex={-1} className="page-heading">{t(screen.titleKey)}</h3>
          {outcome ? <p className="notice">{outcome}</p> : (
            <>
              {query ? <p className="field-help">{t('admin.preview.invitationOnly')}</p> : null}
              <HelpTip orgId={orgId} type={screen.help} />
              {children}
            </>
          )}
        </div>
      </div>
      <div onClickCapture={intercept}>
        <Footer orgName={settings.orgName} termsUrl={settings.termsUrl} privacyUrl={settings.privacyUrl} serverVersion={null} />
      </div>
    </section>
  );
}
