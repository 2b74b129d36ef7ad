import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { namedCountries } from '../../../schemas/rules/countries.ts';
import { translateOption } from '../translate.ts';
import { MultiSelectWidget } from './MultiSelectWidget.tsx';
import { SelectControl } from './SelectControl.tsx';

/**
 * Choices a builder names instead of listing them (`ui:options.optionsFrom`): `countries`, every
 * country with a numbering plan named in the member's language (§3 Address country; the same list the
 * phone widget offers, without the numbering metadata: schemas/rules/countries.ts).
 */
function namedChoices(optionsFrom: unknown, language: string) {
  if (optionsFrom !== 'countries') return null;
  return namedCountries(language).map((country) => ({ value: country.code, label: country.name }));
}

/**
 * A choice among the schema's `enum` / `oneOf` values, or the list `ui:options.optionsFrom` names;
 * option labels are message keys, translated unless `ui:options.enumIsText`. An array of choices
 * (rjsf's multi-select) is a MultiSelectWidget.
 */
export function SelectWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation();
  const named = useMemo(() => namedChoices(props.options.optionsFrom, i18n.language), [props.options.optionsFrom, i18n.language]);
  if (props.multiple) return <MultiSelectWidget {...props} />;
  if (named) return <SelectControl {...props} choices={named} />;
  const choices = (props.options.enumOptions ?? [])
    .filter((option) => option.value !== '' && option.value !== null && option.value !== undefined)
    .map((option) => ({ value: String(option.value), label: translateOption(t, option.label, props.options), data: option.value }));
  return <SelectControl {...props} choices={choices} />;
}
