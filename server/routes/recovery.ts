/**
 * §7 forgot username: `GET /{orgId}/forgotUsername/validateEmail?email` (boolean: is the address
 * known) and `POST /{orgId}/forgotUsername/sendEmail` (form email; status 1, 2 or 3). The form is
 * the forgot-username builder's; the username(s) registered with the address are e-mailed, never
 * shown on the page. Status 1: one account; 2: several accounts; 3: the organisation signs in with
 * single sign-on (the success text says so). An unknown address answers
 * 'ssp.forgotUsername.email.invalid' (§5 "known"); a mail that cannot be written 'ssp.forgotUsername.send.error'.
 * Since both calls tell whether an address is known, unknown addresses are counted per client
 * address: after FORGOT_USERNAME_UNKNOWN_PER_ADDRESS in 15 minutes both answer 429 for the rest of
 * the window, so the calls cannot be used to sift a list of addresses.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { createThrottle } from '../services/throttle.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

/** The portal's own address for links in mails: PUBLIC_URL, else the address the request came to. */
export function portalUrl(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Unknown addresses one client may try in a window before both calls answer 429. */
export const FORGOT_USERNAME_UNKNOWN_PER_ADDRESS = 20;
const THROTTLED = { errorCode: 'forgotUsername.throttled' } as const;

export default async function recoveryRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string | null }) {
  const throttle = createThrottle(db);
  const addressKey = (request: FastifyRequest) => `fu:ip:${request.ip}`;
  const throttled = async (request: FastifyRequest, orgId: string) =>
    (await throttle.failures(orgId, addressKey(request))) >= FORGOT_USERNAME_UNKNOWN_PER_ADDRESS;

  const usernamesFor = async (orgId: string, email: string) =>
    (await db.select({ username: contacts.username }).from(contacts)
      .where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`)))
      .map((row) => row.username);

  app.get<{ Params: { orgId: string }; Querystring: { email: string } }>('/:orgId/forgotUsername/validateEmail', {
    schema: {
      params: orgIdParams,
      querystring: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 80 } } },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    if (await throttled(request, org.orgId)) return reply.code(429).send(THROTTLED);
    const known = (await usernamesFor(org.orgId, request.query.email)).length > 0;
    if (!known) await throttle.count(org.orgId, addressKey(request));
    return known;
  });

  app.post<{ Params: { orgId: string }; Body: { email?: string } }>('/:orgId/forgotUsername/sendEmail', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { email: { type: 'string', maxLength: 200 } } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    if (!org.settings.enableSSP) return reply.code(403).send({ errorCode: 'ssp.page.deactivated' });
    const checked = checkSubmission(org, 'forgotUsername', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { email: request.body.email ?? '' });
    if (!checked.ok) return reply.code(400).send(validationFailure(checked.errors));
    const email = (checked.data as { email: string }).email;
    if (await throttled(request, org.orgId)) return reply.code(429).send(THROTTLED);
    const usernames = await usernamesFor(org.orgId, email);
    if (usernames.length === 0) {
      await throttle.count(org.orgId, addressKey(request));
      return reply.code(400).send({ errorCode: 'ssp.forgotUsername.email.invalid', errors: [{ pointer: '/email', key: 'ssp.forgotUsername.email.invalid', params: {} }] });
    }
    const login = `${portalUrl(request, publicUrl)}/${encodeURIComponent(org.orgId)}/login`;
    const names = usernames.map((name) => `  ${name}`).join('\n');
    try {
      await app.mailer.send(org.orgId, {
        to: email,
        subject: `Your username for ${org.settings.orgName}`,
        text: `You asked for the username registered with this e-mail address at ${org.settings.orgName}:\n\n${names}\n\n`
          + (org.settings.enabledSSO ? 'Your organization also lets you sign in with single sign-on.\n\n' : '')
          + `Sign in here: ${login}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
      });
    } catch (err) {
      request.log.error({ err }, 'forgot-username mail could not be written');
      return reply.code(503).send({ errorCode: 'ssp.forgotUsername.send.error' });
    }
    return { status: org.settings.enabledSSO ? 3 : usernames.length > 1 ? 2 : 1 };
  });
}
