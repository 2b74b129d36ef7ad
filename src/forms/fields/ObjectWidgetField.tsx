import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type FieldProps, type UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';
import { pointerOfPath } from '../pointers.ts';
import { WIDGET_LAYOUT } from '../widgets.ts';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField!;

/**
 * rjsf draws an object property by property and ignores `ui:widget` on it; the portal has widgets
 * whose value is an object (phone `{ value, countryCode, noValidate }`, location `{ lat, lon, … }`).
 * This field hands such an object to its widget whole; any other object is rjsf's.
 */
export function ObjectWidgetField(props: FieldProps) {
  const { schema, uiSchema, registry, fieldPathId, formData, onChange, onBlur, onFocus, disabled, readonly, required, name, autofocus, hideError } = props;
  const widgetName = uiSchema?.['ui:widget'];
  if (typeof widgetName !== 'string' || !(widgetName in registry.widgets)) return <DefaultObjectField {...props} />;
  const Widget = registry.widgets[widgetName]!;
  const { title: uiTitle, ...options } = getUiOptions(uiSchema, registry.globalUiOptions);
  const id = fieldPathId.$id;
  const rawErrors = formContextOf(registry).messagesWithin(pointerOfPath(fieldPathId.path));
  const layout = WIDGET_LAYOUT[widgetName as keyof typeof WIDGET_LAYOUT];
  // A widget drawn around the object's fields draws them itself, with the uiSchema it gives them.
  const around = layout === 'around' ? { drawFields: (fieldsUi: RjsfUiSchema) => <DefaultObjectField {...props} uiSchema={fieldsUi} /> } : {};
  const widget = (
    <Widget
      id={id}
      name={name}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      value={formData}
      options={options}
      label={(uiTitle as string | undefined) ?? schema.title ?? name}
      required={required}
      disabled={disabled}
      readonly={readonly || Boolean(uiSchema?.['ui:readonly'])}
      autofocus={autofocus}
      hideError={hideError}
      rawErrors={rawErrors}
      onChange={(value: unknown) => onChange(value, fieldPathId.path, undefined, id)}
      onBlur={onBlur}
      onFocus={onFocus}
      {...around}
    />
  );
  // The map is drawn beside the address fields, which stay rjsf's (schemas/forms/buildLocationSchema.ts).
  if (layout === 'beside') {
    return (
      <div className="object-with-widget">
        <DefaultObjectField {...props} />
        {widget}
      </div>
    );
  }
  return widget;
}
