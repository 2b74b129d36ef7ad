/**
 * Single logout (issue 15): where the browser goes after the portal ended a sign-in that single
 * sign-on made, so that the identity provider ends its session too: the SAML provider's single logout
 * service (a LogoutRequest naming the NameID and SessionIndex) or the OpenID provider's end-session
 * endpoint (with the ID token as its hint). Null when the provider offers none: then only the portal's
 * session ends, as it always does.
 */
import type { Db } from '../../db/client.ts';
import type { Organization } from '../../repositories/organizations.ts';
import { deleteSignIn } from '../../repositories/sessions.ts';
import { findClientSecret, findSsoSignIn } from '../../repositories/sso.ts';
import { oidcLogoutUrl } from './oidc.ts';
import { ssoProviderOf } from './providers.ts';
import { samlContext, samlLogoutUrl, validateProviderLogout } from './saml.ts';
import { SsoFailure } from './failures.ts';

/** Read before the portal's sign-in ends (its provider session goes with it). */
export async function providerLogoutUrl(db: Db, base: string, org: Organization, sessionHash: string): Promise<string | null> {
  const signIn = await findSsoSignIn(db, org.orgId, sessionHash);
  const provider = signIn ? ssoProviderOf(org.settings, signIn.providerId) : null;
  if (!signIn || !provider) return null;
  try {
    if (provider.protocol === 'saml') {
      if (!provider.sloUrl || !signIn.nameId) return null;
      return await samlLogoutUrl(await samlContext(db, base, org.orgId, provider), { nameId: signIn.nameId, nameIdFormat: signIn.nameIdFormat, sessionIndex: signIn.sessionIndex });
    }
    return await oidcLogoutUrl({ base, orgId: org.orgId, provider, clientSecret: await findClientSecret(db, org.orgId, provider.id) }, signIn.idToken);
  } catch {
    // A provider out of reach does not keep anyone signed in here.
    return null;
  }
}

/**
 * The identity provider's own single logout, reaching the portal in the member's browser (a top-level
 * GET: the session cookie comes along): the LogoutRequest is checked (services/sso/saml.ts), and when
 * it names the person this browser is signed in as through that provider, the sign-in ends. Answers
 * where the browser goes next (the provider, with the portal's LogoutResponse). Throws SsoFailure.
 */
export async function acceptProviderLogout(
  db: Db, base: string, org: Organization, providerId: string, query: Record<string, string>, rawQuery: string, sessionHash: string | null,
): Promise<string> {
  const provider = ssoProviderOf(org.settings, providerId);
  if (provider?.protocol !== 'saml') throw new SsoFailure('sso.provider', `no SAML provider ${providerId}`);
  const logout = await validateProviderLogout(await samlContext(db, base, org.orgId, provider), query, rawQuery);
  const signIn = sessionHash ? await findSsoSignIn(db, org.orgId, sessionHash) : null;
  if (signIn && signIn.providerId === providerId && signIn.nameId === logout.nameId) await deleteSignIn(db, org.orgId, sessionHash!);
  return logout.responseUrl;
}
