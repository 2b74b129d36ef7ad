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
import { answers } from '../../../../schemas/api/common.ts';
import { PublicProfile, PublicProfileQuery, PublicRegisterPayload, RegisterAnswer } from '../../../../schemas/api/publicProfile.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { sendWelcome } from '../../../services/accountMails.ts';
import { sendCodesToNewAccount } from '../../../services/pathConfirmation.ts';
import { findPublicProfile, signUp } from '../../../services/signUp.ts';

export default async function publicProfileRoutes(app: RouteApp, { db, orgCache, mailer, delivery, publicUrl }: RouteDeps) {
  app.get('/mbr-portal/api/v1/getPublicProfile', {
    schema: { querystring: PublicProfileQuery, response: answers(PublicProfile) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await findPublicProfile({ db, orgCache }, request.query.token), (result) => result.profile));

  app.post('/mbr-portal/api/v1/register', {
    schema: { body: PublicRegisterPayload, response: answers(RegisterAnswer) },
    config: { hashes: true },
    onRequest: noStore,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await signUp({ db, orgCache }, { variant: 'public', payload: request.body, sessionLanguage: (await request.session.current())?.language ?? null });
    if (!result.ok) return refused(reply, result);
    const session = await request.session.signIn(reply, result.orgId, result.contactId);
    const org = (await orgCache.get(result.orgId))?.organization;
    if (org) {
      await sendWelcome({ db, mailer, log: request.log }, org, result.contactId, portalUrl(request, publicUrl));
      // Confirmed contact paths (issue 12): the new account's e-mail, SMS and voice paths get their codes.
      await sendCodesToNewAccount({ db, delivery, log: request.log }, org, result.contactId);
    }
    return { individualAccountId: result.contactId, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });
}
