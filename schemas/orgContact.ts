/**
 * The organisation's contact for members (issue 11 "dead ends": the not-found, not-authorized and
 * deactivated pages offer it): `contactUrl`, an address by the one rule of every URL setting
 * (schemas/followableUrl.ts), and `contactEmail`, an e-mail address by §5's e-mail rule
 * (schemas/forms/formats.ts) and §9's 80 characters at most. org-settings.schema.json states the
 * e-mail rule as the pattern of `contactEmail` (tests/unit/orgContact.test.ts keeps the two equal); the
 * browser checks both again before it links to them, so a value stored before the rule is never followed.
 */
import { EMAIL_PATTERN } from './forms/formats.ts';
import { isFollowableUrl } from './followableUrl.ts';

/** §5's e-mail pattern, or empty (no contact address): the pattern of `contactEmail` in the schema. */
export const CONTACT_EMAIL_PATTERN = `^(?:${EMAIL_PATTERN.source.slice(1, -1)})?$`;

const CONTACT_EMAIL = new RegExp(CONTACT_EMAIL_PATTERN, 'u');

/** What a member may follow: the contact page's address and the mailto: address, each null when none (or not valid). */
export interface OrgContact {
  url: string | null;
  email: string | null;
  mailto: string | null;
}

/**
 * The organisation's contact as links: each setting when it is set and valid, else null. The mailto:
 * address percent-encodes each side of the `@` (RFC 6068), so a `?` or `&` the e-mail rule allows in
 * the local part cannot add headers.
 */
export function orgContact(settings: { contactUrl?: string | null; contactEmail?: string | null }): OrgContact {
  const url = isFollowableUrl(settings.contactUrl) ? settings.contactUrl : null;
  const raw = settings.contactEmail;
  const email = typeof raw === 'string' && raw !== '' && raw.length <= 80 && CONTACT_EMAIL.test(raw) ? raw : null;
  const mailto = email === null ? null : `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;
  return { url, email, mailto };
}
