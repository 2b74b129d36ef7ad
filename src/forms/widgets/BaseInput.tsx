import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';
import { useWidgetAsyncCheck } from './useWidgetAsyncCheck.ts';

interface BaseInputProps extends WidgetProps {
  type: InputHTMLAttributes<HTMLInputElement>['type'];
  /** Shown in review mode instead of the value (a password is never shown). */
  reviewText?: string;
  /** Further ids the input's `aria-describedby` names after the field's own (a new password's rules). */
  describedByExtra?: string;
}

const isNumeric = (schema: WidgetProps['schema']) => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
};

/**
 * The one `<input>` behind the text-like widgets. An empty input is an absent value (so `required`
 * says so); a number field gives a number when the text is one (else the text, which validation
 * refuses); the value is trimmed when the field loses focus (§5 "trimmed"; a password is trimmed
 * when it is validated and submitted, not under the member's eyes).
 */
export function BaseInput(props: BaseInputProps) {
  const { t } = useTranslation();
  const { id, type, value, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, schema, uiSchema, registry, reviewText, describedByExtra } = props;
  const asyncCheck = useWidgetAsyncCheck(props);
  if (formContextOf(registry).review) return <ReviewValue text={reviewText ?? (value === undefined || value === null ? '' : String(value))} />;

  // While typing, a number is taken only when it reads back as typed ('44.' stays text, or the dot
  // would vanish); when the field is left, any number is taken.
  const toValue = (text: string, leaving = false): unknown => {
    if (text === '') return options.emptyValue;
    if (!isNumeric(schema) || text.trim() === '' || !Number.isFinite(Number(text))) return text;
    return leaving || String(Number(text)) === text ? Number(text) : text;
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(toValue(event.target.value));
    asyncCheck.onValue(event.target.value);
  };
  const handleBlur = () => {
    const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    const trimmed = type === 'password' ? text : text.trim();
    const next = toValue(trimmed, true);
    if (next !== value) onChange(next);
    onBlur(id, next);
  };
  const control = controlProps(props);
  const describedBy = [control['aria-describedby'], describedByExtra].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <input
        {...control}
        aria-describedby={describedBy}
        name={props.htmlName ?? id}
        type={type}
        className="input"
        value={value === undefined || value === null ? '' : String(value)}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder ? t(placeholder) : undefined}
        autoComplete={typeof uiSchema?.['ui:autocomplete'] === 'string' ? uiSchema['ui:autocomplete'] : undefined}
        inputMode={isNumeric(schema) ? 'numeric' : undefined}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={() => onFocus(id, value)}
      />
      {asyncCheck.state.status === 'pending' ? <span className="field-status" role="status">{t('form.asyncCheck.pending')}</span> : null}
    </>
  );
}
