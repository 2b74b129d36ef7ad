/**
 * §7 test-notification calls, the member's own (the member scope's hook has proven `contactId` to be
 * the session's contact and checked the CSRF token of the send):
 * - `GET /{orgId}/{contactId}/testNotification/permission`: may the member send one now, to which
 *   paths, through which captcha;
 * - `GET /{orgId}/{contactId}/testNotification/challenge`: a new ALTCHA challenge (the widget's `challenge` address);
 * - `POST /{orgId}/{contactId}/testNotification?language` (form `g-recaptcha-response`, `pathId`): `{success, message}`.
 * services/testNotification.ts does the work.
 */
import { answers } from '../../../../schemas/api/common.ts';
import { MemberParams } from '../../../../schemas/api/profile.ts';
import {
  AltchaChallengeAnswer, TestNotificationAnswer, TestNotificationBody, TestNotificationPermissionAnswer, TestNotificationQuery, TestNotificationRefusal,
} from '../../../../schemas/api/testNotification.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { createTestNotificationChallenge, readTestNotificationPermission, sendTestNotification } from '../../../services/testNotification.ts';

export default memberDomain('testNotification', async (app, deps) => {
  app.get('/testNotification/permission', {
    schema: { params: MemberParams, response: answers(TestNotificationPermissionAnswer) },
    onRequest: noStore,
  }, async (request, reply) => {
    const challengeUrl = `/${encodeURIComponent(request.org.orgId)}/${request.memberContactId}/testNotification/challenge`;
    return answer(reply, await readTestNotificationPermission(deps, request.org, request.memberContactId, challengeUrl));
  });

  app.get('/testNotification/challenge', {
    schema: { params: MemberParams, response: answers(AltchaChallengeAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await createTestNotificationChallenge(deps, request.org, request.memberContactId)));

  app.post('/testNotification', {
    schema: { params: MemberParams, querystring: TestNotificationQuery, body: TestNotificationBody, response: answers(TestNotificationAnswer, TestNotificationRefusal) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await sendTestNotification({ ...deps, log: request.log }, request.org, request.memberContactId, {
    pathId: Number(request.body.pathId),
    captchaSolution: request.body['g-recaptcha-response'],
    language: request.query.language,
    remoteIp: request.ip,
  })));
});
