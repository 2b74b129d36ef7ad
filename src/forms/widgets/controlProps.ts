import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from '../a11y.ts';

/**
 * The accessibility attributes every control of a widget carries: its id (the field template's
 * `<label for>` names it), `aria-describedby` naming the field's error, description and help (only
 * those shown), `aria-invalid` while the field has a message, and `required`.
 */
export function controlProps({ id, rawErrors, uiSchema, schema, required }: Pick<WidgetProps, 'id' | 'rawErrors' | 'uiSchema' | 'schema' | 'required'>) {
  const hasErrors = (rawErrors?.length ?? 0) > 0;
  return {
    id,
    required: Boolean(required),
    'aria-invalid': hasErrors ? true : undefined,
    'aria-describedby': describedBy(id, {
      hasErrors,
      hasHelp: Boolean(uiSchema?.['ui:help']),
      hasDescription: Boolean(uiSchema?.['ui:description'] ?? schema.description),
    }),
  } as const;
}
