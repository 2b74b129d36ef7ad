import { getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { translateLabel } from '../translate.ts';

/** A list without a widget of its own: its items in order, and an add button when more may be added. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { items, canAdd, onAddClick, title, uiSchema, disabled, readonly } = props;
  const options = getUiOptions(uiSchema);
  // rjsf hands a plain list `schema.title || name` (its property name, e.g. "countryCodes"); the
  // uiSchema's title, where there is one, is the list's label (the admin settings give every setting one).
  const text = translateLabel(t, options.title ?? title, options);
  return (
    <fieldset className="form-array">
      {text ? <legend>{text}</legend> : null}
      <ol className="form-array-items">{items}</ol>
      {canAdd && !readonly ? (
        <button type="button" className="button" onClick={onAddClick} disabled={disabled}>{t('form.array.add')}</button>
      ) : null}
    </fieldset>
  );
}
