import type { WidgetProps } from '@rjsf/utils';
import { BaseInput } from './BaseInput.tsx';

/** A one-line text (or number) field. */
export function TextWidget(props: WidgetProps) {
  return <BaseInput {...props} type="text" />;
}
