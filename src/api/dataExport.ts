/** Download my data (issue 12): the address of `GET /{orgId}/{contactId}/export`, for a plain link (the browser saves the file the server names). */
import { paths } from './paths.ts';

export function dataExportUrl(orgId: string, contactId: number): string {
  return paths.dataExport(orgId, contactId);
}
