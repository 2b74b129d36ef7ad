/**
 * How a route answers a service's result (issue 8 item 3: a route parses, calls one service,
 * answers): a refusal (services/results.ts) is sent with its status and body; anything else is the
 * answer, `toBody(result)` or the result without its `ok`.
 */
import type { FastifyReply } from 'fastify';
import type { Refusal } from '../services/results.ts';

export function answer<T extends { ok: true }>(reply: FastifyReply, result: T | Refusal, toBody?: (result: T) => unknown): unknown {
  if (!result.ok) return reply.code(result.status).send(result.body);
  if (toBody) return toBody(result);
  const { ok: _ok, ...body } = result;
  return body;
}
