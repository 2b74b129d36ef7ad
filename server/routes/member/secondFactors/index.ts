/**
 * The member's sign-in security (issue 15, beyond the spec; schemas/api/secondFactors.ts), their own
 * only (the member scope's hook has proven `contactId` to be the session's contact and checked the
 * CSRF token of every change): the authenticator app, passkeys and recovery codes. The rules are
 * services/secondFactors.ts; every answer is `no-store` (secrets and recovery codes among them). Every
 * change but a passkey's new name needs a recent sign-in (`recentSignIn`, services/secondFactors.ts).
 */
import { answers } from '../../../../schemas/api/common.ts';
import { MemberParams } from '../../../../schemas/api/profile.ts';
import {
  CodeBody, PasskeyAddedAnswer, PasskeyOptionsAnswer, PasskeyParams, PasskeyRegistrationBody, PasskeyRenameBody, RecoveryCodesAnswer,
  SecondFactorsAnswer, SecondFactorStatus, TotpSetupAnswer,
} from '../../../../schemas/api/secondFactors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer, refused } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { relyingParty } from '../../../http/relyingParty.ts';
import {
  confirmTotpSetup, finishPasskeyRegistration, listSecondFactors, removePasskey, removeTotp, renamePasskey, renewRecoveryCodes,
  staleSignInRefusal, startPasskeyRegistration, startTotpSetup,
} from '../../../services/secondFactors.ts';

/** Refuses a change when the member signed in too long ago (403 `secondFactor.signInAgain`). */
async function recentSignIn(request: FastifyRequest, reply: FastifyReply) {
  const refusal = staleSignInRefusal(request.memberSignedInAt);
  if (refusal) return refused(reply, refusal);
}

export default memberDomain('secondFactors', async (app, { db, publicUrl }) => {
  app.get('/secondFactors', { schema: { params: MemberParams, response: answers(SecondFactorsAnswer) }, onRequest: noStore },
    async (request, reply) => answer(reply, await listSecondFactors(db, request.org, request.memberContactId)));

  app.post('/secondFactors/totp/setup', { schema: { params: MemberParams, response: answers(TotpSetupAnswer) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await startTotpSetup(db, request.org, request.memberContactId)));

  app.post('/secondFactors/totp', { schema: { params: MemberParams, body: CodeBody, response: answers(RecoveryCodesAnswer) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await confirmTotpSetup(db, request.org, request.memberContactId, request.body.code)));

  app.delete('/secondFactors/totp', { schema: { params: MemberParams, response: answers(SecondFactorStatus) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await removeTotp(db, request.org, request.memberContactId)));

  app.post('/secondFactors/passkeys/options', { schema: { params: MemberParams, response: answers(PasskeyOptionsAnswer) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await startPasskeyRegistration(db, request.org, request.memberContactId, relyingParty(request, publicUrl))));

  app.post('/secondFactors/passkeys', { schema: { params: MemberParams, body: PasskeyRegistrationBody, response: answers(PasskeyAddedAnswer) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await finishPasskeyRegistration(
      db, request.org, request.memberContactId, relyingParty(request, publicUrl), request.body.credential, request.body.name,
    )));

  app.put('/secondFactors/passkeys/:passkeyId', { schema: { params: PasskeyParams, body: PasskeyRenameBody, response: answers(SecondFactorStatus) }, onRequest: noStore },
    async (request, reply) => answer(reply, await renamePasskey(db, request.org, request.memberContactId, request.params.passkeyId, request.body.name)));

  app.delete('/secondFactors/passkeys/:passkeyId', { schema: { params: PasskeyParams, response: answers(SecondFactorStatus) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await removePasskey(db, request.org, request.memberContactId, request.params.passkeyId)));

  app.post('/secondFactors/recoveryCodes', { schema: { params: MemberParams, response: answers(RecoveryCodesAnswer) }, onRequest: noStore, preHandler: recentSignIn },
    async (request, reply) => answer(reply, await renewRecoveryCodes(db, request.org, request.memberContactId)));
});
