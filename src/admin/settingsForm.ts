import type { BuiltForm, FormSchema, UiSchema } from '../../schemas/forms/types.ts';
import { orgSettingsSchema } from '../../schemas/orgSettings.ts';

/**
 * The settings editor's form: org-settings.schema.json itself, drawn by the same renderer. Its
 * property names are the setting names of §3, shown as they are (not message keys), with the
 * schema's descriptions as help.
 */
function uiFor(schema: FormSchema, definitions: Record<string, FormSchema>): UiSchema {
  const target = schema.$ref ? definitions[schema.$ref.replace('#/definitions/', '')] ?? schema : schema;
  const ui: UiSchema = { 'ui:options': { titleIsText: true } };
  for (const [name, child] of Object.entries(target.properties ?? {})) {
    if (typeof child === 'object') ui[name] = uiFor(child, definitions);
  }
  return ui;
}

export function settingsForm(): BuiltForm {
  const schema = orgSettingsSchema as unknown as FormSchema;
  const definitions = (schema.definitions ?? {}) as Record<string, FormSchema>;
  const uiSchema = uiFor(schema, definitions);
  uiSchema['ui:options'] = { titleIsText: true, errorSummary: true };
  return { schema, uiSchema };
}
