/**
 * §3 Custom field `attrId`: the id a member's saved values are kept under. An administrator never
 * types one: a field saved without it gets the next free id, one more than the highest in use, in
 * the order the fields are listed; a field that has one keeps it. The server numbers the fields it
 * saves past every id the organisation's current and kept settings use (services/orgSettings.ts);
 * the admin preview numbers the fields not saved yet the same way, past the ones in the list, so
 * each is its own `cf_<attrId>` in the forms it draws.
 */
export function withCustomFieldIds<F extends { attrId?: number }>(fields: readonly F[], idsInUse: Iterable<number> = []): (F & { attrId: number })[] {
  let highest = 0;
  for (const id of idsInUse) highest = Math.max(highest, id);
  for (const field of fields) highest = Math.max(highest, field.attrId ?? 0);
  return fields.map((field) => (field.attrId === undefined ? { ...field, attrId: (highest += 1) } : (field as F & { attrId: number })));
}
