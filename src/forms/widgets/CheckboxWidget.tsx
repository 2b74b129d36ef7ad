import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { translateLabel } from '../translate.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';

/** A checkbox with its label after it (the field template draws no label of its own for it). */
export function CheckboxWidget(props: WidgetProps & { after?: ReactNode }) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, required, label, onChange, onBlur, onFocus, uiSchema, registry, after } = props;
  const text = translateLabel(t, label, getUiOptions(uiSchema));
  if (formContextOf(registry).review) return <ReviewValue text={value === true ? t('form.review.yes') : t('form.review.no')} />;
  return (
    <div className="checkbox">
      <input
        {...controlProps(props)}
        name={props.htmlName ?? id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value === true)}
        onFocus={() => onFocus(id, value === true)}
      />
      <label htmlFor={id}>
        {text}
        {required ? <span className="required-marker" aria-hidden="true">*</span> : null}
      </label>
      {after}
    </div>
  );
}
