/**
 * Whom the demo identity providers serve (issue 15): the portal's organisations whose single sign-on
 * names them. The SAML provider knows a service provider by its metadata (the portal's, for the
 * entity id a request names); the OpenID provider knows a client by the organisation's settings and
 * the secret the portal keeps. Also: pointing the demo organisations at the address this server
 * listens on, since their settings name the providers by address.
 */
import type { Db } from '../../db/client.ts';
import { listOrganizations } from '../../repositories/organizations.ts';
import { findClientSecret, storeClientSecret } from '../../repositories/sso.ts';
import type { OrgCache } from '../orgCache.ts';
import { readSettings, saveSettings } from '../orgSettings.ts';
import { samlContext, samlMetadata } from '../sso/saml.ts';
import { providerAddresses } from '../sso/providers.ts';
import { newToken } from '../tokens.ts';
import type { DemoOidcClient } from './oidcProvider.ts';

/** Where the demo providers are, under the portal's address. */
export const DEMO_IDP_PATH = '/demo-idp';
export const demoIssuer = (base: string) => `${base}${DEMO_IDP_PATH}/oidc`;
export const demoEntityId = (base: string) => `${base}${DEMO_IDP_PATH}/saml`;

const METADATA_PATH = /^\/sso\/([^/]+)\/([a-z0-9-]+)\/saml\/metadata$/;

/** The portal's SAML metadata for the service provider `entityId` names, if it is this portal's and names this provider; else null. */
export async function serviceProviderMetadata(db: Db, orgCache: OrgCache, base: string, entityId: string): Promise<string | null> {
  if (!entityId.startsWith(`${base}/`)) return null;
  const match = METADATA_PATH.exec(entityId.slice(base.length));
  if (!match) return null;
  const data = await orgCache.get(decodeURIComponent(match[1]!));
  const provider = data?.organization.settings.ssoProviders.find((candidate) => candidate.id === match[2]);
  if (!data || provider?.protocol !== 'saml') return null;
  // The provider as its metadata completes it must be this one.
  const context = await samlContext(db, base, data.organization.orgId, provider).catch(() => null);
  return context?.provider.entityId === demoEntityId(base) ? samlMetadata(context) : null;
}

/** The OpenID client `clientId` of an organisation whose provider is this demo issuer, with its secret. */
export async function demoOidcClient(db: Db, base: string, clientId: string): Promise<DemoOidcClient | null> {
  for (const org of await listOrganizations(db)) {
    const provider = org.settings.ssoProviders.find((candidate) => candidate.protocol === 'oidc' && candidate.issuer === demoIssuer(base) && candidate.clientId === clientId);
    if (!provider) continue;
    const clientSecret = await findClientSecret(db, org.orgId, provider.id);
    if (!clientSecret) return null;
    const addresses = providerAddresses(base, org.orgId, provider.id);
    return { clientId, clientSecret, redirectUri: addresses.oidcCallback, postLogoutRedirectUri: addresses.loggedOut };
  }
  return null;
}

const DEMO_ADDRESS = /^https?:\/\/[^/]+(?=\/demo-idp\/)/;

/**
 * Points the providers of the organisations that use the demo ones at `base` (the demo's settings say
 * http://127.0.0.1:8080, a server may listen elsewhere), as a new settings version saved by 'demo';
 * gives a demo OpenID client a secret when it has none. Answers the organisations changed.
 */
export async function pointDemoSsoAt(deps: { db: Db; orgCache: OrgCache }, base: string): Promise<string[]> {
  const changed: string[] = [];
  for (const org of await listOrganizations(deps.db)) {
    const providers = org.settings.ssoProviders;
    if (!providers.some((provider) => [provider.issuer, provider.entityId, provider.ssoUrl].some((url) => url && DEMO_ADDRESS.test(url)))) continue;
    const moved = (url: string | undefined) => (url && DEMO_ADDRESS.test(url) ? url.replace(DEMO_ADDRESS, base) : url);
    const repointed = providers.map((provider) => ({
      ...provider, issuer: moved(provider.issuer), entityId: moved(provider.entityId), ssoUrl: moved(provider.ssoUrl), sloUrl: moved(provider.sloUrl),
    }));
    for (const provider of repointed) {
      if (provider.protocol === 'oidc' && provider.issuer === demoIssuer(base) && !(await findClientSecret(deps.db, org.orgId, provider.id))) {
        await storeClientSecret(deps.db, org.orgId, provider.id, newToken());
      }
    }
    if (JSON.stringify(repointed) === JSON.stringify(providers)) continue;
    const stored = await readSettings(deps.db, org.orgId);
    if (!stored.ok) continue;
    const settings = { ...stored.settings, ssoProviders: repointed };
    const saved = await saveSettings(deps, org.orgId, settings, stored.settingsVersion, 'demo');
    if (saved.ok) changed.push(org.orgId);
  }
  return changed;
}
