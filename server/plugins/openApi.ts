/**
 * The OpenAPI document of the portal's API (issue 10 item 8), generated from every route's Fastify
 * schema by @fastify/swagger: served at `/docs/json` (and `/docs/yaml`), with Swagger UI at `/docs`.
 * It documents what the organisation's own systems may call, so it is public and read-only, like
 * the calls it describes; it holds no organisation's data.
 *
 * - Registered before any route, so every route is captured (swagger keeps each route's options as
 *   they are registered and builds the document on the first request for it).
 * - Each scope's routes are tagged with the scope (`documentedScope` below, used by app.ts) and carry
 *   the security the scope enforces: the member session, the administrator's session, and the
 *   X-CSRF-TOKEN of writes. Routes declare nothing for the document.
 * - The document is OpenAPI 3.1, whose Schema Object is JSON Schema 2020-12: the typebox schemas of
 *   schemas/api/ go in as Fastify validates them (typebox's `~kind` marker is a symbol-like key JSON
 *   never writes; swagger writes `const` as a one-value `enum`; a tuple, which typebox writes as
 *   draft 7 does, `items: [...]`, is written as 2020-12's `prefixItems`). tests/api/openapi.test.ts
 *   checks the document against the specification's rules.
 * - Swagger UI's page loads only its own files (no inline script), so it runs under the app's
 *   Content-Security-Policy (plugins/securityHeaders.ts) as it is: nothing is added for the viewer.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './session.ts';
import { ADMIN_COOKIE } from '../services/admins.ts';

/** Where the viewer is; the document is `${DOCS_PREFIX}/json`. Not under an organisation's path. */
export const DOCS_PREFIX = '/docs';

/** The scopes of server/routes/, each a tag of the document. */
export type ScopeTag = 'public' | 'account' | 'member' | 'admin' | 'publishing' | 'demo';

const TAGS: { name: ScopeTag; description: string }[] = [
  { name: 'public', description: "Calls anyone may make, signed in or not: health, boot, feature flags, catalogues and language, help tips, banner, legal pages; notifications, weather alerts, FAQ and overview (a private organisation's notifications and weather alerts only for its members)." },
  { name: 'account', description: "A visitor's own account: sign in and out, sign up, recover, change the password, delete the account. Writes carry the X-CSRF-TOKEN; the calls about the signed-in member (password change, account deletion) read its SSPSESSION cookie." },
  { name: 'member', description: "`/{orgId}/{contactId}/…`: only the signed-in member's own contact (403 `member.notSelf` otherwise); writes carry the session's X-CSRF-TOKEN." },
  { name: 'admin', description: "The admin API (`/admin/api/…`): an administrator's session; writes carry its X-CSRF-TOKEN." },
  { name: 'publishing', description: "The publishing API (`/api/v1/{orgId}/…`): the organisation's notification service puts its notifications, weather alerts, FAQ and overview on the portal. `Authorization: Bearer {key}` with a key made on the admin page for that organisation (401 `publishing.unauthorized` otherwise); no cookie, no CSRF token. HTML is sanitised on the way in." },
  { name: 'demo', description: "Demo mode's helpers (the organisation list, the demo mailbox): answered and documented only in demo mode." },
];

