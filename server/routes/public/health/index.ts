/**
 * `GET /healthz`: 200 `{status: "ok"}` only when the database answers, and an answer within 2 s
 * whatever the database does (issue 9 row 18): a ping that takes longer counts as no answer, 503
 * with Retry-After.
 */
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import { RETRY_AFTER_SECONDS } from '../../../plugins/errors.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { pingDatabase } from '../../../repositories/health.ts';

/** How long /healthz waits for the database's answer (a load balancer's probe waits about 2 s). */
const HEALTH_DEADLINE_MS = 1_500;

export default async function healthRoutes(app: RouteApp, { db }: RouteDeps) {
  app.get('/healthz', { schema: { response: answers(StatusOk) } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${HEALTH_DEADLINE_MS} ms`)), HEALTH_DEADLINE_MS);
    });
    try {
      await Promise.race([pingDatabase(db), deadline]);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'database does not answer');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', errorCode: 'db.unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
