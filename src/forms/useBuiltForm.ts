import { useEffect, useMemo } from 'react';
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import type { BuiltForm, FormBuilder, FormFlags, FormMode } from '../../schemas/forms/types.ts';
import { formValidatorUrl, preloadValidatorModule } from './validatorModule.ts';

/**
 * A screen's form: `build`'s `{ schema, uiSchema }` for the organisation's settings and these flags,
 * and the address of its precompiled validator (src/forms/validator.ts), which the server builds with
 * the builder it lists as `name` from the same settings and flags. The screen passes its one builder
 * (not the list of them all, which would bring every form into its chunk). Built again only when the
 * settings or the flags change.
 */
export function useBuiltForm(
  orgId: string, settings: OrgSettings, name: FormName, build: FormBuilder, flags: FormFlags, mode: FormMode,
): { form: BuiltForm; validator: string } {
  const flagsJson = JSON.stringify(flags);
  const built = useMemo(() => {
    const parsed = JSON.parse(flagsJson) as FormFlags;
    const form = build(settings, parsed, mode);
    return { form, validator: formValidatorUrl(orgId, name, mode, parsed, form.schema) };
  }, [orgId, settings, name, build, flagsJson, mode]);
  // The module loads while the renderer's script does (SchemaForm is loaded lazily, src/forms/index.ts).
  useEffect(() => preloadValidatorModule(built.validator), [built.validator]);
  return built;
}
