/** What an organisation shows on its pages: the §2 help tips (admin HTML, sanitised here before it is shown) and its banner. */
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findBanner } from '../repositories/pageContent.ts';

/**
 * Admin HTML as members may see it: sanitize-html's safe tags and attributes, and a link that opens
 * a new tab always carries `rel="noopener noreferrer"`, so the page it opens can neither reach back
 * into the portal's window (`window.opener`) nor learn which page linked to it.
 */
export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, a: ['href', 'name', 'target', 'rel'] },
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target?.trim().toLowerCase() === '_blank' ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      }),
    },
  });
}

/** Help tips given per language, sanitised once each: a save replaces the settings, and with them these objects. */
const sanitizedTips = new WeakMap<object, string>();

function sanitizedOnce(tip: { content: string }): string {
  let html = sanitizedTips.get(tip);
  if (html === undefined) sanitizedTips.set(tip, (html = sanitizeAdminHtml(tip.content)));
  return html;
}

/**
 * The help tip of a help type in the member's language (issue 11): the one the settings give in
 * `lang` (helpTranslations), else the organisation's own tip (services/orgCache.ts: already sanitised),
 * written in its defaultLanguage. `lang` says which language the content is in.
 */
export function helpTip(
  content: { organization: Pick<Organization, 'settings'>; helpTips: ReadonlyMap<string, string> },
  type: string,
  lang?: string,
): { content: string | null; lang: string } {
  const { helpTranslations, defaultLanguage } = content.organization.settings;
  const given = lang ? helpTranslations.find((tip) => tip.lang === lang && tip.type === type) : undefined;
  if (given) return { content: sanitizedOnce(given), lang: given.lang };
  return { content: content.helpTips.get(type) ?? null, lang: defaultLanguage };
}

type Banner = { contentType: string; bytes: Buffer };

/**
 * The banner image when the organisation shows one (hasBanner), or null: from the cache, or from the
 * database when it is too large to be cached (`'uncached'`).
 */
export async function bannerImage(db: Db, content: { organization: Organization; banner: Banner | null | 'uncached' }): Promise<Banner | null> {
  if (!content.organization.settings.hasBanner || content.banner === null) return null;
  if (content.banner !== 'uncached') return content.banner;
  const row = await findBanner(db, content.organization.orgId);
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') } : null;
}
