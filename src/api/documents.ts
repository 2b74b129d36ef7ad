/**
 * Documents (issue 14, schemas/api/documents.ts): a page of the files library, and a file's download
 * as bytes the page saves under a §9-safe name. A redirect is never followed: a download that
 * answers with one (a file moved to another site) is a generic error (§8 "cross-origin redirect
 * refused with generic").
 */
import type { PublicDocuments, PublicDocumentsQuery } from '../../schemas/api/documents.ts';
import { api, withQuery } from './client.ts';
import { paths } from './paths.ts';

export type { PublicDocument } from '../../schemas/api/documents.ts';

export function listPublicDocuments(query: PublicDocumentsQuery, signal?: AbortSignal) {
  return api.get<PublicDocuments>(paths.publicDocuments, { query: { ...query }, signal });
}

/** A download's outcome: the bytes, or what the server said (its errorCode or message), or nothing it could say. */
export type Download = { ok: true; blob: Blob } | { ok: false; status: number; text: string };

export async function downloadDocument(id: string, organizationId: string): Promise<Download> {
  let response: Response;
  try {
    response = await fetch(withQuery(paths.publicDocumentDownload(id), { organizationId }), { credentials: 'same-origin', redirect: 'manual' });
  } catch {
    return { ok: false, status: 0, text: '' };
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { ok: false, status: response.status, text: '' };
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    return { ok: false, status: response.status, text };
  }
  return { ok: true, blob: await response.blob() };
}
