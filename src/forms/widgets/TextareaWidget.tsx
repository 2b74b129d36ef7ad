import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';

/** A text of several lines; trimmed when it loses focus (§5 "trimmed"). */
export function TextareaWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, placeholder, onChange, onBlur, onFocus, options, registry } = props;
  const text = typeof value === 'string' ? value : '';
  if (formContextOf(registry).review) return <ReviewValue text={text} />;
  return (
    <textarea
      {...controlProps(props)}
      name={props.htmlName ?? id}
      className="input"
      rows={typeof options.rows === 'number' ? options.rows : 4}
      value={text}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder ? t(placeholder) : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={() => {
        if (text.trim() !== text) onChange(text.trim() === '' ? options.emptyValue : text.trim());
        onBlur(id, text.trim());
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
