/**
 * §7 `POST /{org}/changePassword/validatePassword` (form userName, password; truthy when the
 * password may be used) and `POST /{org}/changePassword` (form loginId, oldPassword, newPassword;
 * status '1', errorCode; without a session also expiredToken, from the login's status '-1' answer).
 * The rules are services/passwordChange.ts; a changed password ends every sign-in of the member and
 * starts a new session for this browser (issue 4 "rotated on login and on password change", issue 9 row 10).
 */
import {
  ChangePasswordAnswer, ChangePasswordBody, ChangePasswordParams, LoginRefusal, ValidatePasswordBody,
} from '../../../../schemas/api/accounts.ts';
import { answers, BooleanAnswer } from '../../../../schemas/api/common.ts';
import { refused } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { notifyPasswordChanged } from '../../../services/accountMails.ts';
import { changePassword, isPasswordUsable } from '../../../services/passwordChange.ts';

export default async function passwordRoutes(app: RouteApp, { db, mailer, publicUrl }: RouteDeps) {
  app.post('/:orgId/changePassword/validatePassword', {
    schema: { params: ChangePasswordParams, body: ValidatePasswordBody, response: answers(BooleanAnswer) },
    config: { org: 'path' },
    preHandler: app.requireCsrf,
  }, async (request) => isPasswordUsable(request.org, request.body.userName ?? '', request.body.password ?? ''));

  app.post('/:orgId/changePassword', {
    // Refused as a login is (one lock-out for every password check): FedRAMP's minutes included.
    schema: { params: ChangePasswordParams, body: ChangePasswordBody, response: answers(ChangePasswordAnswer, LoginRefusal) },
    config: { org: 'path', hashes: true },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const orgId = request.org.orgId;
    const signedIn = await request.session.contactId(orgId);
    const result = await changePassword(db, request.org, signedIn, request.body, request.ip);
    if (!result.ok) return refused(reply, result);
    if (result.outcome === 'timeout') return { status: 'timeout' };
    await notifyPasswordChanged({ db, mailer, log: request.log }, request.org, result.contactId, portalUrl(request, publicUrl));
    if (signedIn === null) return { status: '1' };
    const session = await request.session.signIn(reply, orgId, signedIn);
    return { status: '1', CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });
}
