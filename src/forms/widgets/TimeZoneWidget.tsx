import type { WidgetProps } from '@rjsf/utils';
import { SelectControl } from './SelectControl.tsx';

import type { TimeZoneOption } from '../../../schemas/forms/widgetOptions.ts';

/** §3 "Time zone option: id, displayLabel" — the zones the server offers, from `ui:options.timeZones`. */
export type { TimeZoneOption };

export const timeZonesOf = (options: WidgetProps['options']): TimeZoneOption[] =>
  Array.isArray(options.timeZones) ? (options.timeZones as TimeZoneOption[]) : [];

/** §2 profile time zone; §5 "Time zone required when mandatory and not 'Please select...'". */
export function TimeZoneWidget(props: WidgetProps) {
  const choices = timeZonesOf(props.options).map((zone) => ({ value: zone.id, label: zone.displayLabel }));
  return <SelectControl {...props} choices={choices} />;
}
