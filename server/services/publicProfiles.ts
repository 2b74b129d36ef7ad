/**
 * §3 Public profiles handed out by the admin API (standing in for the public portal): a profile and
 * its new-profile link, valid 7 days. The token is shown once; only its SHA-256 is kept.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { insertPublicProfile } from '../repositories/publicProfiles.ts';
import { refuse, type Refusal } from './results.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a public-portal token lets its holder register. */
export const PUBLIC_PROFILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function issuePublicProfile(
  db: Db, org: Organization, person: { firstName: string; lastName: string; email: string; phone?: string; countryCode?: string },
): Promise<{ ok: true; id: string; token: string; url: string } | Refusal> {
  const { firstName, lastName, email, phone = '', countryCode = '' } = person;
  if (!firstName.trim() || !lastName.trim()) return refuse(400, { errorCode: 'request.invalid', message: 'body/firstName and body/lastName must not be blank' });
  const id = randomUUID();
  const token = newToken();
  await insertPublicProfile(db, org.orgId, {
    profileId: id, tokenHash: hashToken(token), firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(),
    phone: phone.trim() || null, countryCode: phone.trim() ? countryCode || org.settings.defaultCountry : countryCode || null,
    expiresAt: new Date(Date.now() + PUBLIC_PROFILE_TTL_MS),
  });
  return { ok: true, id, token, url: `/${encodeURIComponent(org.orgId)}/new-profile?token=${encodeURIComponent(token)}` };
}
