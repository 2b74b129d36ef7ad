/**
 * Admission before hashing (issue 9 row 15, services/hashAdmission.ts): a route that may hash a
 * password or security answer declares `config: { hashes: true }`, and its client's bucket is charged
 * as the request arrives, before its body is read or any attempt is counted: 429
 * `request.throttled` or 503 `service.busy`, each with Retry-After. Every request's hooks and handler
 * then run in a context naming the admission, the client's address and its connection, so a hash
 * waits its turn in the bounded queue and is dropped when the client has gone.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  createHashAdmission, DEFAULT_HASH_LIMITS, type HashAdmission, type HashAdmissionRefused, type HashContext, type HashLimits, runWithHashContext,
} from '../services/hashAdmission.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call may hash or verify a password or security answer: admission is checked first. */
    hashes?: boolean;
  }
  interface FastifyRequest {
    hashContext: HashContext | null;
  }
  interface FastifyInstance {
    /** The app's admission before hashing (its load is what the tests watch). */
    hashAdmission: HashAdmission;
  }
}

/** Answers a refused admission (also the errors plugin's answer when a later hash is refused). */
export function sendAdmissionRefusal(reply: FastifyReply, refused: HashAdmissionRefused) {
  return reply.code(refused.status).header('retry-after', String(refused.retryAfterSeconds)).send({ errorCode: refused.errorCode });
}

async function hashAdmission(app: FastifyInstance, options: { limits?: Partial<HashLimits> }) {
  const admission = createHashAdmission({ ...DEFAULT_HASH_LIMITS, ...options.limits });
  app.decorate('hashAdmission', admission);
  app.decorateRequest('hashContext', null);

  app.addHook('onRequest', async (request, reply) => {
    const gone = new AbortController();
    // The connection closed before the answer went out: the client no longer waits for it.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const hashes = request.routeOptions.config.hashes === true;
    request.hashContext = { admission, address: request.ip, signal: gone.signal, charged: hashes };
    if (!hashes) return;
    const refused = admission.admit(request.ip);
    if (refused) {
      request.log.warn({ address: request.ip, errorCode: refused.errorCode }, 'hashing admission refused');
      return sendAdmissionRefusal(reply, refused);
    }
  });

  // The last hook before the handlers of every scope: they run inside the request's context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.hashContext) runWithHashContext(request.hashContext, done);
    else done();
  });
}

export default fp(hashAdmission, { name: 'hash-admission' });
