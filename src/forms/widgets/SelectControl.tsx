import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';

/** One choice of a select: its value and the text shown (already translated where it is a key). */
export interface Choice {
  value: string;
  label: string;
  lang?: string;
  /** The value the form holds when it is not the string itself (a number of an integer enum). */
  data?: unknown;
}

/**
 * The one `<select>` behind the select-like widgets: a first empty choice ('Please select...',
 * §5: choosing it is choosing nothing) unless a value is required and set, then the choices. A
 * read-only select cannot be changed (it is disabled; the value stays in the form's data).
 */
export function SelectControl(props: WidgetProps & { choices: readonly Choice[] }) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, required, onChange, onBlur, onFocus, options, registry, choices } = props;
  const current = value === undefined || value === null ? '' : String(value);
  if (formContextOf(registry).review) return <ReviewValue text={choices.find((c) => c.value === current)?.label ?? current} />;
  const showEmpty = !required || current === '' || !choices.some((c) => c.value === current);
  return (
    <select
      {...controlProps(props)}
      name={props.htmlName ?? id}
      className="input"
      value={current}
      disabled={disabled || readonly}
      onChange={(event) => {
        const chosen = choices.find((choice) => choice.value === event.target.value);
        onChange(chosen ? ('data' in chosen ? chosen.data : chosen.value) : options.emptyValue);
      }}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      {showEmpty ? <option value="">{t('form.select.placeholder')}</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value} lang={choice.lang}>{choice.label}</option>
      ))}
    </select>
  );
}
