/**
 * Documents (issue 14, §3 Public document): the files library and the files shown with notifications.
 * - `GET /rest/files/public-documents?organizationId&pageNumber&pageSize&sort&order` → `{ data, totalCount }`
 *   (§2 files library: sortable by name and last modified; §9 pages of 10).
 * - `GET /rest/files/download/{id}?organizationId` → the file (`Content-Disposition: attachment`,
 *   `nosniff`); a link document has no bytes here (the page opens its fileLink).
 * - `GET /download/image/{fileId}` → an image shown in a notification (inline, images only);
 *   `GET /download/attachment/{fileId}/{1|3}` → a notification's attachment (1 an image, 3 anything else).
 * Publishing (routes/publishing, bearer key): `POST /api/v1/{orgId}/documents` (multipart: `file`,
 * and the fields `name`, `public`) → 201 `{ fileId, name }`; `POST /api/v1/{orgId}/documents/links`
 * JSON `{ name, fileLink, public }`; `DELETE /api/v1/{orgId}/documents/{fileId}`.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { FILES_PAGE_SIZE_DEFAULT } from '../rules/contentPaging.ts';
import { OrgId, Text } from './common.ts';


/** The largest file the publishing API takes. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const PublicDocument = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Epoch milliseconds. */
  lastModifiedDate: Type.Number(),
  documentType: Type.Enum(['file', 'Link']),
  metadata: Type.Object({ OriginalFileName: Type.String() }),
  fileLink: Type.Union([Type.String(), Type.Null()]),
});
export type PublicDocument = Static<typeof PublicDocument>;

export const PublicDocumentsQuery = Type.Object({
  organizationId: OrgId,
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: FILES_PAGE_SIZE_DEFAULT })),
  sort: Type.Optional(Type.Enum(['name', 'lastModifiedDate'], { default: 'lastModifiedDate' })),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
});
export type PublicDocumentsQuery = Static<typeof PublicDocumentsQuery>;

export const PublicDocuments = Type.Object({ data: Type.Array(PublicDocument), totalCount: Type.Integer() });
export type PublicDocuments = Static<typeof PublicDocuments>;

export const DownloadParams = Type.Object({ id: Text(40) });
export const DownloadQuery = Type.Object({ organizationId: OrgId });
export const ImageParams = Type.Object({ fileId: Text(40) });
export const AttachmentParams = Type.Object({ fileId: Text(40), kind: Type.Enum(['1', '3']) });

/** A file's bytes (its own media type). */
export const DocumentBytes = Type.String({ format: 'binary' });

export const DocumentLinkBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  fileLink: Type.String({ format: 'uri', pattern: '^https://', maxLength: 2000 }),
  public: Type.Optional(Type.Boolean({ default: true })),
}, { additionalProperties: false });
export type DocumentLinkBody = Static<typeof DocumentLinkBody>;

export const DocumentWritten = Type.Object({ fileId: Type.String(), name: Type.String() });
export type DocumentWritten = Static<typeof DocumentWritten>;

export const DocumentIdParams = Type.Object({ orgId: OrgId, fileId: Text(40) });
export type DocumentIdParams = Static<typeof DocumentIdParams>;
