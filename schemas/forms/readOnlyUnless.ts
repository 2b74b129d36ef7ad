/**
 * §6 "editable" flags: a field the member may not change is drawn read-only, written once here
 * instead of a hand-written pair in every builder (issue 8 item 9).
 */
import type { FieldPiece, UiSchema } from './types.ts';

/**
 * Which maps say a field is read-only: the schema's `readOnly` annotation and the ui's
 * `'ui:readonly'` (profile and sign-up fields the server locks per member), or the ui alone (forms
 * that lock every field together: the location dialogs, quiet times, custom fields, as they always
 * did). Validators ignore `readOnly`; the renderer reads either.
 */
export type ReadOnlyMarks = 'schema and ui' | 'ui';

/** The ui, marked read-only unless editable. */
export function readOnlyUiUnless(editable: boolean, ui: UiSchema = {}): UiSchema {
  return editable ? ui : { ...ui, 'ui:readonly': true };
}

/** The piece as it is when editable; otherwise marked read-only (added last, after the piece's own keys). */
export function readOnlyUnless(editable: boolean, piece: FieldPiece, marks: ReadOnlyMarks = 'schema and ui'): FieldPiece {
  if (editable) return piece;
  return {
    ...piece,
    schema: marks === 'ui' ? piece.schema : { ...piece.schema, readOnly: true },
    ui: readOnlyUiUnless(false, piece.ui),
  };
}
