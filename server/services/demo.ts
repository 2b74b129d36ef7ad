/** Demo mode's helpers (not calls of §7): the organisations the root page lists and the demo mailbox. */
import type { DemoDelivery, DemoMail, DemoOrganization } from '../../schemas/demo.ts';
import type { Db } from '../db/client.ts';
import { findNewestDeliveries } from '../repositories/deliveryOutbox.ts';
import { findNewestMails } from '../repositories/mailOutbox.ts';
import { listOrganizations, type Organization } from '../repositories/organizations.ts';
import { loadDemoOrgs } from './demoSeed.ts';

/** The answer of every demo call when DEMO is off (and of the mailbox when mails leave through SMTP). */
export const DEMO_OFF = { errorCode: 'demo.off' } as const;

/** How many mails the demo mailbox lists per organisation (the newest). */
export const DEMO_MAILS_LIMIT = 50;
/** How many delivery attempts it lists per organisation (the newest). */
export const DEMO_DELIVERIES_LIMIT = 50;

export async function demoOrganizations(db: Db): Promise<{ organizations: DemoOrganization[]; demoLogin: { username: string; password: string } }> {
  const descriptions = new Map((await loadDemoOrgs()).map((o) => [o.orgId, o.description]));
  const organizations = (await listOrganizations(db)).map((org) => ({
    orgId: org.orgId,
    orgName: org.settings.orgName,
    description: descriptions.get(org.orgId) ?? '',
  }));
  return { organizations, demoLogin: { username: 'demo.member', password: 'Demo!Member2026' } };
}

export async function demoMails(db: Db, org: Organization): Promise<{ mails: DemoMail[] }> {
  const rows = await findNewestMails(db, org.orgId, DEMO_MAILS_LIMIT);
  return {
    mails: rows.map((row) => ({
      mailId: row.mailId,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The newest delivery attempts of an organisation (services/delivery/): the outbox entries (`queued`,
 * with the address and text no adapter took) and, masked and without their text, what went out or failed.
 */
export async function demoDeliveries(db: Db, org: Organization): Promise<{ deliveries: DemoDelivery[] }> {
  const rows = await findNewestDeliveries(db, org.orgId, DEMO_DELIVERIES_LIMIT);
  return {
    deliveries: rows.map((row) => ({
      deliveryId: row.deliveryId,
      pathType: row.pathType,
      recipient: row.recipient,
      recipientMasked: row.recipientMasked,
      kind: row.kind,
      adapter: row.adapter,
      outcome: row.outcome as DemoDelivery['outcome'],
      subject: row.subject,
      text: row.text,
      errorCode: row.errorCode,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
