import { descriptionId, errorId, getUiOptions, helpId, type FieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { isRequired } from '../isRequired.ts';
import { pointerOfPath } from '../pointers.ts';
import { translateLabel } from '../translate.ts';
import { widgetLayout } from '../widgetLayout.ts';

/**
 * One field: a real `<label for>` (or a fieldset legend for a widget made of several controls),
 * the required marker, the help and description texts and the field's messages, each with the id
 * the control's `aria-describedby` names (src/forms/a11y.ts). Labels are message keys, translated
 * unless `ui:options.titleIsText`. In review mode the label heads the value shown as text.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { t } = useTranslation();
  const { id, label, required, children, hidden, schema, uiSchema, registry, fieldPathId, displayLabel, rawHelp, rawDescription } = props;
  const context = formContextOf(registry);
  const options = getUiOptions(uiSchema);
  const pointer = pointerOfPath(fieldPathId.path);
  const drawn = widgetLayout({ schema, uiSchema });
  // A widget drawn beside or around an object's own fields leaves the labelling to those fields.
  const layout = drawn === 'beside' || drawn === 'around' ? 'container' : drawn;
  const isRoot = fieldPathId.path.length === 0;
  // An object drawn by one widget (phone, location) shows the messages of its parts with its own.
  const messages = layout !== 'container' && schema.type === 'object' ? context.messagesWithin(pointer) : (props.rawErrors ?? []);

  if (hidden || options.hidden) return <div className="field-hidden" hidden>{children}</div>;

  const text = translateLabel(t, label, options);
  const errorBlock = messages.length > 0 ? (
    <div id={errorId(id)} className="field-error" tabIndex={isRoot ? -1 : undefined}>
      {messages.map((message) => <p key={message}>{message}</p>)}
    </div>
  ) : null;
  const help = rawHelp ? <p id={helpId(id)} className="field-help">{translateLabel(t, rawHelp, options)}</p> : null;
  const description = rawDescription ? <p id={descriptionId(id)} className="field-description">{translateLabel(t, rawDescription, options)}</p> : null;
  const marker = isRequired({ required, schema, options }) && !context.review ? <span className="required-marker" aria-hidden="true">*</span> : null;
  // rjsf gives objects no label of their own; an object drawn by one widget (phone, location) needs
  // one, or two phone boxes side by side could not be told apart.
  const showLabel = options.label !== false && (displayLabel !== false || (schema.type === 'object' && uiSchema?.['ui:widget'] !== undefined));

  if (isRoot || layout === 'container') {
    return (
      <div className={isRoot ? 'form-root' : 'field field-container'}>
        {isRoot ? errorBlock : null}
        {children}
        {isRoot ? null : errorBlock}
      </div>
    );
  }

  if (context.review) {
    return (
      <div className="field field-review">
        <span className="field-label" id={`${id}__label`}>{text}</span>
        {children}
      </div>
    );
  }

  // A width the builder set for a short answer (`ui:classNames`, schemas/forms/types.ts INPUT_WIDTHS).
  const width = typeof uiSchema?.['ui:classNames'] === 'string' ? ` ${uiSchema['ui:classNames']}` : '';
  const className = `field field-${layout}${messages.length > 0 ? ' field-invalid' : ''}${width}`;
  if (layout === 'group') {
    return (
      <fieldset className={className} id={id} aria-describedby={[messages.length > 0 ? errorId(id) : null, description ? descriptionId(id) : null, help ? helpId(id) : null].filter(Boolean).join(' ') || undefined}>
        <legend className={showLabel ? 'field-label' : 'visually-hidden'}>{text}{marker}</legend>
        {description}
        {children}
        {errorBlock}
        {help}
      </fieldset>
    );
  }
  return (
    <div className={className}>
      {layout === 'label' ? (
        <label htmlFor={id} className={showLabel ? 'field-label' : 'visually-hidden'}>{text}{marker}</label>
      ) : null}
      {description}
      {children}
      {errorBlock}
      {help}
    </div>
  );
}
