/**
 * §7 deleteAccount: a signed-in member of a public organisation deletes their own account when the
 * organisation allows it (§2 "delete-account button for public organisations (when feature flag
 * cme_mbr_delelteButton on …)"). The contact and everything of theirs goes (the tenant tables cascade
 * from contacts), the session's sign-in with it. Every refusal carries §7's `status: 'no'`.
 *
 * A session alone does not delete (issue 9 row 16): the member gives their current password, checked
 * through the one throttle and lock-out of every password check (passwordAttempts.ts), so a
 * session or an access key someone else holds cannot end the account, and deletion is no password
 * oracle. A public-portal account has no password here (it signs in at the portal, or by access
 * key): it deletes only within RECENT_SIGN_IN_MS of signing in (services/recentSignIn.ts), and is
 * otherwise asked to sign in again.
 */
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { deleteContact, findContact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import type { DeletionReceipt } from './accountMails.ts';
import { exportMemberData } from './dataExport.ts';
import { claimPasswordCheck } from './passwordAttempts.ts';
import { verifyPassword } from './passwords.ts';
import { isRecentSignIn } from './recentSignIn.ts';
import { refuse, refuseField, type Refusal } from './results.ts';

const NO = { status: 'no' } as const;

/** A refusal of the shared password check (throttled, FedRAMP lock), answered with deleteAccount's `status: 'no'`. */
const saidNo = (refusal: Refusal): Refusal => ({ ...refusal, body: { ...refusal.body, ...NO } });

export async function deleteOwnAccount(
  db: Db, org: Organization, flags: FeatureFlags, signIn: { contactId: number; signedInAt: Date } | null, password: string, clientAddress: string,
): Promise<{ ok: true; receipt: DeletionReceipt | null } | Refusal> {
  if (signIn === null) return refuse(401, { ...NO, errorCode: 'session.signInRequired' });
  if (!org.settings.isPublic || !flags.cme_mbr_delelteButton) return refuse(403, { ...NO, errorCode: 'ssp.account.delete.notAllowed' });
  const contact = await findContact(db, org.orgId, signIn.contactId);
  if (!contact) return refuse(401, { ...NO, errorCode: 'session.signInRequired' });

  if (contact.passwordHash === null || contact.username === null) {
    if (!isRecentSignIn(signIn.signedInAt)) return refuse(403, { ...NO, errorCode: 'ssp.account.delete.signInAgain' });
  } else {
    // A missing password is not a guess: refused without counting an attempt.
    if (password === '') return refuseField('/password', 'login.password.required', NO);
    const attempt = await claimPasswordCheck(db, org, contact.username, clientAddress);
    if (!attempt.ok) return saidNo(attempt);
    if (!(await verifyPassword(contact.passwordHash, password))) {
      const locked = attempt.failed();
      return locked ? saidNo(locked) : refuseField('/password', 'ssp.password.current.invalid', NO, 403);
    }
    await attempt.succeeded();
  }
  const kept = await exportMemberData(db, org, contact.contactId);
  await deleteContact(db, org.orgId, contact.contactId);
  if (!kept.ok || !contact.email) return { ok: true, receipt: null };
  return {
    ok: true,
    receipt: {
      to: contact.email, firstName: contact.firstName, username: contact.username, deletedAt: new Date(),
      removed: {
        contactPaths: kept.contactPaths.length,
        quietTimes: kept.contactPaths.reduce((sum, path) => sum + path.quietTimes.length, 0),
        locations: kept.locations.length,
        customFields: kept.customFields.length,
        signIns: kept.signIns.open.length,
        accessKeys: kept.accessKeys.length,
        deliveries: kept.deliveriesTotal,
      },
    },
  };
}
