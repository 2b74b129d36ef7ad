import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneCountries } from '../../../schemas/rules/phoneCountries.ts';
import { SelectControl } from '../../forms/widgets/SelectControl.tsx';

/**
 * The address's country (§3 Address: country). The location builder asks for its choices from
 * `optionsFrom: 'countries'`, which the renderer does not provide yet (and statesAndCountries, §7, has
 * no server side yet): the sign-up screen offers every country with a numbering plan, named in the
 * member's language, the same list the phone widget offers.
 */
export function AddressCountryWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  const choices = useMemo(
    () => phoneCountries(i18n.language).filter((country) => country.dialCode !== '').map((country) => ({ value: country.code, label: country.name })),
    [i18n.language],
  );
  return <SelectControl {...props} choices={choices} />;
}
