/**
 * §7 sends several calls as a form whose `rs` is JSON text (custom fields, geocoding): `rs` is read
 * before the body's schema is checked, so a form and a JSON body are validated alike; text that is
 * not JSON is refused with 400 `request.invalidBody`, before anything is looked up. A preValidation hook.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** `holder[field]` read as JSON in place; false when it is text that is not JSON. */
function readRs(holder: unknown, field = 'rs'): boolean {
  const fields = holder as Record<string, unknown> | null | undefined;
  if (!fields || typeof fields !== 'object' || typeof fields[field] !== 'string') return true;
  try {
    fields[field] = JSON.parse(fields[field]);
    return true;
  } catch {
    return false;
  }
}

/** The same for a form whose JSON text is in other fields (§7 createOrUpdate's `expectedLocation`, the subscriptions' `rs` and `rsNodisturb`). */
export function readJsonFields(...fields: string[]) {
  return async function readFields(request: FastifyRequest, reply: FastifyReply) {
    const broken = fields.find((field) => !readRs(request.body, field));
    if (broken !== undefined) return reply.code(400).send({ errorCode: 'request.invalidBody', message: `${broken} is not JSON` });
  };
}

export async function readRsForm(request: FastifyRequest, reply: FastifyReply) {
  if (!readRs(request.body)) return reply.code(400).send({ errorCode: 'request.invalidBody', message: 'rs is not JSON' });
}

/** The same for a call that sends `rs` in its query (§7 `checkGeoFenceAddress?orgId&rs`): 400 `request.invalid`, as any bad query. */
export async function readRsQuery(request: FastifyRequest, reply: FastifyReply) {
  if (!readRs(request.query)) return reply.code(400).send({ errorCode: 'request.invalid', message: 'rs is not JSON' });
}
