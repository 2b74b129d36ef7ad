/**
 * The form validator modules (issue 10 item 1): `GET /forms/v{n}/{orgId}/{form}/{mode}/{schemaHash}.js?flags`
 * answers the built form's precompiled validator as an ES module (server/services/validatorModules.ts);
 * `POST /admin/api/orgs/{orgId}/forms/{form}/validator` compiles the admin preview's form from
 * unsaved settings and answers the address of its module, `GET /admin/api/forms/validators/{file}`.
 */
import { Type, type Static } from 'typebox';
import { FORM_BUILDERS, type FormName } from '../forms/formBuilders.ts';
import type { FormMode } from '../forms/types.ts';
import { OrgId } from './common.ts';

export const FormNameParam = Type.Unsafe<FormName>(Type.Enum(Object.keys(FORM_BUILDERS)));
export const FormModeParam = Type.Unsafe<FormMode>(Type.Enum(['signup', 'edit', 'review']));

/** A module's file name: rjsf's hash of the schema (a signed 32-bit hexadecimal number), then `.js`. */
export const ModuleFile = Type.String({ pattern: '^-?[0-9a-f]{1,8}\\.js$' });

export const FormValidatorParams = Type.Object({
  version: Type.String({ pattern: '^v[0-9]{1,4}$' }),
  orgId: OrgId,
  form: FormNameParam,
  mode: FormModeParam,
  file: ModuleFile,
});
export type FormValidatorParams = Static<typeof FormValidatorParams>;

/** The flags the browser built the form with (schemas/forms/types.ts FormFlags), as JSON. */
export const FormValidatorQuery = Type.Object({ flags: Type.String({ minLength: 2, maxLength: 8000 }) });
export type FormValidatorQuery = Static<typeof FormValidatorQuery>;

/** The module: `export default function createValidators(runtime) { … }`. */
export const ValidatorModule = Type.String({ description: 'An ES module: export default function createValidators(runtime)' });

/** The admin preview's form: which one, in which mode, from the settings being edited. */
export const PreviewValidatorBody = Type.Object({
  settings: Type.Unsafe<object>(Type.Object({})),
  mode: FormModeParam,
}, { additionalProperties: false });
export type PreviewValidatorBody = Static<typeof PreviewValidatorBody>;

/** Where the compiled preview form's module is. */
export const PreviewValidatorAnswer = Type.Object({ url: Type.String() });
export type PreviewValidatorAnswer = Static<typeof PreviewValidatorAnswer>;

/** A preview module's file: the base64url SHA-256 of its code, then `.js`. */
export const PreviewModuleParams = Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.js$' }) });
export type PreviewModuleParams = Static<typeof PreviewModuleParams>;
