/**
 * `GET /forms/v{n}/{orgId}/{form}/{mode}/{schemaHash}.js?flags` (issue 10 item 1): a built form's
 * validator as an ES module (services/validatorModules.ts), for the browser to import instead of
 * compiling the schema itself. The server builds the form from the organisation's settings and the
 * flags the browser built it with, and answers only when its schema is the one the browser has (the
 * hash): a page built from older settings gets 409 `form.changed` and leaves the checking to the
 * server's answer. The address names the schema, so the answer is cached for good.
 */
import { FormValidatorParams, FormValidatorQuery, ValidatorModule } from '../../../../schemas/api/forms.ts';
import { media, refusals } from '../../../../schemas/api/common.ts';
import { FORM_BUILDERS } from '../../../../schemas/forms/formBuilders.ts';
import type { BuiltForm, FormFlags, FormMode } from '../../../../schemas/forms/types.ts';
import { VALIDATOR_RUNTIME_VERSION } from '../../../../schemas/forms/validatorRuntime.ts';
import type { RouteApp } from '../../../http/routeDeps.ts';
import { sendAdmissionRefusal } from '../../../plugins/hashAdmission.ts';
import { createValidatorModuleCache, schemaDigest, validatorModuleCode } from '../../../services/validatorModules.ts';

/** The flags of the query, parsed; null when they are not a JSON object with the feature flags. */
function parseFlags(text: string): FormFlags | null {
  try {
    const flags = JSON.parse(text) as unknown;
    if (!flags || typeof flags !== 'object' || Array.isArray(flags)) return null;
    const { featureFlags } = flags as { featureFlags?: unknown };
    return featureFlags && typeof featureFlags === 'object' && !Array.isArray(featureFlags) ? (flags as FormFlags) : null;
  } catch {
    return null;
  }
}

export default async function formRoutes(app: RouteApp) {
  const modules = createValidatorModuleCache();

  app.get('/forms/:version/:orgId/:form/:mode/:file', {
    schema: { params: FormValidatorParams, querystring: FormValidatorQuery, response: { 200: media('text/javascript', ValidatorModule), ...refusals() } },
    config: { org: 'path' },
  }, async (request, reply) => {
    const { version, form, mode, file } = request.params;
    if (version !== `v${VALIDATOR_RUNTIME_VERSION}`) return reply.code(404).send({ errorCode: 'form.runtimeVersion' });
    const builder = FORM_BUILDERS[form];
    if (!(builder.modes as readonly FormMode[]).includes(mode)) return reply.code(404).send({ errorCode: 'form.mode' });
    const flags = parseFlags(request.query.flags);
    if (!flags) return reply.code(400).send({ errorCode: 'form.flags' });
    let built: BuiltForm;
    try {
      built = builder.build(request.org.settings, flags, mode);
    } catch {
      // Flags the builder cannot read (they did not come from this portal's pages).
      return reply.code(400).send({ errorCode: 'form.flags' });
    }
    const digest = schemaDigest(built.schema);
    if (`${digest}.js` !== file) return reply.code(409).send({ errorCode: 'form.changed' });
    let code = modules.get(digest);
    if (code === undefined) {
      // Compiling costs tens of milliseconds: a client that makes the server compile pays like one that hashes.
      const refused = app.hashAdmission.admit(request.ip);
      if (refused) return sendAdmissionRefusal(reply, refused);
      code = validatorModuleCode(built.schema);
      modules.set(digest, code);
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(code as never);
  });
}
