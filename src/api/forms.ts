/** The addresses of the form validator modules (server: routes/public/forms, routes/admin/forms). */
import { paths } from './paths.ts';

export const formModules = {
  /** A built form's module: which form of which organisation, built with which flags, and its schema's hash. */
  form: (runtimeVersion: number, orgId: string, name: string, mode: string, schemaHash: string, flags: object) =>
    `${paths.formValidator(runtimeVersion, orgId, name, mode, schemaHash)}?flags=${encodeURIComponent(JSON.stringify(flags))}`,
  /** The admin settings editor's module. */
  adminSettings: paths.adminSettingsValidator,
};
