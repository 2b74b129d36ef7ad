/**
 * Download my data (issue 12, beyond the spec), the member's own (the member scope's hook has proven
 * `contactId` to be the session's contact): `GET /{orgId}/{contactId}/export` answers
 * schemas/api/dataExport.ts as a JSON file to save (`Content-Disposition: attachment`), never cached.
 * services/dataExport.ts does the work.
 */
import { answers } from '../../../../schemas/api/common.ts';
import { DataExportAnswer } from '../../../../schemas/api/dataExport.ts';
import { MemberParams } from '../../../../schemas/api/profile.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { exportFileName, exportMemberData } from '../../../services/dataExport.ts';

export default memberDomain('export', async (app, { db }) => {
  app.get('/export', {
    schema: { params: MemberParams, response: answers(DataExportAnswer) },
    onRequest: noStore,
  }, async (request, reply) => {
    const now = new Date();
    const result = await exportMemberData(db, request.org, request.memberContactId, now);
    if (result.ok) reply.header('content-disposition', `attachment; filename="${exportFileName(request.org.orgId, request.memberContactId, now)}"`);
    return answer(reply, result);
  });
});
