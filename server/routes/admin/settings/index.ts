/**
 * The admin API's sessions and organisation settings: administrators sign in (cookie SSPADMIN on
 * /admin), list organisations, read an organisation's stored settings and write them back
 * (services/orgSettings.ts), and check a filled-in preview form on the server.
 */
import {
  AdminLoginBody, AdminLoginForm, AdminOrganizations, AdminOrgParams, AdminSession, AdminSessionState, RevertSettingsBody, RevertSettingsParams, SaveSettingsAnswer, SaveSettingsBody,
  SaveSettingsRefusal, SettingVersions, StoredSettings, ValidateFormAnswer, ValidateFormBody, ValidateFormParams,
} from '../../../../schemas/api/admin.ts';
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import {
  ADMIN_COOKIE, ADMIN_LOGIN_COOKIE, ADMIN_LOGIN_FORM_TTL_MS, ADMIN_TTL_MS, adminLogin, adminLoginCsrfRefusal, adminLoginForm, adminLogout,
} from '../../../services/admins.ts';
import { checkPreviewForm, organizationList, readSettings, revertSettings, saveSettings, settingsVersions } from '../../../services/orgSettings.ts';

const ADMIN_LOGIN_PATH = '/admin/api/login';

export default async function adminSettingsRoutes(app: RouteApp, { db, orgCache, mapTiles }: RouteDeps) {
  // The login form's pre-session (issue 9 row 3): a cookie only the login call receives, and its token.
  app.get(ADMIN_LOGIN_PATH, {
    schema: { response: answers(AdminLoginForm) }, config: { adminGuard: 'none' }, onRequest: noStore,
  }, async (request, reply) => {
    const form = await adminLoginForm(db, request.cookies[ADMIN_LOGIN_COOKIE]);
    reply.setCookie(ADMIN_LOGIN_COOKIE, form.cookie, {
      path: ADMIN_LOGIN_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: ADMIN_LOGIN_FORM_TTL_MS / 1000,
    });
    return { csrfToken: form.csrfToken };
  });

  app.post(ADMIN_LOGIN_PATH, {
    schema: { body: AdminLoginBody, response: answers(AdminSession) },
    config: { adminGuard: 'none', hashes: true },
  }, async (request, reply) => {
    const forged = await adminLoginCsrfRefusal(db, request.cookies[ADMIN_LOGIN_COOKIE], request.headers['x-csrf-token']);
    if (forged) return refused(reply, forged);
    const result = await adminLogin(db, request.body.username, request.body.password, request.ip);
    if (!result.ok) return refused(reply, result);
    reply.clearCookie(ADMIN_LOGIN_COOKIE, { path: ADMIN_LOGIN_PATH });
    reply.setCookie(ADMIN_COOKIE, result.token, {
      path: '/admin', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: ADMIN_TTL_MS / 1000,
    });
    return { username: result.username, csrfToken: result.csrfToken };
  });

  app.get('/admin/api/session', { schema: { response: answers(AdminSessionState) }, config: { adminGuard: 'none' }, onRequest: noStore }, async (request) => {
    if (!request.admin) return { username: null };
    return { username: request.admin.username, csrfToken: request.admin.csrfToken };
  });

  app.post('/admin/api/logout', { schema: { response: answers(StatusOk) } }, async (request, reply) => {
    await adminLogout(db, request.admin!);
    reply.clearCookie(ADMIN_COOKIE, { path: '/admin' });
    return { status: 'ok' };
  });

  app.get('/admin/api/orgs', { schema: { response: answers(AdminOrganizations) } }, async () => ({
    organizations: await organizationList(db), mapTiles: mapTiles ? { url: mapTiles.url, attribution: mapTiles.attribution } : null,
  }));

  app.get('/admin/api/orgs/:orgId/settings', { schema: { params: AdminOrgParams, response: answers(StoredSettings) } }, async (request, reply) =>
    answer(reply, await readSettings(db, request.params.orgId)));

  app.put('/admin/api/orgs/:orgId/settings', {
    schema: { params: AdminOrgParams, body: SaveSettingsBody, response: answers(SaveSettingsAnswer, SaveSettingsRefusal) },
  }, async (request, reply) => answer(
    reply, await saveSettings({ db, orgCache }, request.params.orgId, request.body.settings, request.body.settingsVersion, request.admin!.username),
    (result) => ({ status: 'ok', settingsVersion: result.settingsVersion }),
  ));

  app.get('/admin/api/orgs/:orgId/settings/versions', {
    schema: { params: AdminOrgParams, response: answers(SettingVersions) }, onRequest: noStore,
  }, async (request, reply) => answer(reply, await settingsVersions(db, request.params.orgId)));

  app.post('/admin/api/orgs/:orgId/settings/versions/:version/revert', {
    schema: { params: RevertSettingsParams, body: RevertSettingsBody, response: answers(SaveSettingsAnswer, SaveSettingsRefusal) },
  }, async (request, reply) => answer(
    reply,
    await revertSettings({ db, orgCache }, request.params.orgId, request.params.version, request.body.settingsVersion, request.admin!.username),
    (result) => ({ status: 'ok', settingsVersion: result.settingsVersion }),
  ));

  app.post('/admin/api/orgs/:orgId/forms/:form/validate', {
    schema: { params: ValidateFormParams, body: ValidateFormBody, response: answers(ValidateFormAnswer) },
  }, async (request, reply) => answer(reply, await checkPreviewForm(db, request.params.orgId, request.params.form, request.body), () => ({ status: 'ok' })));
}
