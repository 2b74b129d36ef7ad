/**
 * `GET /rest/comms/{commsId}` (§7, §3 Communication; issue 14): a communication the organisation sent,
 * for whoever has its address: its organisation (§4 "org id is taken from comms data"), title, rich
 * message (sanitised when it was published), text, files, when it was sent and its priority; whether
 * the organisation lets it be shared. 404 `comms.notFound` for an id there is none of.
 * Publishing (routes/publishing, bearer key): `POST /api/v1/{orgId}/communications` → 201
 * `{ commsId, url }`; `DELETE /api/v1/{orgId}/communications/{commsId}`.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { OrgId, Text } from './common.ts';
import { AttachmentFile, NOTIFICATION_PRIORITIES } from './publicContent.ts';

export const CommsParams = Type.Object({ commsId: Type.String({ maxLength: 100 }) });
export type CommsParams = Static<typeof CommsParams>;

export const CommsAnswer = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  commsId: Type.String(),
  title: Type.String(),
  message: Type.String(),
  textMessage: Type.String(),
  attachmentFiles: Type.Array(AttachmentFile),
  /** Epoch milliseconds. */
  sendDate: Type.Number(),
  priority: Type.Enum([...NOTIFICATION_PRIORITIES]),
  /** §6 "Sharing needs public org and sharing flags". */
  shareable: Type.Boolean(),
});
export type CommsAnswer = Static<typeof CommsAnswer>;

export const CommunicationBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  /** HTML, sanitised on the way in. */
  message: Type.Optional(Type.String({ maxLength: 200_000 })),
  textMessage: Type.Optional(Type.String({ maxLength: 10_000 })),
  priority: Type.Optional(Type.Enum([...NOTIFICATION_PRIORITIES], { default: 'NonPriority' })),
  sendDate: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  attachmentFileIds: Type.Optional(Type.Array(Text(40), { maxItems: 20, uniqueItems: true })),
}, { additionalProperties: false });
export type CommunicationBody = Static<typeof CommunicationBody>;

export const CommunicationWritten = Type.Object({ commsId: Type.String(), url: Type.String() });
export type CommunicationWritten = Static<typeof CommunicationWritten>;

export const CommunicationIdParams = Type.Object({ orgId: OrgId, commsId: Text(100) });
export type CommunicationIdParams = Static<typeof CommunicationIdParams>;
