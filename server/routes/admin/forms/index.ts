/**
 * The admin page's form validators (issue 10 item 1), as modules the page imports
 * (services/validatorModules.ts): the settings editor's (org-settings.schema.json, the same for
 * every organisation) and the preview's, whose form is built from settings not saved yet, so the page
 * first asks the server to compile it and then imports it from wherever it is kept.
 */
import { ValidateFormParams } from '../../../../schemas/api/admin.ts';
import { answers, media, refusals } from '../../../../schemas/api/common.ts';
import { PreviewModuleParams, PreviewValidatorAnswer, PreviewValidatorBody, ValidatorModule } from '../../../../schemas/api/forms.ts';
import type { FormSchema } from '../../../../schemas/forms/types.ts';
import { orgSettingsSchema } from '../../../../schemas/orgSettings.ts';
import { answer } from '../../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { findPreviewModule } from '../../../repositories/previewValidatorModules.ts';
import { PREVIEW_MODULES_PATH, previewValidator } from '../../../services/orgSettings.ts';
import { validatorModuleCode } from '../../../services/validatorModules.ts';

const moduleAnswer = { 200: media('text/javascript', ValidatorModule), ...refusals() };

export default async function adminFormRoutes(app: RouteApp, { db }: RouteDeps) {
  let settingsModule: string | null = null;

  app.get('/admin/api/forms/settings.js', { schema: { response: moduleAnswer } }, async (_request, reply) => {
    settingsModule ??= validatorModuleCode(orgSettingsSchema as unknown as FormSchema);
    // The schema comes with the server: a new version of it comes with a new server.
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'private, no-cache').send(settingsModule as never);
  });

  app.post('/admin/api/orgs/:orgId/forms/:form/validator', {
    schema: { params: ValidateFormParams, body: PreviewValidatorBody, response: answers(PreviewValidatorAnswer) },
  }, async (request, reply) => answer(reply, await previewValidator(db, request.params.orgId, request.params.form, request.body), (result) => ({ url: result.url })));

  app.get(`${PREVIEW_MODULES_PATH}/:file`, { schema: { params: PreviewModuleParams, response: moduleAnswer } }, async (request, reply) => {
    const code = await findPreviewModule(db, request.params.file.slice(0, -'.js'.length));
    if (code === null) return reply.code(404).send({ errorCode: 'form.validator.notFound' });
    // Named by the SHA-256 of its code: it never changes.
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'private, max-age=86400, immutable').send(code as never);
  });
}
