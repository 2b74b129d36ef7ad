/**
 * Documents (issue 14, §3 Public document): what the publishing API stores, what the files library
 * lists, and who may download what.
 *
 * - A file is taken only when its bytes are of a type on the allow-list (file-type reads the bytes;
 *   the name and the declared type are not believed), at most MAX_DOCUMENT_BYTES: PDF, the common
 *   images (no SVG: it can carry script), office documents, and plain text or CSV that is valid UTF-8.
 * - A document may be downloaded when it is public and the organisation shows its files library,
 *   when a communication shows it (services/communications.ts: its address is the capability), or
 *   when a notification the caller may read shows it (§6: a private organisation's only for members).
 */
import { randomBytes } from 'node:crypto';
import { MAX_DOCUMENT_BYTES, type PublicDocument, type PublicDocumentsQuery } from '../../schemas/api/documents.ts';
import type { AttachmentFile } from '../../schemas/api/publicContent.ts';
import type { Db } from '../db/client.ts';
import {
  deleteDocument, findDocuments, insertDocument, isAttached, pageOfPublicDocuments, type DocumentRow,
} from '../repositories/documents.ts';
import { isInCommunication } from '../repositories/communications.ts';
import { isInEventNotification } from '../repositories/events.ts';
import type { Organization } from '../repositories/organizations.ts';
import { contentRefusal } from './contentAccess.ts';
import { refuse, type Refusal } from './results.ts';

/** The types taken, by what file-type finds in the bytes. */
const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword', 'application/vnd.ms-excel', 'application/x-cfb',
]);

/** Text has no signature: taken by its name, when its bytes are UTF-8 without control characters beyond tab and line ends. */
const TEXT_TYPES: Readonly<Record<string, string>> = { txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8' };

export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const newFileId = () => randomBytes(12).toString('base64url');

async function contentTypeOf(bytes: Buffer, fileName: string): Promise<string | null> {
  // Loaded with the first upload, not at start (server/lazyModules.ts).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found) return ALLOWED_TYPES.has(found.mime) ? found.mime : null;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const textType = TEXT_TYPES[extension];
  if (!textType) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A replacement character means bytes that were not UTF-8; a control character, not a text file.
  const controlCharacter = [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 && character !== '\t' && character !== '\n' && character !== '\r';
  });
  return text.includes('\uFFFD') || controlCharacter ? null : textType;
}

/** Stores an uploaded file: its id, or the refusal (415 `document.typeNotAllowed`, 413 `document.tooLarge`, 400 `document.empty`). */
export async function storeFile(
  db: Db, orgId: string, upload: { name: string; fileName: string; bytes: Buffer; truncated: boolean; public: boolean }, fileId = newFileId(),
): Promise<{ ok: true; fileId: string; name: string } | Refusal> {
  if (upload.truncated || upload.bytes.length > MAX_DOCUMENT_BYTES) return refuse(413, { errorCode: 'document.tooLarge' });
  if (upload.bytes.length === 0) return refuse(400, { errorCode: 'document.empty' });
  const contentType = await contentTypeOf(upload.bytes, upload.fileName);
  if (!contentType) return refuse(415, { errorCode: 'document.typeNotAllowed' });
  const name = (upload.name.trim() || upload.fileName).slice(0, 200);
  await insertDocument(db, orgId, {
    fileId, name, documentType: 'file', originalFileName: upload.fileName.slice(0, 255), contentType, sizeBytes: upload.bytes.length,
    data: upload.bytes.toString('base64'), fileLink: null, public: upload.public,
  });
  return { ok: true, fileId, name };
}

export async function storeLink(db: Db, orgId: string, link: { name: string; fileLink: string; public?: boolean }, fileId = newFileId()) {
  await insertDocument(db, orgId, {
    fileId, name: link.name.trim(), documentType: 'Link', originalFileName: '', contentType: '', sizeBytes: 0, data: null, fileLink: link.fileLink,
    public: link.public ?? true,
  });
  return { ok: true as const, fileId, name: link.name.trim() };
}

export async function withdrawDocument(db: Db, orgId: string, fileId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteDocument(db, orgId, fileId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'document.notFound' });
}

const publicDocumentOf = (row: DocumentRow): PublicDocument => ({
  id: row.fileId,
  name: row.name,
  lastModifiedDate: row.lastModified.getTime(),
  documentType: row.documentType === 'Link' ? 'Link' : 'file',
  metadata: { OriginalFileName: row.originalFileName },
  fileLink: row.fileLink,
});

/** §7 `GET /rest/files/public-documents`: 404 `files.off` where the organisation shows no files library. */
export async function publicDocuments(db: Db, org: Organization, query: PublicDocumentsQuery) {
  if (!org.settings.showPublicFilesLibrary) return refuse(404, { errorCode: 'files.off' });
  const { rows, total } = await pageOfPublicDocuments(db, org.orgId, {
    pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? 10, sort: query.sort ?? 'lastModifiedDate', order: query.order ?? 'desc',
  });
  return { ok: true as const, data: rows.map(publicDocumentOf), totalCount: total };
}

/**
 * Whether the caller may have the document (see the header); `contactId` is asked only when it
 * decides (a private organisation's attachment).
 */
export async function mayDownload(db: Db, org: Organization, document: DocumentRow, contactId: () => Promise<number | null>): Promise<boolean> {
  if (document.public && org.settings.showPublicFilesLibrary) return true;
  // A communication's readers are whoever has its address: its files are theirs too.
  if (await isInCommunication(db, org.orgId, document.fileId)) return true;
  // An event's notifications: a public event's for anyone, a private one's for members.
  if (await isInEventNotification(db, org.orgId, document.fileId, false)) return true;
  if (await isInEventNotification(db, org.orgId, document.fileId, true)) return (await contactId()) !== null;
  if (!(await isAttached(db, org.orgId, document.fileId))) return false;
  const caller = org.settings.isPublic ? null : await contactId();
  return contentRefusal(org, 'notifications', caller) === null;
}

/** §3 attachmentFiles of a notification: its documents that still exist, in its order. */
export async function attachmentFilesOf(db: Db, orgId: string, fileIds: readonly string[]): Promise<AttachmentFile[]> {
  const rows = new Map((await findDocuments(db, orgId, fileIds)).map((row) => [row.fileId, row]));
  return fileIds.flatMap((fileId) => {
    const row = rows.get(fileId);
    return row && row.documentType === 'file'
      ? [{ fileId, fileName: row.originalFileName || row.name, fileType: row.contentType.split(';')[0]!, image: IMAGE_TYPES.has(row.contentType) }]
      : [];
  });
}

/** Which of `fileIds` the organisation has no file of (a notification may show only its own files). */
export async function unknownFiles(db: Db, orgId: string, fileIds: readonly string[]): Promise<string[]> {
  const known = new Set((await findDocuments(db, orgId, fileIds)).filter((row) => row.documentType === 'file').map((row) => row.fileId));
  return fileIds.filter((fileId) => !known.has(fileId));
}
