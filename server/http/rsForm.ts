/**
 * §7 sends several calls as a form whose `rs` is JSON text (custom fields, geocoding): `rs` is read
 * before the body's schema is checked, so a form and a JSON body are validated alike; text that is
 * not JSON is refused with 400 `request.invalidBody`, before anything is looked up. A preValidation hook.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function readRsForm(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.rs !== 'string') return;
  try {
    body.rs = JSON.parse(body.rs);
  } catch {
    return reply.code(400).send({ errorCode: 'request.invalidBody', message: 'rs is not JSON' });
  }
}
