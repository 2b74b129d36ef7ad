/**
 * What the custom-field API tests share (tests/api/customFields.test.ts, the member scope's matrix):
 * the save as the additional-information page sends it (a form whose `rs` is JSON text, §7) or as
 * JSON, and everything stored of a member's custom values, to prove a refused call changed nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CustomFieldInput } from '../../schemas/api/customFields.ts';
import type { Db } from '../../server/db/client.ts';
import { contactCustomValues } from '../../server/db/schema.ts';
import type { Member } from './profile.ts';

/** Every custom value kept of a member, by attrId (the updated_at stamps included: a refused save must not touch them). */
export async function storedCustomValues(db: Db, orgId: string, contactId: number) {
  return db.select().from(contactCustomValues)
    .where(and(eq(contactCustomValues.orgId, orgId), eq(contactCustomValues.contactId, contactId))).orderBy(asc(contactCustomValues.attrId));
}

/** `POST /{orgId}/{contactId}/customFields` as `member`, `rs` as a form field (§7) or in a JSON body; a string `rs` is sent as it is. */
export function postCustomFields(
  app: FastifyInstance, member: Pick<Member, 'cookie' | 'csrfToken' | 'orgId' | 'contactId'>,
  rs: CustomFieldInput[] | unknown[] | string, options: { encoding?: 'form' | 'json' } = {},
) {
  const encoding = options.encoding ?? 'form';
  return app.inject({
    method: 'POST', url: `/${member.orgId}/${member.contactId}/customFields`,
    headers: {
      cookie: member.cookie, 'x-csrf-token': member.csrfToken,
      'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: encoding === 'form'
      ? new URLSearchParams({ rs: typeof rs === 'string' ? rs : JSON.stringify(rs) }).toString()
      : JSON.stringify({ rs }),
  });
}
