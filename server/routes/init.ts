/**
 * §7 boot calls: `GET /rest/init`, `/rest/init/csrf`, `/rest/init/account`, `/rest/init/countries`.
 *
 * Access keys (§5, §6): `/rest/init?accessKey` and `Authorization: token {accessKey}` on
 * `/rest/init/csrf` sign the browser in as the key's member (a new session: rotation) unless it already
 * is; `/rest/init/account` answers the token's account. A key that is not a valid, unexpired key of
 * that organisation is ignored: the caller stays what the session says.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../../schemas/account.ts';
import type { BootData } from '../../schemas/boot.ts';
import { isLanguageCode } from '../../schemas/languages.ts';
import { phoneCountries } from '../../schemas/rules/phoneCountries.ts';
import type { Db } from '../db/client.ts';
import { findAccount } from '../repositories/accounts.ts';
import { findOrganization, type Organization } from '../repositories/organizations.ts';
import { resolveAccessKey } from '../services/accessKeys.ts';
import { ORG_NOT_FOUND, orgIdQuery } from './shared.ts';

interface InitOptions {
  db: Db;
  serverVersion: string;
}

type OrgQuery = { Querystring: { orgId: string } };

export default async function initRoutes(app: FastifyInstance, { db, serverVersion }: InitOptions) {
  async function accountOf(request: FastifyRequest, orgId: string): Promise<Account | null> {
    const contactId = await request.session.contactId(orgId);
    return contactId === null ? null : findAccount(db, orgId, contactId);
  }

  /** The member an access key signs in as; none where members cannot sign in (disabled, SSP off). */
  async function keyHolder(org: Organization, accessKey: string | null | undefined): Promise<number | null> {
    if (!accessKey || org.settings.disabled || !org.settings.enableSSP) return null;
    return resolveAccessKey(db, org.orgId, accessKey);
  }

  async function signInWithKey(request: FastifyRequest, reply: FastifyReply, org: Organization, accessKey: string | null | undefined) {
    const contactId = await keyHolder(org, accessKey);
    if (contactId !== null && (await request.session.contactId(org.orgId)) !== contactId) {
      await request.session.signIn(reply, org.orgId, contactId);
    }
  }

  app.get<{ Querystring: { orgId: string; accessKey?: string } }>('/rest/init', {
    schema: {
      querystring: {
        ...orgIdQuery,
        properties: { ...orgIdQuery.properties, accessKey: { type: 'string', maxLength: 200 } },
      },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    reply.header('cache-control', 'no-store');
    await signInWithKey(request, reply, org, request.query.accessKey);
    const boot: BootData = {
      orgId: org.orgId,
      organization: org.settings,
      navConfig: navConfigOf(org),
      account: org.settings.disabled ? null : await accountOf(request, org.orgId),
      serverVersion,
    };
    return boot;
  });

  app.get<OrgQuery>('/rest/init/csrf', { schema: { querystring: orgIdQuery } }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    await signInWithKey(request, reply, org, authorizationToken(request));
    const session = await request.session.ensure(reply);
    reply.header('cache-control', 'no-store');
    return { csrfToken: session.csrfToken, account: await accountOf(request, org.orgId) };
  });

  app.get<OrgQuery>('/rest/init/account', { schema: { querystring: orgIdQuery } }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    reply.header('cache-control', 'no-store');
    const holder = await keyHolder(org, authorizationToken(request));
    return { account: holder === null ? await accountOf(request, org.orgId) : await findAccount(db, org.orgId, holder) };
  });

  app.get<OrgQuery>('/rest/init/countries', { schema: { querystring: orgIdQuery } }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const language = request.cookies.language;
    const allowed = org.settings.isEnableCountryCodeForMemberPortal ? org.settings.countryCodes : null;
    const countryData = phoneCountries(isLanguageCode(language) ? language : 'en_US', { allowed });
    return { countryData, defaultCountry: org.settings.defaultCountry, countryCodesEnabled: allowed !== null };
  });
}

/** The access key of an `Authorization: token {accessKey}` header (§7 headers); null for any other value. */
function authorizationToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^token +([^\s]+) *$/i.exec(header)?.[1] ?? null;
}

/** §3 "Nav config: showNotification, showWeather, showEvent". */
function navConfigOf(org: Organization): BootData['navConfig'] {
  return {
    showNotification: org.settings.showNotificationsToMemberPortal,
    showWeather: org.settings.showWeather,
    showEvent: org.settings.showEvent,
  };
}
