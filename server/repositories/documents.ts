/** The organisation's documents (`documents`, issue 14): the files library's pages, one document, its bytes, written and removed. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documents, notifications } from '../db/schema.ts';

export type DocumentRow = Omit<typeof documents.$inferSelect, 'data'>;
export type NewDocument = Omit<typeof documents.$inferInsert, 'orgId' | 'lastModified'>;

const listed = {
  orgId: documents.orgId, fileId: documents.fileId, name: documents.name, documentType: documents.documentType,
  originalFileName: documents.originalFileName, contentType: documents.contentType, sizeBytes: documents.sizeBytes,
  fileLink: documents.fileLink, public: documents.public, lastModified: documents.lastModified,
};

/** A page of the public documents, by name or last modified (then by id, so that pages never overlap), and how many there are. */
export async function pageOfPublicDocuments(
  db: Db, orgId: string, page: { pageNumber: number; pageSize: number; sort: 'name' | 'lastModifiedDate'; order: 'asc' | 'desc' },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const direction = page.order === 'asc' ? asc : desc;
  const where = and(eq(documents.orgId, orgId), eq(documents.public, true));
  const [rows, [counted]] = await Promise.all([
    db.select(listed).from(documents).where(where)
      .orderBy(direction(page.sort === 'name' ? sql`lower(${documents.name})` : documents.lastModified), direction(documents.fileId))
      .limit(page.pageSize).offset((page.pageNumber - 1) * page.pageSize),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The document of this id in any organisation (the download addresses name none), without its bytes. */
export async function findDocument(db: Db, fileId: string): Promise<DocumentRow | null> {
  const [row] = await db.select(listed).from(documents).where(eq(documents.fileId, fileId));
  return row ?? null;
}

export async function documentBytes(db: Db, orgId: string, fileId: string): Promise<Buffer | null> {
  const [row] = await db.select({ data: documents.data }).from(documents).where(and(eq(documents.orgId, orgId), eq(documents.fileId, fileId)));
  return row?.data ? Buffer.from(row.data, 'base64') : null;
}

/** The documents of `fileIds` that `orgId` has, in no particular order. */
export async function findDocuments(db: Db, orgId: string, fileIds: readonly string[]): Promise<DocumentRow[]> {
  if (fileIds.length === 0) return [];
  return db.select(listed).from(documents).where(and(eq(documents.orgId, orgId), inArray(documents.fileId, [...fileIds])));
}

/** Whether a notification of `orgId` shows the document. */
export async function isAttached(db: Db, orgId: string, fileId: string): Promise<boolean> {
  const [row] = await db.select({ id: notifications.notificationId }).from(notifications)
    .where(and(eq(notifications.orgId, orgId), sql`${notifications.attachmentFileIds} @> ${JSON.stringify([fileId])}::jsonb`)).limit(1);
  return row !== undefined;
}

export async function insertDocument(db: Db, orgId: string, document: NewDocument): Promise<void> {
  await db.insert(documents).values({ orgId, ...document });
}

export async function deleteDocument(db: Db, orgId: string, fileId: string): Promise<boolean> {
  const removed = await db.delete(documents).where(and(eq(documents.orgId, orgId), eq(documents.fileId, fileId))).returning({ fileId: documents.fileId });
  return removed.length === 1;
}
