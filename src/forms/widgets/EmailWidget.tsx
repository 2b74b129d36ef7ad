import type { WidgetProps } from '@rjsf/utils';
import { BaseInput } from './BaseInput.tsx';

/** §5 e-mail: an e-mail input (the format itself is checked by the schema's `ssp-email`). */
export function EmailWidget(props: WidgetProps) {
  return <BaseInput {...props} type="email" />;
}
