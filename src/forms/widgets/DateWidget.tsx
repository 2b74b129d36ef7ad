import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { BaseInput } from './BaseInput.tsx';
import { formatStoredDateTime } from './dateTime.ts';

/**
 * §5 custom-field DATE: the browser's date input, whose value is YYYY-MM-DD. With `withTime` (§9
 * "Date display 'MMM DD, YYYY HH:mm', stored YYYY-MM-DD HH:mm": an expected location's arrival and
 * end) the browser's date-and-time input, whose 'YYYY-MM-DDTHH:mm' is stored with a space; the
 * review shows it as §9 displays it, in the page's language.
 */
export function DateWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  if (props.options.withTime !== true) return <BaseInput {...props} type="date" />;
  const stored = typeof props.value === 'string' ? props.value : '';
  return (
    <BaseInput
      {...props}
      type="datetime-local"
      value={stored.replace(' ', 'T')}
      onChange={(value: unknown) => props.onChange(typeof value === 'string' ? value.replace('T', ' ') : value)}
      reviewText={formatStoredDateTime(stored, i18n.language)}
    />
  );
}
