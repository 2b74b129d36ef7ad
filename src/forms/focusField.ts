import { errorId } from '@rjsf/utils';
import { idOfPointer, parentPointer } from './pointers.ts';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const byId = (container: ParentNode, id: string) => container.querySelector<HTMLElement>(`[id="${id.replace(/["\\]/g, '\\$&')}"]`);

function isFocusable(element: HTMLElement): boolean {
  return element.matches(FOCUSABLE);
}

/**
 * Moves the focus to the control that edits `pointer` (§4 "focuses first invalid field"): the element
 * whose id is the pointer's, else the first focusable control inside it, else the nearest ancestor
 * field's; at the root, the root's error message. Returns the element focused, if any.
 */
export function focusField(container: ParentNode, idPrefix: string, pointer: string): HTMLElement | null {
  let current = pointer;
  for (;;) {
    const element = byId(container, idOfPointer(idPrefix, current));
    const target = element && (isFocusable(element) ? element : element.querySelector<HTMLElement>(FOCUSABLE));
    if (target) {
      target.focus();
      return target;
    }
    if (current === '/' || current === '') break;
    current = parentPointer(current);
  }
  const message = byId(container, errorId(idOfPointer(idPrefix, '/')));
  message?.focus();
  return message;
}
