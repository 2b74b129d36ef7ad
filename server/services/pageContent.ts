/** What an organisation shows on its pages: the §2 help tips (admin HTML, sanitised here before it is shown) and its banner. */
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findBanner, findHelpAndAnswer } from '../repositories/pageContent.ts';

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

export async function helpTip(db: Db, org: Organization, type: string): Promise<{ content: string | null }> {
  const content = await findHelpAndAnswer(db, org.orgId, type);
  return { content: content === null ? null : sanitizeAdminHtml(content) };
}

/** The banner image when the organisation shows one (hasBanner), or null. */
export async function bannerImage(db: Db, org: Organization): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await findBanner(db, org.orgId);
  if (!row || !org.settings.hasBanner) return null;
  return { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') };
}
