/**
 * Communications (issue 14, §3 Communication, schemas/api/comms.ts): published through the publishing
 * API (the message's HTML sanitised on the way in, its files the organisation's own), read at
 * `/comms/{commsId}` by whoever has the address: the id is 128 random bits, so the address is the
 * capability, as a "view this message in your browser" link is.
 */
import { randomBytes } from 'node:crypto';
import type { CommsAnswer, CommunicationBody } from '../../schemas/api/comms.ts';
import type { Db } from '../db/client.ts';
import { deleteCommunication, findCommunication, insertCommunication } from '../repositories/communications.ts';
import type { OrgCache } from './orgCache.ts';
import { attachmentFilesOf, unknownFiles } from './documents.ts';
import { organizationRefusal } from './organizationAccess.ts';
import { sanitizeAdminHtml } from './pageContent.ts';
import { refuse, type Refusal } from './results.ts';

export async function publishCommunication(
  db: Db, orgId: string, body: CommunicationBody, base: string, commsId = randomBytes(16).toString('base64url'),
): Promise<{ ok: true; commsId: string; url: string } | Refusal> {
  const attachmentFileIds = body.attachmentFileIds ?? [];
  const unknown = await unknownFiles(db, orgId, attachmentFileIds);
  if (unknown.length) return refuse(400, { errorCode: 'notification.attachmentUnknown', message: `unknown files: ${unknown.join(', ')}` });
  await insertCommunication(db, {
    orgId, commsId, title: body.title.trim(), message: body.message ? sanitizeAdminHtml(body.message) : '', textMessage: body.textMessage ?? '',
    priority: body.priority ?? 'NonPriority', sendDate: body.sendDate ? new Date(body.sendDate) : new Date(), attachmentFileIds,
  });
  return { ok: true, commsId, url: `${base}/comms/${commsId}` };
}

export async function withdrawCommunication(db: Db, orgId: string, commsId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteCommunication(db, orgId, commsId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'comms.notFound' });
}

/** §7 `GET /rest/comms/{commsId}`: 404 `comms.notFound` for none, or one of an organisation that is gone or disabled. */
export async function communicationOf(db: Db, cache: OrgCache, commsId: string): Promise<({ ok: true } & CommsAnswer) | Refusal> {
  const row = await findCommunication(db, commsId);
  const org = row ? (await cache.get(row.orgId))?.organization ?? null : null;
  if (!row || !org || organizationRefusal(org, {})) return refuse(404, { errorCode: 'comms.notFound' });
  return {
    ok: true,
    orgId: row.orgId,
    orgName: org.settings.orgName || row.orgId,
    commsId: row.commsId,
    title: row.title,
    message: row.message,
    textMessage: row.textMessage,
    attachmentFiles: await attachmentFilesOf(db, row.orgId, row.attachmentFileIds as string[]),
    sendDate: row.sendDate.getTime(),
    priority: row.priority as CommsAnswer['priority'],
    shareable: org.settings.isPublic && org.settings.showNotificationsToMemberPortalSocialSharing,
  };
}
