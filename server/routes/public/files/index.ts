/**
 * Documents for visitors and members (issue 14, schemas/api/documents.ts): the files library's list,
 * and the downloads of §7: `/rest/files/download/{id}`, `/download/image/{fileId}` (inline, images
 * only) and `/download/attachment/{fileId}/{1|3}`. Every download answers `nosniff` and a CSP that
 * lets the file run nothing if it is opened in the browser; all but the inline image are
 * `Content-Disposition: attachment` under a §9-safe name. Who may download: services/documents.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers, media, refusals } from '../../../../schemas/api/common.ts';
import {
  AttachmentParams, DocumentBytes, DownloadParams, DownloadQuery, ImageParams, PublicDocuments, PublicDocumentsQuery,
} from '../../../../schemas/api/documents.ts';
import { safeFileName } from '../../../../schemas/rules/fileNames.ts';
import { answer } from '../../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { resolveOrganization } from '../../../plugins/organization.ts';
import { documentBytes, findDocument } from '../../../repositories/documents.ts';
import { IMAGE_TYPES, mayDownload, publicDocuments } from '../../../services/documents.ts';
import { organizationRefusal } from '../../../services/organizationAccess.ts';

const NOT_FOUND = { errorCode: 'document.notFound' };

export default async function fileRoutes(app: RouteApp, { db, orgCache }: RouteDeps) {
  app.get('/rest/files/public-documents', {
    schema: { querystring: PublicDocumentsQuery, response: answers(PublicDocuments) },
  }, async (request, reply) => {
    if (!(await resolveOrganization(orgCache, request, reply, request.query.organizationId, { disabled: 'refuse', selfService: false }))) return reply;
    reply.header('cache-control', 'public, max-age=0, s-maxage=60');
    return answer(reply, await publicDocuments(db, request.org, request.query));
  });

  /**
   * Sends the document `fileId` (of `orgId` when the address names one) if the caller may have it;
   * 404 `document.notFound` otherwise (the same answer for one that exists elsewhere, or that the
   * caller may not see, so that an answer tells nothing about other organisations' files).
   */
  async function send(request: FastifyRequest, reply: FastifyReply, fileId: string, how: { orgId?: string; inline?: boolean; imageOnly?: boolean }) {
    const document = await findDocument(db, fileId);
    if (!document || document.documentType !== 'file' || (how.orgId !== undefined && document.orgId !== how.orgId)) return reply.code(404).send(NOT_FOUND);
    if (how.imageOnly && !IMAGE_TYPES.has(document.contentType)) return reply.code(404).send(NOT_FOUND);
    const org = (await orgCache.get(document.orgId))?.organization ?? null;
    if (!org || organizationRefusal(org, {})) return reply.code(404).send(NOT_FOUND);
    if (!(await mayDownload(db, org, document, () => request.session.contactId(org.orgId)))) return reply.code(404).send(NOT_FOUND);
    const bytes = await documentBytes(db, document.orgId, document.fileId);
    if (!bytes) return reply.code(404).send(NOT_FOUND);
    const name = safeFileName(document.originalFileName || document.name);
    return reply
      .type(document.contentType)
      .header('content-disposition', `${how.inline ? 'inline' : 'attachment'}; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', org.settings.isPublic || document.public ? 'public, max-age=0, s-maxage=300' : 'private, max-age=0')
      .send(bytes);
  }

  app.get('/rest/files/download/:id', {
    schema: { params: DownloadParams, querystring: DownloadQuery, response: { 200: media('application/octet-stream', DocumentBytes), ...refusals() } },
  }, async (request, reply) => send(request, reply, request.params.id, { orgId: request.query.organizationId }));

  app.get('/download/image/:fileId', {
    schema: { params: ImageParams, response: { 200: media('image/*', DocumentBytes), ...refusals() } },
  }, async (request, reply) => send(request, reply, request.params.fileId, { inline: true, imageOnly: true }));

  app.get('/download/attachment/:fileId/:kind', {
    schema: { params: AttachmentParams, response: { 200: media('application/octet-stream', DocumentBytes), ...refusals() } },
  }, async (request, reply) => send(request, reply, request.params.fileId, { imageOnly: request.params.kind === '1' }));
}
