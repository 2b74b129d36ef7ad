/** `GET /healthz`: 200 `{status: "ok"}` only when the database answers. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

export default async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'database does not answer');
      return reply.code(503).send({ status: 'unavailable', errorCode: 'db.unavailable' });
    }
  });
}
