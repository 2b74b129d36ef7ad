/**
 * The admin API's sessions and organisation settings: administrators sign in (cookie SSPADMIN on
 * /admin), list organisations, read an organisation's stored settings and write them back
 * (services/orgSettings.ts), and check a filled-in preview form on the server.
 */
import type { FastifyInstance } from 'fastify';
import { FORM_BUILDERS, type FormName } from '../../../../schemas/forms/formBuilders.ts';
import type { FormMode } from '../../../../schemas/forms/types.ts';
import { answer } from '../../../http/answer.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { ADMIN_COOKIE, ADMIN_TTL_MS, adminLogin, adminLogout } from '../../../services/admins.ts';
import { checkPreviewForm, organizationList, readSettings, saveSettings } from '../../../services/orgSettings.ts';

export default async function adminSettingsRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Body: { username: string; password: string } }>('/admin/api/login', {
    schema: {
      body: {
        type: 'object', required: ['username', 'password'], additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 80 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
      },
    },
    config: { adminGuard: 'none' },
  }, async (request, reply) => {
    const result = await adminLogin(db, request.body.username, request.body.password);
    if (!result.ok) return answer(reply, result);
    reply.setCookie(ADMIN_COOKIE, result.token, {
      path: '/admin', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: ADMIN_TTL_MS / 1000,
    });
    return { username: result.username, csrfToken: result.csrfToken };
  });

  app.get('/admin/api/session', { config: { adminGuard: 'none' } }, async (request, reply) => {
    if (!request.admin) return reply.code(401).send({ errorCode: 'admin.signInRequired' });
    return { username: request.admin.username, csrfToken: request.admin.csrfToken };
  });

  app.post('/admin/api/logout', async (request, reply) => {
    await adminLogout(db, request.admin!);
    reply.clearCookie(ADMIN_COOKIE, { path: '/admin' });
    return { status: 'ok' };
  });

  app.get('/admin/api/orgs', async () => ({ organizations: await organizationList(db) }));

  app.get<{ Params: { orgId: string } }>('/admin/api/orgs/:orgId/settings', { schema: { params: orgIdParams } }, async (request, reply) =>
    answer(reply, await readSettings(db, request.params.orgId)));

  app.put<{ Params: { orgId: string }; Body: { settings: unknown; settingsVersion: number } }>('/admin/api/orgs/:orgId/settings', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['settings', 'settingsVersion'], additionalProperties: false,
        properties: { settings: { type: 'object' }, settingsVersion: { type: 'integer', minimum: 1 } },
      },
    },
  }, async (request, reply) => answer(
    reply, await saveSettings(db, request.params.orgId, request.body.settings, request.body.settingsVersion), (result) => ({ status: 'ok', settingsVersion: result.settingsVersion }),
  ));

  app.post<{ Params: { orgId: string; form: FormName }; Body: { settings: unknown; mode: FormMode; data: unknown } }>('/admin/api/orgs/:orgId/forms/:form/validate', {
    schema: {
      params: { type: 'object', required: ['orgId', 'form'], properties: { ...orgIdParams.properties, form: { enum: Object.keys(FORM_BUILDERS) } } },
      body: {
        type: 'object', required: ['settings', 'mode', 'data'], additionalProperties: false,
        properties: { settings: { type: 'object' }, mode: { enum: ['signup', 'edit', 'review'] }, data: {} },
      },
    },
  }, async (request, reply) => answer(reply, await checkPreviewForm(db, request.params.orgId, request.params.form, request.body), () => ({ status: 'ok' })));
}