/** The security schemes the scopes enforce, by the names `securityOf` uses. */
const SECURITY_SCHEMES = {
  memberSession: {
    type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
    description: 'The browser session (HttpOnly, SameSite=Lax), set by a sign-in, a sign-up, an access key or a chosen language.',
  },
  csrfToken: {
    type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN',
    description: "Required on state-changing calls: the session's token (`CSRF_TOKEN_FOR_SESSION` of a sign-in), or a visitor's from `GET /rest/init/csrf` with the SSPCSRF cookie it sets; for the admin API, the administrator session's token (the admin login form's token from `GET /admin/api/login` with its SSPADMINLOGIN cookie).",
  },
  adminSession: {
    type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE,
    description: "An administrator's session, set by `POST /admin/api/login`.",
  },
  publishingKey: {
    type: 'http', scheme: 'bearer',
    description: "A publishing key of the organisation (`mpk_…`), made on the admin page and shown once.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, []>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a route of `scope` requires, as the scope's hook (routes/<scope>/index.ts) and the route's own
 * CSRF preHandler enforce it; undefined for a call that needs nothing.
 */
function securityOf(scope: ScopeTag, route: RouteOptions, requireCsrf: FastifyInstance['requireCsrf']): SecurityRequirement[] | undefined {
  const writes = [route.method].flat().some((method) => !SAFE_METHODS.has(method));
  const csrf = writes ? { csrfToken: [] as [] } : {};
  switch (scope) {
    case 'member': return [{ memberSession: [], ...csrf }];
    case 'admin':
      // The administrator's sign-in: its POST checks the login form's token itself.
      if (route.config?.adminGuard === 'none') return writes ? [csrf] : undefined;
      return [{ adminSession: [], ...csrf }];
    case 'publishing': return [{ publishingKey: [] }];
    default: return [route.preHandler].flat().some((handler) => handler === requireCsrf) ? [{ csrfToken: [] }] : undefined;
  }
}

/**
 * A route scope whose routes are tagged `tag` in the document, with the security the scope enforces;
 * `hidden` leaves them out (the demo scope outside demo mode, where every call answers 404).
 */
export function documentedScope<Options extends FastifyPluginOptions>(tag: ScopeTag, scope: FastifyPluginAsync<Options>, { hidden = false } = {}): FastifyPluginAsync<Options> {
  return async function documented(app, options) {
    app.addHook('onRoute', (route) => {
      const security = securityOf(tag, route, app.requireCsrf);
      route.schema = { ...route.schema, tags: [tag], ...(security ? { security } : {}), ...(hidden ? { hide: true } : {}) };
    });
    await scope(app, options);
  };
}

/** What each class of answer means, for the answers whose schema gives no description. */
const ANSWER_DESCRIPTIONS: Record<string, string> = {
  '2': 'Answered.',
  '3': 'Redirected (no body).',
  '4': 'Refused (§8): an `errorCode` message key, and `errors` when fields were refused.',
  '5': 'Failed or unavailable (§8): `server.error`, `service.busy` or `service.unavailable` with Retry-After.',
};

/** Replaces swagger's "Default Response" with what the status class means (§8). */
function describeAnswers(document: OpenApiDocument): void {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') answer.description = ANSWER_DESCRIPTIONS[status[0]!] ?? 'Answered.';
      }
    }
  }
}

/**
 * `value` with every tuple of draft 7 (`items: [a, b]`, `additionalItems`), as typebox writes
 * `Type.Tuple` and Fastify's draft-7 ajv validates it, written as JSON Schema 2020-12 says it
 * (`prefixItems: [a, b]`, `items: false` for no more): the validator keeps its schemas, the
 * document gets its own copy.
 */
function tuplesAs2020(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tuplesAs2020);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(value)) copy[key] = tuplesAs2020(sub);
  if (copy.type === 'array' && Array.isArray(copy.items)) {
    const { items, additionalItems, ...rest } = copy;
    return { ...rest, prefixItems: items, ...(additionalItems === undefined || additionalItems === true ? {} : { items: additionalItems }) };
  }
  return copy;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
}

export interface OpenApiOptions {
  serverVersion: string;
}

export default fp<OpenApiOptions>(async function openApi(app: FastifyInstance, { serverVersion }: OpenApiOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Member self-service portal API',
        version: serverVersion,
        description: "The calls of the member self-service portal (the portal specification's §7), grouped by who may call them. Refusals answer 4xx with an `errorCode` message key (§8).",
      },
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject as OpenApiDocument;
      if (document.paths) document.paths = tuplesAs2020(document.paths) as OpenApiDocument['paths'];
      describeAnswers(document);
      return document as typeof documentObject.openapiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to validator.swagger.io: the page talks to this server only (connect-src 'self').
    validatorUrl: false,
    // The scopes closed until one is opened: Swagger UI stops drawing once about 135 operations are
    // open at once (the document has more since issue 15), and a reader wants one scope at a time.
    uiConfig: { docExpansion: 'none' },
  });
}, { name: 'openApi', dependencies: ['securityHeaders', 'session'] });
