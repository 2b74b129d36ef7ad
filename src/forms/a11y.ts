import { descriptionId, errorId, helpId } from '@rjsf/utils';

/** What a field template renders besides the control, so the control can point at it. */
export interface Described {
  hasErrors: boolean;
  hasHelp?: boolean;
  hasDescription?: boolean;
}

/** `aria-describedby` of a control: its error first, then help and description, only those that are shown. */
export function describedBy(id: string, { hasErrors, hasHelp, hasDescription }: Described): string | undefined {
  const ids = [hasErrors ? errorId(id) : null, hasDescription ? descriptionId(id) : null, hasHelp ? helpId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
