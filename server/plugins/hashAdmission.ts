/**
 * Admission before hashing (issue 9 row 15, services/hashAdmission.ts): a route that may hash a
 * password or security answer declares `config: { hashes: true }`, and its client's bucket is charged
 * as the request arrives, before its body is read or any attempt is counted: 429
 * `request.throttled` or 503 `service.busy`, each with Retry-After. Every request's hooks and handler
 * then run in a context naming the admission, the client's address and its connection, so a hash
 * waits its turn in the bounded queue and is dropped when the client has gone.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * A request's HashContext. Its address and its signal are made when a hash asks for them, so a
 * request that never hashes (nearly all of them) costs neither an AbortController nor a listener.
 */
class RequestHashContext implements HashContext {
  #gone: AbortController | undefined;

  constructor(readonly admission: HashAdmission, private readonly request: FastifyRequest, private readonly response: ServerResponse, public charged: boolean) {}

  get address(): string {
    return this.request.ip;
  }

  /** Aborted when the connection closes before the answer went out (also if it already has). */
  get signal(): AbortSignal {
    if (!this.#gone) {
      const gone = new AbortController();
      const { response } = this;
      if (response.destroyed) {
        if (!response.writableFinished) gone.abort();
      } else {
        response.once('close', () => {
          if (!response.writableFinished) gone.abort();
        });
      }
      this.#gone = gone;
    }
    return this.#gone.signal;
  }
}

async function hashAdmission(app: FastifyInstance, options: { limits?: Partial<HashLimits> }) {
  const admission = createHashAdmission({ ...DEFAULT_HASH_LIMITS, ...options.limits });
  app.decorate('hashAdmission', admission);
  app.decorateRequest('hashContext', null);

  app.addHook('onRequest', (request, reply, done) => {
    const hashes = request.routeOptions.config.hashes === true;
    request.hashContext = new RequestHashContext(admission, request, reply.raw, hashes);
    if (!hashes) return done();
    const refused = admission.admit(request.ip);
    if (!refused) return done();
    request.log.warn({ address: request.ip, errorCode: refused.errorCode }, 'hashing admission refused');
    sendAdmissionRefusal(reply, refused);
  });

  // The last hook before the handlers of every scope: they run inside the request's context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.hashContext) runWithHashContext(request.hashContext, done);
    else done();
  });
}

export default fp(hashAdmission, { name: 'hash-admission' });
