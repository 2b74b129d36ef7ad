import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { translateOption } from '../translate.ts';
import { MultiSelectWidget } from './MultiSelectWidget.tsx';
import { SelectControl } from './SelectControl.tsx';

/**
 * A choice among the schema's `enum` / `oneOf` values; option labels are message keys, translated
 * unless `ui:options.enumIsText`. An array of choices (rjsf's multi-select) is a MultiSelectWidget.
 */
export function SelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  if (props.multiple) return <MultiSelectWidget {...props} />;
  const choices = (props.options.enumOptions ?? [])
    .filter((option) => option.value !== '' && option.value !== null && option.value !== undefined)
    .map((option) => ({ value: String(option.value), label: translateOption(t, option.label, props.options), data: option.value }));
  return <SelectControl {...props} choices={choices} />;
}
