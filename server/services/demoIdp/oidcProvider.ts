/**
 * The demo OpenID provider (issue 15): `oidc-provider`, a certified OpenID Connect implementation,
 * with the demo's people and its own sign-in page. Authorization code flow only, PKCE required,
 * RP-initiated logout. Its clients are the organisations' OpenID providers that name this issuer:
 * the client id of the settings, the secret the portal keeps for it (sso_client_secrets), the
 * portal's callback as the one redirect URI. State lives in this process (a bounded store): it is a
 * demo, behind one server.
 */
import { createPrivateKey, randomBytes } from 'node:crypto';
import Provider, { type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_IDP_KEY } from './samlIdp.ts';
import { demoIdpUserBySubject } from './users.ts';

/** A client the provider knows: what the portal's settings and secret say. */
export interface DemoOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** At most this many of the provider's records (sessions, codes, grants, tokens) are kept. */
const MAX_RECORDS = 2000;

/** oidc-provider's storage: one bounded map per process, oldest out first; clients come from `clients`. */
function adapterFactory(clients: (clientId: string) => Promise<DemoOidcClient | null>) {
  const records = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const put = (key: string, payload: AdapterPayload, expiresIn: number) => {
    records.delete(key);
    records.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    while (records.size > MAX_RECORDS) records.delete(records.keys().next().value!);
  };
  const get = (key: string) => {
    const record = records.get(key);
    if (!record) return undefined;
    if (record.expiresAt < Date.now()) {
      records.delete(key);
      return undefined;
    }
    return record.payload;
  };
  return class DemoAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      put(this.key(id), payload, expiresIn);
      if (payload.uid) put(`uid:${payload.uid}`, { id } as AdapterPayload, expiresIn);
      if (payload.grantId) put(`grant:${payload.grantId}:${this.key(id)}`, { id } as AdapterPayload, expiresIn);
    }
    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model !== 'Client') return get(this.key(id));
      const client = await clients(id);
      return client ? {
        client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri], grant_types: ['authorization_code'], response_types: ['code' as const],
        token_endpoint_auth_method: 'client_secret_basic',
      } : undefined;
    }
    async findByUid(uid: string) {
      const pointer = get(`uid:${uid}`) as { id?: string } | undefined;
      return pointer?.id ? get(this.key(pointer.id)) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      records.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of [...records.keys()]) {
        if (!key.startsWith(`grant:${grantId}:`)) continue;
        records.delete(key.slice(`grant:${grantId}:`.length));
        records.delete(key);
      }
    }
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The provider for `issuer` (`{portal}/demo-idp/oidc`), its interaction pages at `{path}/interaction/{uid}`
 * (routes/demo/identityProvider). `clients` finds a client by its id.
 */
export function demoOidcProvider(issuer: string, clients: (clientId: string) => Promise<DemoOidcClient | null>): Provider {
  const path = new URL(issuer).pathname;
  const jwk = { ...createPrivateKey(DEMO_IDP_KEY).export({ format: 'jwk' }), kid: 'demo-idp', alg: 'RS256', use: 'sig' };
  const configuration: Configuration = {
    adapter: adapterFactory(clients),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: async (_ctx, subject) => {
      const user = demoIdpUserBySubject(subject);
      if (!user) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject, email: user.email, email_verified: true, given_name: user.givenName, family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`, phone_number: user.phone, phone_number_verified: true, student_id: user.studentId,
        }),
      };
    },
    claims: {
      openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'student_id'], phone: ['phone_number', 'phone_number_verified'],
    },
    scopes: ['openid', 'email', 'profile', 'phone'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign out</title></head><body><main>
<h1>Sign out of State University ID?</h1>${form}<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button></main></body></html>`;
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><main><h1>You are signed out of State University ID.</h1></main></body></html>';
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${path}/interaction/${interaction.uid}` },
    // The portal is the university's own service: no consent page, the scopes it asks are granted.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile phone');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p></main></body></html>`;
    },
    ttl: { Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  };
  return new Provider(issuer, configuration);
}
