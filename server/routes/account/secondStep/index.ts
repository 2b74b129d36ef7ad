/**
 * The second step of a sign-in and "Sign in with a passkey" (issue 15; schemas/api/secondFactors.ts):
 * `/{orgId}/signIn/pending…` finishes the sign-in a right password started, `/{orgId}/signIn/passkey…`
 * signs in with a passkey alone. The browser's HttpOnly SSPPENDING cookie (path `/{orgId}/signIn`)
 * names the pending sign-in; a finished one signs the browser in on a new session (new cookie, new
 * CSRF token) and the cookie is cleared. The rules are services/secondStep.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers } from '../../../../schemas/api/common.ts';
import {
  CodeBody, PasskeyOptionsAnswer, PasskeyRegistrationBody, PendingSignInAnswer, SecondStepPasskeyBody, SecondStepRefusal, SignedInAnswer, SignInParams,
  TotpSetupAnswer,
} from '../../../../schemas/api/secondFactors.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import { relyingParty } from '../../../http/relyingParty.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import {
  enrolPasskey, enrolPasskeyOptions, enrolTotpConfirm, enrolTotpSetup, finishPasskeySignIn, PENDING_COOKIE, pendingCookiePath, pendingSignInState,
  secondStepPasskeyOptions, startPasskeySignIn, verifySecondStepCode, verifySecondStepPasskey, type SecondStepResult,
} from '../../../services/secondStep.ts';

export default async function secondStepRoutes(app: RouteApp, { db, metrics, publicUrl }: RouteDeps) {
  const config = { org: 'path', selfService: true, orgRefusal: { status: 'failed' } } as const;
  const token = (request: FastifyRequest) => request.cookies[PENDING_COOKIE];
  const rp = (request: FastifyRequest) => relyingParty(request, publicUrl);

  /** A finished second step signs the browser in on a new session; the pending cookie goes. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, result: SecondStepResult) {
    metrics.loginOutcome(result.ok ? 'success' : outcomeOf(result.body));
    if (!result.ok) return refused(reply, result);
    const orgId = request.org.orgId;
    const session = await request.session.signIn(reply, orgId, result.contactId);
    reply.clearCookie(PENDING_COOKIE, { path: pendingCookiePath(orgId) });
    return {
      status: '1', redirect: `/${orgId}/home`, CSRF_TOKEN_FOR_SESSION: session.csrfToken,
      ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
    };
  }

  const signedInAnswers = answers(SignedInAnswer, SecondStepRefusal);

  app.get('/:orgId/signIn/pending', {
    schema: { params: SignInParams, response: answers(PendingSignInAnswer, SecondStepRefusal) }, config, onRequest: noStore,
  }, async (request, reply) => answer(reply, await pendingSignInState(db, request.org, token(request))));

  app.post('/:orgId/signIn/pending/code', { schema: { params: SignInParams, body: CodeBody, response: signedInAnswers }, config, preHandler: app.requireCsrf },
    async (request, reply) => signedIn(request, reply, await verifySecondStepCode(db, request.org, token(request), request.body.code, request.ip)));

  app.post('/:orgId/signIn/pending/passkey/options', {
    schema: { params: SignInParams, response: answers(PasskeyOptionsAnswer, SecondStepRefusal) }, config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await secondStepPasskeyOptions(db, request.org, token(request), rp(request))));

  app.post('/:orgId/signIn/pending/passkey', { schema: { params: SignInParams, body: SecondStepPasskeyBody, response: signedInAnswers }, config, preHandler: app.requireCsrf },
    async (request, reply) => signedIn(request, reply, await verifySecondStepPasskey(db, request.org, token(request), rp(request), request.body.credential, request.ip)));

  // Enrolment where the organisation requires a second factor and the member has none.
  app.post('/:orgId/signIn/pending/totp/setup', {
    schema: { params: SignInParams, response: answers(TotpSetupAnswer, SecondStepRefusal) }, config, preHandler: app.requireCsrf, onRequest: noStore,
  }, async (request, reply) => answer(reply, await enrolTotpSetup(db, request.org, token(request))));

  app.post('/:orgId/signIn/pending/totp', { schema: { params: SignInParams, body: CodeBody, response: signedInAnswers }, config, preHandler: app.requireCsrf },
    async (request, reply) => signedIn(request, reply, await enrolTotpConfirm(db, request.org, token(request), request.body.code)));

  app.post('/:orgId/signIn/pending/passkeys/options', {
    schema: { params: SignInParams, response: answers(PasskeyOptionsAnswer, SecondStepRefusal) }, config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await enrolPasskeyOptions(db, request.org, token(request), rp(request))));

  app.post('/:orgId/signIn/pending/passkeys', { schema: { params: SignInParams, body: PasskeyRegistrationBody, response: signedInAnswers }, config, preHandler: app.requireCsrf },
    async (request, reply) => signedIn(request, reply, await enrolPasskey(db, request.org, token(request), rp(request), request.body.credential, request.body.name)));

  // "Sign in with a passkey": a pending sign-in for nobody yet, whose cookie the answer must come with.
  app.post('/:orgId/signIn/passkey/options', {
    schema: { params: SignInParams, response: answers(PasskeyOptionsAnswer, SecondStepRefusal) }, config, preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await startPasskeySignIn(db, request.org, rp(request));
    if (!result.ok) return refused(reply, result);
    reply.setCookie(PENDING_COOKIE, result.token, {
      path: pendingCookiePath(request.org.orgId), httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https',
      expires: result.expiresAt,
    });
    return { options: result.options, origin: result.origin };
  });

  app.post('/:orgId/signIn/passkey', { schema: { params: SignInParams, body: SecondStepPasskeyBody, response: signedInAnswers }, config, preHandler: app.requireCsrf },
    async (request, reply) => signedIn(request, reply, await finishPasskeySignIn(db, request.org, token(request), rp(request), request.body.credential, request.ip)));
}

/** How a refused second step counts in the login metrics. */
function outcomeOf(body: object) {
  switch ((body as { errorCode?: unknown }).errorCode) {
    case 'ssp.request.account.locked.fedRamp': return 'locked' as const;
    case 'login.throttled': return 'throttled' as const;
    case 'secondFactor.codeInvalid': case 'secondFactor.codeUsed': case 'passkey.invalid': case 'passkey.unknown': return 'wrong' as const;
    default: return 'refused' as const;
  }
}
