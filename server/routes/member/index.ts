/**
 * The member scope: every `/{orgId}/{contactId}/…` call of §7 (profile, contact paths, addresses,
 * subscriptions, custom fields …). ARCHITECTURE.md "Security defaults": such a call is refused unless
 * that contact is the session's contact in that organisation. The rule is structural: the scope's
 * onRequest hook checks it for every route of every domain registered here, before the body is
 * read and before any handler runs, so a domain cannot forget it:
 *
 * 1. the organisation of the path, as a self-service call (plugins/organization.ts; 404 / 403 §8);
 * 2. the contactId of the path is the session's contact there, else 403 `member.notSelf`;
 * 3. a state-changing call carries the session's X-CSRF-TOKEN, else 403 `csrf.invalid`.
 *
 * A domain is a folder under server/routes/member/ whose index.ts default-exports
 * `memberDomain('name', async (app, deps) => { app.get('/profile', …) })` (http/memberDomain.ts): its paths are relative to
 * `/:orgId/:contactId`, and its handlers find `request.org` and `request.memberContactId`. List it
 * in MEMBER_DOMAINS below.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberDomain } from '../../http/memberDomain.ts';
import type { RouteDeps } from '../../http/routeDeps.ts';
import { resolveOrganization } from '../../plugins/organization.ts';
import addresses from './addresses/index.ts';
import customFields from './customFields/index.ts';
import dataExport from './export/index.ts';
import groupMemberships from './groupMemberships/index.ts';
import pathConfirmation from './pathConfirmation/index.ts';
import profile from './profile/index.ts';
import secondFactors from './secondFactors/index.ts';
import subscriptions from './subscriptions/index.ts';
import testNotification from './testNotification/index.ts';

/** Every member domain (a folder under server/routes/member/). */
export const MEMBER_DOMAINS: readonly MemberDomain[] = [profile, pathConfirmation, customFields, testNotification, groupMemberships, dataExport, addresses, subscriptions, secondFactors];

/** The prefix every member route is registered under. */
export const MEMBER_PREFIX = '/:orgId/:contactId';

const CONTACT_ID = /^[1-9][0-9]{0,9}$/;
const NOT_SELF = { errorCode: 'member.notSelf' } as const;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default async function memberScope(app: FastifyInstance, deps: RouteDeps & { domains?: readonly MemberDomain[] }) {
  app.decorateRequest('memberContactId', 0);
  app.decorateRequest('memberSignedInAt', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { orgId, contactId } = request.params as { orgId?: string; contactId?: string };
    if (!(await resolveOrganization(deps.orgCache, request, reply, orgId, { disabled: 'refuse', selfService: true }))) return reply;
    const signedIn = await request.session.signedIn(request.org.orgId);
    if (signedIn === null || !CONTACT_ID.test(contactId ?? '') || Number(contactId) !== signedIn.contactId) {
      return reply.code(403).send(NOT_SELF);
    }
    if (!SAFE_METHODS.has(request.method)) {
      await app.requireCsrf.call(app, request, reply);
      if (reply.sent) return reply;
    }
    request.memberContactId = signedIn.contactId;
    request.memberSignedInAt = signedIn.signedInAt;
  });

  for (const domain of deps.domains ?? MEMBER_DOMAINS) {
    await app.register(async (scope) => domain.routes(scope.withTypeProvider<TypeBoxTypeProvider>(), deps), { prefix: MEMBER_PREFIX });
  }
}
