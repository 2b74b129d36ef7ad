import type { WidgetProps } from '@rjsf/utils';
import { BaseInput } from './BaseInput.tsx';

/** §5 custom-field DATE: the browser's date input, whose value is YYYY-MM-DD. */
export function DateWidget(props: WidgetProps) {
  return <BaseInput {...props} type="date" />;
}
