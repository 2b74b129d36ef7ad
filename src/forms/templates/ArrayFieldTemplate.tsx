import { getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { translateLabel } from '../translate.ts';

/**
 * A list without a widget of its own: its help (`ui:description`, a message key: the admin settings
 * say there what a list is for, e.g. that a custom field's list needs a value), its items in order,
 * and an add button when more may be added.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { items, canAdd, onAddClick, title, uiSchema, disabled, readonly, fieldPathId } = props;
  const options = getUiOptions(uiSchema);
  // rjsf hands a plain list `schema.title || name` (its property name, e.g. "countryCodes"); the
  // uiSchema's title, where there is one, is the list's label (the admin settings give every setting one).
  const text = translateLabel(t, options.title ?? title, options);
  // Only the uiSchema's: a schema's `description` is prose for developers (org-settings.schema.json).
  const help = typeof options.description === 'string' ? translateLabel(t, options.description, options) : '';
  const helpId = `${fieldPathId.$id}__help`;
  return (
    <fieldset className="form-array" aria-describedby={help ? helpId : undefined}>
      {text ? <legend>{text}</legend> : null}
      {help ? <p id={helpId} className="field-help">{help}</p> : null}
      <ol className="form-array-items">{items}</ol>
      {canAdd && !readonly ? (
        <button type="button" className="button" onClick={onAddClick} disabled={disabled}>{t('form.array.add')}</button>
      ) : null}
    </fieldset>
  );
}
