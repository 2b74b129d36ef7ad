/**
 * §7 `POST /deleteAccount/{orgId}` (form `_method=DELETE` and the current `password`; status, errorCode):
 * services/accountDeletion.ts. The answer clears the cookies the portal stored for the organisation;
 * the receipt of what was removed is mailed after the deletion, never failing it (services/accountMails.ts).
 */
import { DeleteAccountAnswer, DeleteAccountBody, DeleteAccountParams, LoginRefusal } from '../../../../schemas/api/accounts.ts';
import { answers } from '../../../../schemas/api/common.ts';
import { refused } from '../../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { deleteOwnAccount } from '../../../services/accountDeletion.ts';
import { sendDeletionReceipt } from '../../../services/accountMails.ts';

/** Cookies the browser app keeps per organisation (§4 "Delete-account confirm clears stored cookies"). */
const ORG_COOKIES = ['entryFromPublicPortal', 'p_expired', 'accessKey', 'redirectModalShown'];

export default async function deleteAccountRoutes(app: RouteApp, { db, mailer }: RouteDeps) {
  app.post('/deleteAccount/:orgId', {
    // A wrong password is refused as a login is (one lock-out for every password check): FedRAMP's minutes included.
    schema: { params: DeleteAccountParams, body: DeleteAccountBody, response: answers(DeleteAccountAnswer, LoginRefusal) },
    // §7 deleteAccount answers `status: 'no'` on every refusal, the organisation's included.
    config: { org: 'path', orgRefusal: { status: 'no' }, hashes: true },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const orgId = request.org.orgId;
    const result = await deleteOwnAccount(db, request.org, request.orgData.featureFlags, await request.session.signedIn(orgId), request.body.password ?? '', request.ip);
    if (!result.ok) return refused(reply, result);
    for (const name of ORG_COOKIES) reply.clearCookie(name, { path: `/${orgId}` });
    if (result.receipt) await sendDeletionReceipt({ mailer, log: request.log }, request.org, result.receipt);
    return { status: 'yes' };
  });
}
