import type { FastifyReply, FastifyRequest } from 'fastify';

/** onRequest hook: the answer is personal (a session, an invitation, a profile) and must not be cached, refusals included. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
