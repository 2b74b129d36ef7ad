import { useEffect, type RefObject } from 'react';
import { focusField } from './focusField.ts';

/** §9 "focus delay after validation 300 ms". */
export const FOCUS_DELAY_MS = 300;

/**
 * Moves the focus to the field a request names, FOCUS_DELAY_MS after the request (§4 "focuses first
 * invalid field (300 ms delay)"). A newer request replaces a pending one; none fires after unmount.
 */
export function useFieldFocus(container: RefObject<HTMLElement | null>, idPrefix: string, request: { readonly pointer: string } | null): void {
  useEffect(() => {
    if (!request) return undefined;
    const timer = setTimeout(() => {
      if (container.current) focusField(container.current, idPrefix, request.pointer);
    }, FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [container, idPrefix, request]);
}
