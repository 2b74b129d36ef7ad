import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { SelectWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { formContextOf } from '../formContext.ts';
import { translateOption } from '../translate.ts';
import { ReviewValue } from './ReviewValue.tsx';

/**
 * §3 custom field multi-select (displayFormat S): one checkbox per choice, inside the fieldset the
 * field template draws; §5 "required multi-select needs one choice" is the schema's minItems.
 * §2 review "saved values joined by commas" (counted first when the builder asks: "2 Weather Alerts: …").
 */
export function MultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, onChange, onBlur, options, registry, rawErrors } = props;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const enumOptions = options.enumOptions ?? [];
  if (formContextOf(registry).review) {
    const names = enumOptions.filter((o) => selected.includes(o.value)).map((o) => translateOption(t, o.label, options)).join(', ');
    const { reviewCountKey } = options as SelectWidgetOptions;
    return <ReviewValue text={reviewCountKey && names ? `${t(reviewCountKey, { count: selected.length })}: ${names}` : names} />;
  }
  const toggle = (choice: unknown, on: boolean) => {
    const next = on ? enumOptions.map((o) => o.value).filter((v) => v === choice || selected.includes(v)) : selected.filter((v) => v !== choice);
    onChange(next);
  };
  return (
    <div className="checkbox-list">
      {enumOptions.map((option, index) => {
        const optionId = `${id}__option-${index}`;
        return (
          <div className="checkbox" key={String(option.value)}>
            <input
              id={optionId}
              type="checkbox"
              checked={selected.includes(option.value)}
              disabled={disabled || readonly}
              aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={() => onBlur(id, selected)}
            />
            <label htmlFor={optionId}>{translateOption(t, option.label, options)}</label>
          </div>
        );
      })}
    </div>
  );
}
