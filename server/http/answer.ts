/**
 * How a route answers a service's result (issue 8 item 3: a route parses, calls one service,
 * answers): a refusal (services/results.ts) is sent with its status and body; anything else is the
 * answer, `toBody(result)` or the result without its `ok`. Typed so that the answer must be one the
 * route's response schema (schemas/api) describes.
 */
import type { FastifyReply } from 'fastify';
import type { Refusal } from '../services/results.ts';

/** Sends a service's refusal with its status and body. */
export function refused<R extends FastifyReply>(reply: R, refusal: Refusal): R {
  reply.code(refusal.status).send(refusal.body);
  return reply;
}

export function answer<T extends { ok: true }, R extends FastifyReply>(reply: R, result: T | Refusal): Omit<T, 'ok'> | R;
export function answer<T extends { ok: true }, R extends FastifyReply, B>(reply: R, result: T | Refusal, toBody: (result: T) => B): B | R;
export function answer<T extends { ok: true }, R extends FastifyReply>(reply: R, result: T | Refusal, toBody?: (result: T) => unknown): unknown {
  if (!result.ok) return refused(reply, result);
  if (toBody) return toBody(result);
  const { ok: _ok, ...body } = result;
  return body;
}
