/**
 * The demo-mode calls (not calls of §7), typed: `GET /rest/demo/organizations` (the root page) and
 * `GET /rest/demo/mails?orgId` (the demo mailbox) and `GET /rest/demo/deliveries?orgId` (its delivery outbox).
 */
import type { DemoDeliveries, DemoMails, DemoOrganizations } from '../../schemas/api/demo.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { DemoDeliveries, DemoMails, DemoOrganizations };

export function demoOrganizations(signal?: AbortSignal) {
  return api.get<DemoOrganizations>(paths.demoOrganizations, { signal });
}

export function demoMails(orgId: string, signal?: AbortSignal) {
  return api.get<DemoMails>(paths.demoMails, { query: { orgId }, signal });
}

export function demoDeliveries(orgId: string, signal?: AbortSignal) {
  return api.get<DemoDeliveries>(paths.demoDeliveries, { query: { orgId }, signal });
}
