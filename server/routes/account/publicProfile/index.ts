/**
 * §7 public-portal sign-up (§2 new-profile, the sign-up form's 'public' variant):
 * - `GET /mbr-portal/api/v1/getPublicProfile?token`: the §3 Public profile a portal token stands for.
 *   No token: 400 'token not found'; an unknown or expired one: 404 'Failed to get public user information'.
 * - `POST /mbr-portal/api/v1/register` (CSRF), JSON or eb-base64 JSON PublicRegisterPayload: an account
 *   without username or password (it signs in at the portal) made from the profile (services/signUp.ts,
 *   the same use case as signUp); the browser is signed in on a new session. One account per profile.
 *
 * The organisation is the one the token names (a token's hash is unique over every organisation),
 * so these routes declare none: the sign-up service checks it.
 */
import type { FastifyInstance } from 'fastify';
import type { PublicRegisterPayload } from '../../../../schemas/signUp/payload.ts';
import { answer } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { publicRegisterShape } from '../../../http/signUpShapes.ts';
import { findPublicProfile, signUp } from '../../../services/signUp.ts';

export default async function publicProfileRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get<{ Querystring: { token?: string } }>('/mbr-portal/api/v1/getPublicProfile', {
    schema: { querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await findPublicProfile(db, request.query.token), (result) => result.profile));

  app.post<{ Body: PublicRegisterPayload }>('/mbr-portal/api/v1/register', {
    schema: { body: publicRegisterShape },
    onRequest: noStore,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await signUp(db, { variant: 'public', payload: request.body, sessionLanguage: (await request.session.current())?.language ?? null });
    if (!result.ok) return answer(reply, result);
    const session = await request.session.signIn(reply, result.orgId, result.contactId);
    return { individualAccountId: result.contactId, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });
}
