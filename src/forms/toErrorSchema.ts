import type { ErrorSchema } from '@rjsf/utils';
import { pointerSegments } from './pointers.ts';

/** One message to show, at the field its pointer names. */
export interface ShownMessage {
  pointer: string;
  message: string;
}

/**
 * Turns messages located by JSON pointer into rjsf's ErrorSchema (`{ field: { __errors: [...] } }`),
 * the shape `extraErrors` takes, so the form's own templates show them inline at their fields.
 */
export function toErrorSchema(messages: readonly ShownMessage[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { pointer, message } of messages) {
    let node = root;
    for (const segment of pointerSegments(pointer)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    if (!list.includes(message)) list.push(message);
  }
  return root as ErrorSchema;
}
