/**
 * What an administrator needs to connect an identity provider (issue 15; README "Single sign-on"):
 * the portal's addresses for each provider, and the OpenID client secret, which is kept apart from the
 * settings (every browser reads those) and never shown again once set.
 */
import type { SsoSetup } from '../../../schemas/api/sso.ts';
import type { Db } from '../../db/client.ts';
import type { Organization } from '../../repositories/organizations.ts';
import { listClientSecrets, storeClientSecret } from '../../repositories/sso.ts';
import { refuse, type Refusal } from '../results.ts';
import { forgetOidcConfigurations } from './oidc.ts';
import { providerAddresses } from './providers.ts';

export async function ssoSetup(db: Db, base: string, org: Organization): Promise<{ ok: true } & SsoSetup> {
  const secrets = new Map((await listClientSecrets(db, org.orgId)).map((row) => [row.providerId, row.updatedAt.toISOString()]));
  return {
    ok: true,
    data: org.settings.ssoProviders.map((provider) => {
      const at = providerAddresses(base, org.orgId, provider.id);
      const addresses = provider.protocol === 'saml'
        ? [{ kind: 'metadata', url: at.samlEntityId }, { kind: 'acs', url: at.samlAcs }, { kind: 'slo', url: at.samlSlo }]
        : [{ kind: 'redirectUri', url: at.oidcCallback }, { kind: 'postLogout', url: at.loggedOut }];
      return { id: provider.id, name: provider.name, protocol: provider.protocol, addresses, secretSetAt: provider.protocol === 'oidc' ? secrets.get(provider.id) ?? null : null };
    }),
  };
}

/** Sets an OpenID provider's client secret (404 `sso.provider` for a provider the saved settings do not have as OpenID). */
export async function setClientSecret(db: Db, org: Organization, providerId: string, secret: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  const provider = org.settings.ssoProviders.find((candidate) => candidate.id === providerId);
  if (provider?.protocol !== 'oidc') return refuse(404, { errorCode: 'sso.provider' });
  await storeClientSecret(db, org.orgId, providerId, secret);
  // The next sign-in discovers the provider anew with the new secret.
  forgetOidcConfigurations();
  return { ok: true, status: 'ok' };
}
