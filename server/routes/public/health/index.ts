/** `GET /healthz`: 200 `{status: "ok"}` only when the database answers. */
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { pingDatabase } from '../../../repositories/health.ts';

export default async function healthRoutes(app: RouteApp, { db }: RouteDeps) {
  app.get('/healthz', { schema: { response: answers(StatusOk) } }, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'database does not answer');
      return reply.code(503).send({ status: 'unavailable', errorCode: 'db.unavailable' });
    }
  });
}
