/**
 * Resolves the organisation of a request once (issue 8 item 2): a route declares where its orgId is
 * and what it needs in its `config`, e.g.
 *
 *   config: { org: 'query', selfService: true }               // refuses unknown, disabled, enableSSP false
 *   config: { org: { from: 'query', disabled: 'allow' } }     // the boot calls (see OrganizationNeeds)
 *
 * and finds the organisation as `request.org`, or the request is refused with the one answer of §8
 * (services/organizationAccess.ts): 404 `{errorCode: 'org.notFound'}` or 403
 * `{errorCode: 'ssp.page.deactivated'}`, plus the route's `orgRefusal` fields where §7 names a status
 * or message for the call (login's `status: 'failed'`, userInfo's message).
 *
 * The check runs after the route's own preHandlers (CSRF), as the routes did it before: a malformed
 * request is 400 and a forged one 403 whatever the organisation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Organization } from '../repositories/organizations.ts';
import type { OrgCache, OrganizationData } from '../services/orgCache.ts';
import { organizationRefusal, type OrganizationNeeds } from '../services/organizationAccess.ts';

/** Where a route's orgId is: the path (`:orgId`), the query string or the (form or JSON) body (`orgId`). */
export type OrgSource = 'path' | 'query' | 'body';

export type OrgDeclaration = OrgSource | ({ from: OrgSource } & Pick<OrganizationNeeds, 'disabled'>);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the orgId is, and whether a disabled organisation is let through (default: refused). */
    org?: OrgDeclaration;
    /** A self-service call (§2): refused while the organisation's enableSSP is false. */
    selfService?: boolean;
    /** Fields §7 names for this call, added to the organisation refusal's body. */
    orgRefusal?: Record<string, unknown>;
  }
  interface FastifyRequest {
    /** The organisation the route declared (config.org), resolved and allowed; only on such routes. */
    org: Organization;
    /** The same organisation's cached data: settings, feature flags, help tips, banner (services/orgCache.ts). */
    orgData: OrganizationData;
  }
}

function orgIdOf(request: FastifyRequest, from: OrgSource): unknown {
  const holder = from === 'path' ? request.params : from === 'query' ? request.query : request.body;
  return holder && typeof holder === 'object' ? (holder as { orgId?: unknown }).orgId : undefined;
}

/**
 * Finds the organisation `orgId` and sets `request.org`, or sends the refusal; answers whether the
 * request may go on. Shared with the member scope, which resolves the organisation earlier.
 */
export async function resolveOrganization(
  cache: OrgCache, request: FastifyRequest, reply: FastifyReply, orgId: unknown, needs: OrganizationNeeds, refusalFields: Record<string, unknown> = {},
): Promise<boolean> {
  // From memory (issue 10 item 4): a cached organisation costs no query.
  const data = typeof orgId === 'string' ? await cache.get(orgId) : null;
  const refusal = organizationRefusal(data?.organization ?? null, needs);
  if (refusal) {
    await reply.code(refusal.status).send({ ...refusalFields, ...refusal.body });
    return false;
  }
  request.org = data!.organization;
  request.orgData = data!;
  return true;
}

export default fp<{ cache: OrgCache }>(async function organization(app: FastifyInstance, { cache }) {
  app.decorateRequest('org', null as unknown as Organization);
  app.decorateRequest('orgData', null as unknown as OrganizationData);

  app.addHook('onRoute', (route) => {
    const declared = route.config?.org;
    if (!declared) return;
    const { from, disabled } = typeof declared === 'string' ? { from: declared, disabled: 'refuse' as const } : declared;
    const needs: OrganizationNeeds = { disabled, selfService: route.config?.selfService === true };
    const refusalFields = route.config?.orgRefusal ?? {};
    const resolve: preHandlerAsyncHookHandler = async function resolveOrg(request, reply) {
      // A route that answers its own validation errors (attachValidation) refuses a bad orgId itself.
      if (request.validationError) return;
      if (!(await resolveOrganization(cache, request, reply, orgIdOf(request, from), needs, refusalFields))) return reply;
    };
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, resolve];
  });
}, { name: 'organization' });
