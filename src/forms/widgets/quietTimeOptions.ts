import type { WidgetProps } from '@rjsf/utils';
import type { FormSchema } from '../../../schemas/forms/types.ts';
import type { QuietTimeWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { DEFAULT_QUIET_TIME_TITLES, type QuietTimeTitles } from './QuietTimeList.tsx';
import { timeZonesOf, type TimeZoneOption } from './TimeZoneWidget.tsx';
import type { FormContext } from '../formContext.ts';

/** The titles of a frame's parts, from the frame schema (`items` of a quietTimeFrames list) where it has them. */
export function quietTimeTitlesOf(listSchema: FormSchema | undefined): QuietTimeTitles {
  const items = listSchema?.items;
  const properties = items && !Array.isArray(items) && typeof items === 'object' ? items.properties ?? {} : {};
  const titleOf = (name: keyof QuietTimeTitles) => {
    const property = properties[name];
    return property && typeof property === 'object' && typeof property.title === 'string' ? property.title : DEFAULT_QUIET_TIME_TITLES[name];
  };
  return {
    name: titleOf('name'), days: titleOf('days'), fromHour: titleOf('fromHour'), fromMin: titleOf('fromMin'),
    toHour: titleOf('toHour'), toMin: titleOf('toMin'), allDay: titleOf('allDay'),
  };
}

/**
 * The time zone quiet times are kept in: `ui:options.timeZone` (the member's), else the value of the
 * form's field named by `ui:options.timeZoneField` (a pointer, e.g. '/timeZone'), else the one
 * chosen in the picker dialog; and the zones that dialog offers (`ui:options.timeZones`).
 */
export function quietTimeZoneOf(options: WidgetProps['options'] & QuietTimeWidgetOptions, context: FormContext, chosen: string | null): { timeZone: string | null; timeZones: TimeZoneOption[]; field: string | null } {
  const field = typeof options.timeZoneField === 'string' ? options.timeZoneField : null;
  const fromField = field ? context.valueAt(field) : undefined;
  const timeZone = (typeof options.timeZone === 'string' && options.timeZone) || (typeof fromField === 'string' && fromField) || chosen || null;
  return { timeZone, timeZones: timeZonesOf(options), field };
}
