/**
 * §7 boot calls: `GET /rest/init`, `/rest/init/csrf`, `/rest/init/account`, `/rest/init/countries`.
 *
 * Access keys (§5, §6): `/rest/init?accessKey` and `Authorization: token {accessKey}` on
 * `/rest/init/csrf` sign the browser in as the key's member (a new session: rotation) unless it already
 * is; `/rest/init/account` answers the token's account. A key that is not a valid, unexpired key of
 * that organisation is ignored: the caller stays what the session says.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountAnswer, BootAnswer, BootQuery, CountriesAnswer, CsrfAnswer, InitQuery } from '../../../../schemas/api/boot.ts';
import { answers } from '../../../../schemas/api/common.ts';
import { isLanguageCode } from '../../../../schemas/languages.ts';
import { phoneCountries } from '../../../../schemas/rules/phoneCountries.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import type { Organization } from '../../../repositories/organizations.ts';
import { accessKeyHolder, accountOf, bootData } from '../../../services/boot.ts';

/**
 * The boot calls answer a disabled organisation: the browser learns from /rest/init that it is
 * disabled and shows the not-found page (§2); unknown organisations are still 404.
 */
const bootConfig = { org: { from: 'query', disabled: 'allow' } } as const;

/** The access key of an `Authorization: token {accessKey}` header (§7 headers); null for any other value. */
function authorizationToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^token +([^\s]+) *$/i.exec(header)?.[1] ?? null;
}

export default async function initRoutes(app: RouteApp, { db, serverVersion, mapTiles }: RouteDeps) {
  // A visitor's /rest/init answer depends on the organisation alone: serialized once per cached
  // organisation (a reloaded one is a new object, so a changed one is serialized again), and kept as
  // bytes: sent as a string, the 3 kB were measured and encoded again on every answer, which cost
  // a visitor's /rest/init a quarter of its rate (17,700/s as text, 24,400/s as bytes; bench/throughput.ts).
  const visitorBoot = new WeakMap<Organization, Buffer>();

  async function signInWithKey(request: FastifyRequest, reply: FastifyReply, org: Organization, accessKey: string | null | undefined) {
    const contactId = await accessKeyHolder(db, org, accessKey);
    if (contactId !== null && (await request.session.contactId(org.orgId)) !== contactId) {
      await request.session.signIn(reply, org.orgId, contactId);
    }
  }

  app.get('/rest/init', {
    schema: { querystring: InitQuery, response: answers(BootAnswer) },
    config: bootConfig,
  }, async (request, reply) => {
    const { org } = request;
    reply.header('cache-control', 'no-store');
    await signInWithKey(request, reply, org, request.query.accessKey);
    const contactId = await request.session.contactId(org.orgId);
    if (contactId !== null) return bootData(db, org, contactId, { serverVersion, mapTiles });
    let json = visitorBoot.get(org);
    if (json === undefined) {
      // The route's own serializer (its response schema), as a returned object would be.
      json = Buffer.from(reply.serialize(await bootData(db, org, null, { serverVersion, mapTiles })) as string);
      visitorBoot.set(org, json);
    }
    // Already the JSON, as bytes: Fastify sends them with the JSON content type as they are.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  app.get('/rest/init/csrf', { schema: { querystring: BootQuery, response: answers(CsrfAnswer) }, config: bootConfig }, async (request, reply) => {
    const { org } = request;
    await signInWithKey(request, reply, org, authorizationToken(request));
    // A visitor without a session gets a signed double-submit token: nothing is stored (issue 9 row 9).
    const csrfToken = await request.session.csrfToken(reply);
    reply.header('cache-control', 'no-store');
    return { csrfToken, account: await accountOf(db, org, await request.session.contactId(org.orgId)) };
  });

  app.get('/rest/init/account', { schema: { querystring: BootQuery, response: answers(AccountAnswer) }, config: bootConfig }, async (request, reply) => {
    const { org } = request;
    reply.header('cache-control', 'no-store');
    const holder = await accessKeyHolder(db, org, authorizationToken(request));
    return { account: await accountOf(db, org, holder ?? (await request.session.contactId(org.orgId))) };
  });

  app.get('/rest/init/countries', { schema: { querystring: BootQuery, response: answers(CountriesAnswer) }, config: bootConfig }, async (request) => {
    const { org } = request;
    const language = request.cookies.language;
    const allowed = org.settings.isEnableCountryCodeForMemberPortal ? org.settings.countryCodes : null;
    const countryData = phoneCountries(isLanguageCode(language) ? language : 'en_US', { allowed });
    return { countryData, defaultCountry: org.settings.defaultCountry, countryCodesEnabled: allowed !== null };
  });
}
