/**
 * §7 boot calls: `GET /rest/init`, `/rest/init/csrf`, `/rest/init/account`, `/rest/init/countries`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Account } from '../../schemas/account.ts';
import type { BootData } from '../../schemas/boot.ts';
import { isLanguageCode } from '../../schemas/languages.ts';
import { phoneCountries } from '../../schemas/rules/phoneCountries.ts';
import type { Db } from '../db/client.ts';
import { findAccount } from '../repositories/accounts.ts';
import { findOrganization, type Organization } from '../repositories/organizations.ts';
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
    const session = await request.session.ensure(reply);
    reply.header('cache-control', 'no-store');
    return { csrfToken: session.csrfToken, account: await accountOf(request, org.orgId) };
  });

  app.get<OrgQuery>('/rest/init/account', { schema: { querystring: orgIdQuery } }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    reply.header('cache-control', 'no-store');
    return { account: await accountOf(request, org.orgId) };
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

/** §3 "Nav config: showNotification, showWeather, showEvent". */
function navConfigOf(org: Organization): BootData['navConfig'] {
  return {
    showNotification: org.settings.showNotificationsToMemberPortal,
    showWeather: org.settings.showWeather,
    showEvent: org.settings.showEvent,
  };
}
