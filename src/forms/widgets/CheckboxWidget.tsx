import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import type { CheckboxWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { translateLabel } from '../translate.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';

/**
 * A checkbox with its label after it (the field template draws no label of its own for it). With
 * `confirmUncheckKey`, turning it off asks that question first and stays on unless confirmed (§4
 * "Unchecking weather no-disturb asks confirmation").
 */
export function CheckboxWidget(props: WidgetProps & { after?: ReactNode }) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, required, label, onChange, onBlur, onFocus, uiSchema, registry, after } = props;
  const options = getUiOptions(uiSchema) as CheckboxWidgetOptions;
  const text = translateLabel(t, label, options);
  const [confirming, setConfirming] = useState(false);
  if (formContextOf(registry).review) return <ReviewValue text={value === true ? t('form.review.yes') : t('form.review.no')} />;
  return (
    <div className="checkbox">
      <input
        {...controlProps(props)}
        name={props.htmlName ?? id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => {
          if (!event.target.checked && options.confirmUncheckKey) setConfirming(true);
          else onChange(event.target.checked);
        }}
        onBlur={() => onBlur(id, value === true)}
        onFocus={() => onFocus(id, value === true)}
      />
      <label htmlFor={id}>
        {text}
        {required ? <span className="required-marker" aria-hidden="true">*</span> : null}
      </label>
      {after}
      {confirming && options.confirmUncheckKey
        ? (
          <ConfirmDialog
            messageKey={options.confirmUncheckKey}
            onConfirm={() => {
              setConfirming(false);
              onChange(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        )
        : null}
    </div>
  );
}
