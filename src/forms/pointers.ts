/**
 * JSON pointers (the `pointer` of a FieldError) and the ids of the form's fields. The form uses `/`
 * as rjsf's id separator, so a field's id is the id prefix followed by its pointer
 * (`root/contactPaths/0/value`): the id of any control can be turned back into the pointer it edits.
 */

const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The path segments of a JSON pointer ('/' is the root, no segments). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.replace(/^\//, '').split('/').map(unescapeSegment);
}

/** The JSON pointer of path segments (rjsf's `fieldPathId.path`). */
export function pointerOfPath(path: readonly (string | number)[]): string {
  return path.length === 0 ? '/' : `/${path.map((s) => escapeSegment(String(s))).join('/')}`;
}

/** The id of the control that edits `pointer` ('/' is the form's root: the prefix itself). */
export function idOfPointer(idPrefix: string, pointer: string): string {
  return pointer === '/' || pointer === '' ? idPrefix : `${idPrefix}${pointer}`;
}

/** The pointer a control id edits, or null for an id outside the form. Suffixes after `__` (help, error ids) are dropped. */
export function pointerOfId(idPrefix: string, id: string): string | null {
  if (id !== idPrefix && !id.startsWith(`${idPrefix}/`)) return null;
  const rest = id.slice(idPrefix.length).split('__')[0]!;
  return rest === '' ? '/' : rest;
}

/** True when `pointer` is `ancestor` or lies below it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  if (ancestor === '/' || ancestor === '') return true;
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/** The pointer one level up ('/' stays '/'). */
export function parentPointer(pointer: string): string {
  const index = pointer.lastIndexOf('/');
  return index <= 0 ? '/' : pointer.slice(0, index);
}
