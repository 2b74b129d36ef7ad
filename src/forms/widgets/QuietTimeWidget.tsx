import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { QuietTimeFrame } from '../../../schemas/entities.ts';
import type { FormSchema } from '../../../schemas/forms/types.ts';
import { formContextOf } from '../formContext.ts';
import { QuietTimeList } from './QuietTimeList.tsx';
import { quietTimeTitlesOf, quietTimeZoneOf } from './quietTimeOptions.ts';

/** §3 quietTimeFrames drawn on their own (`'ui:widget': 'quietTime'` on the list); see QuietTimeList. */
export function QuietTimeWidget(props: WidgetProps) {
  const { id, value, onChange, options, schema, registry, disabled, readonly } = props;
  const context = formContextOf(registry);
  const [chosen, setChosen] = useState<string | null>(null);
  const { timeZone, timeZones, field } = quietTimeZoneOf(options, context, chosen);
  return (
    <QuietTimeList
      id={id}
      frames={Array.isArray(value) ? (value as QuietTimeFrame[]) : []}
      onChange={onChange}
      context={context}
      titles={quietTimeTitlesOf(schema as FormSchema)}
      timeZone={timeZone}
      timeZones={timeZones}
      onTimeZoneChosen={(zone) => {
        setChosen(zone);
        if (field) context.setValueAt(field, zone);
      }}
      disabled={disabled}
      readonly={readonly}
    />
  );
}
