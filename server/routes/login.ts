/** §7 `/logout/{orgId}`: ends the session's sign-in in that organisation and goes to its login page. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessionLogins } from '../db/schema.ts';
import { orgIdParams } from './shared.ts';

export default async function loginRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { orgId: string } }>('/logout/:orgId', { schema: { params: orgIdParams } }, async (request, reply) => {
    const session = await request.session.current();
    if (session) {
      await db.delete(sessionLogins)
        .where(and(eq(sessionLogins.orgId, request.params.orgId), eq(sessionLogins.sessionHash, session.sessionHash)));
    }
    return reply.redirect(`/${encodeURIComponent(request.params.orgId)}/login`, 303);
  });
}
