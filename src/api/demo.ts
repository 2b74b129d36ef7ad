/**
 * The demo-mode calls (not calls of §7), typed: `GET /rest/demo/organizations` (the root page) and
 * `GET /rest/demo/mails?orgId` (the demo mailbox).
 */
import type { DemoMail, DemoOrganization } from '../../schemas/demo.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export interface DemoOrganizations {
  organizations: DemoOrganization[];
  demoLogin: { username: string; password: string };
}

export interface DemoMails {
  mails: DemoMail[];
}

export function demoOrganizations(signal?: AbortSignal) {
  return api.get<DemoOrganizations>(paths.demoOrganizations, { signal });
}

export function demoMails(orgId: string, signal?: AbortSignal) {
  return api.get<DemoMails>(paths.demoMails, { query: { orgId }, signal });
}
