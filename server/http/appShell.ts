/**
 * The first paint of every page (issue 11 "Loading"): before any script has run, the HTML already
 * shows the organisation's name and "Loading…", in the language the app will start in, and a
 * `<noscript>` message says what to do without JavaScript. server/client.ts sends index.html through
 * `renderAppShell` for every page the app draws; the app replaces the splash when it renders.
 *
 * index.html holds the English defaults between `<!--shell-->` and `<!--/shell-->`, so the file is a
 * complete page on its own (the dev server's and any static copy).
 */
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, htmlLang, isLanguageCode, languageDirection, type LanguageCode } from '../../schemas/languages.ts';
import { contentSecurityPolicyWith } from '../plugins/securityHeaders.ts';
import type { Organization } from '../repositories/organizations.ts';
import { recaptchaSources, type Captcha } from '../services/captcha.ts';
import { LANGUAGE_COOKIE } from '../services/language.ts';

export interface ShellTexts {
  /** `<title>` and the name on the splash: the organisation's name, or the portal's. */
  title: string;
  /** The organisation's subtitle (`orgSubtitle`) under the name; null for none. */
  subtitle: string | null;
  /** The language the organisation's name and subtitle are written in (its defaultLanguage), as an HTML lang; null for the portal's own. */
  orgLang: string | null;
  lang: LanguageCode;
  loading: string;
  noscript: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** index.html with the organisation's name, the language and its direction, and the two texts. */
export function renderAppShell(template: string, texts: ShellTexts): string {
  const title = escapeHtml(texts.title);
  // The organisation's own text carries its language and direction, as in the app's header (issue 11).
  const own = texts.orgLang ? ` lang="${escapeHtml(texts.orgLang)}" dir="auto"` : '';
  const subtitle = texts.subtitle ? `<p class="boot-splash-subtitle"${own}>${escapeHtml(texts.subtitle)}</p>` : '';
  const splash = `<!--shell--><div class="boot-splash"><p class="boot-splash-name"${own}>${title}</p>${subtitle}`
    + `<p class="boot-splash-status" role="status">${escapeHtml(texts.loading)}</p></div><!--/shell-->`;
  const noscript = `<!--noscript--><noscript><p class="noscript">${escapeHtml(texts.noscript)}</p></noscript><!--/noscript-->`;
  return template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${texts.lang.replace('_', '-')}" dir="${languageDirection(texts.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, () => splash)
    .replace(/<!--noscript-->[\s\S]*?<!--\/noscript-->/, () => noscript);
}

const catalogueDir = new URL('../../public/i18n/', import.meta.url);
/** The shell's texts per language (27 at most), read once from the catalogues. */
const shellCatalogues = new Map<LanguageCode, { loading: string; noscript: string; appTitle: string }>();

function catalogueTexts(lang: LanguageCode) {
  let texts = shellCatalogues.get(lang);
  if (!texts) {
    const read = (code: LanguageCode) => JSON.parse(readFileSync(new URL(`${code}.json`, catalogueDir), 'utf8')) as Record<string, string>;
    const english = read(DEFAULT_LANGUAGE);
    const own = lang === DEFAULT_LANGUAGE ? english : read(lang);
    const text = (key: string) => own[key] ?? english[key] ?? key;
    texts = { loading: text('loading'), noscript: text('app.noscript'), appTitle: text('app.title') };
    shellCatalogues.set(lang, texts);
  }
  return texts;
}

/** The language the app will start in: the cookie of the last change, else the default (src/i18n/i18n.ts). */
export function shellLanguage(request: FastifyRequest): LanguageCode {
  const stored = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The organisation of the page `request` asks for (its first path segment), if there is one and it is not disabled. */
async function pageOrganization(request: FastifyRequest): Promise<Organization | null> {
  const first = decodeSegment((request.url.split('?')[0] ?? '/').split('/')[1] ?? '');
  const org = first && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(first) ? await request.server.orgCache.get(first).catch(() => null) : null;
  return org && !org.organization.settings.disabled ? org.organization : null;
}

/**
 * The pages of an organisation whose test notification uses Google reCAPTCHA may load its script and
 * frames (services/captcha.ts `recaptchaSources`); every other page keeps the policy that admits no
 * other site (plugins/securityHeaders.ts).
 */
export async function allowCaptchaScript(request: FastifyRequest, reply: FastifyReply, captcha: Captcha): Promise<void> {
  const org = await pageOrganization(request);
  const kind = org ? captcha.kindFor(org) : null;
  if (kind?.kind === 'recaptcha') reply.header('content-security-policy', contentSecurityPolicyWith(recaptchaSources(kind.scriptUrl)));
}

/** The texts of the page `request` asks for: the organisation of its first path segment, if there is one. */
export async function shellTexts(request: FastifyRequest): Promise<ShellTexts> {
  const lang = shellLanguage(request);
  const { loading, noscript, appTitle } = catalogueTexts(lang);
  const settings = (await pageOrganization(request))?.settings ?? null;
  const orgName = settings?.orgName ?? null;
  return {
    title: orgName ?? appTitle,
    subtitle: settings?.orgSubtitle || null,
    orgLang: settings ? htmlLang(settings.defaultLanguage) : null,
    lang,
    loading,
    noscript: noscript.replace('{{orgName}}', orgName ?? appTitle),
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
