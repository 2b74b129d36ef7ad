import type { FieldTemplateProps } from '@rjsf/utils';
import type { WidgetName } from '../../schemas/forms/types.ts';
import { WIDGET_LAYOUT, type WidgetLayout } from './widgets.ts';

/**
 * How the field template labels a field: by its widget (widgets.ts WIDGET_LAYOUT), else by its
 * type (a boolean is a checkbox with its own label; an object or array without a widget is a
 * container whose own template draws its legend; anything else has a `<label for>`).
 */
export function widgetLayout({ schema, uiSchema }: Pick<FieldTemplateProps, 'schema' | 'uiSchema'>): WidgetLayout | 'container' {
  const widget = uiSchema?.['ui:widget'];
  if (typeof widget === 'string' && widget in WIDGET_LAYOUT) return WIDGET_LAYOUT[widget as WidgetName];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return 'inline';
  if (type === 'object') return 'container';
  if (type === 'array') return 'container';
  return 'label';
}
