/**
 * §7 deleteAccount: a signed-in member of a public organisation deletes their own account when the
 * organisation allows it (§2 "delete-account button for public organisations (when feature flag
 * cme_mbr_delelteButton on …)"). The contact and everything of theirs goes (the tenant tables cascade
 * from contacts), the session's sign-in with it. Every refusal carries §7's `status: 'no'`.
 */
import type { Db } from '../db/client.ts';
import { deleteContact } from '../repositories/contacts.ts';
import { findFeatureFlags } from '../repositories/featureFlags.ts';
import type { Organization } from '../repositories/organizations.ts';
import { refuse, type Refusal } from './results.ts';

export async function deleteOwnAccount(db: Db, org: Organization, signedInContactId: number | null): Promise<{ ok: true } | Refusal> {
  if (signedInContactId === null) return refuse(401, { status: 'no', errorCode: 'session.signInRequired' });
  const flags = await findFeatureFlags(db, org.orgId);
  if (!org.settings.isPublic || !flags.cme_mbr_delelteButton) return refuse(403, { status: 'no', errorCode: 'ssp.account.delete.notAllowed' });
  await deleteContact(db, org.orgId, signedInContactId);
  return { ok: true };
}
