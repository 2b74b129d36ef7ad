/**
 * The custom-field calls of §7 (issue 12 "Additional information"), the member's own
 * (`/{orgId}/{contactId}/…`):
 * - `GET /{orgId}/{contactId}/customFields` → §3 Custom field of every field the organisation shows
 *   (`settings.customFields` when `showCustomfield` is on, none otherwise), in its order, each with
 *   the member's `savedValues`, and `editable`: §6 "Custom-field section editable only if some field
 *   is editable";
 * - `POST /{orgId}/{contactId}/customFields` (form `rs`: JSON text of a list of `{attrId,
 *   savedValues}`) → `status: 'yes'`; 400 `{errorCode: 'validation', errors}` with §5's keys at the
 *   fields' pointers (`/cf_<attrId>`); 400 `request.invalid` for an attrId the organisation does not
 *   show, one named twice, or more than one value for a field that takes one.
 *
 * The spec names `rs` but not its shape: it is the GET answer's list as the page sends it back, so an
 * entry may carry the other §3 fields too (ignored: the organisation's definition decides). A field
 * left out keeps its saved values; `savedValues: []` (or `['']`) clears it; a field the member may not
 * edit keeps its values whatever is sent. The bounds are generous (a definition has at most 100
 * choices of 100 characters, org-settings.schema.json); the rules are the custom-field builder's.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Text, type Refusal, type Reply } from './common.ts';

export { MemberParams } from './profile.ts';

/** §3 Custom field dataType and displayFormat (F free, L list, S multi-select). */
const DataType = Type.Unsafe<'STRING' | 'DATE' | 'NUMBER'>({ type: 'string', enum: ['STRING', 'DATE', 'NUMBER'] });
const DisplayFormat = Type.Unsafe<'F' | 'L' | 'S'>({ type: 'string', enum: ['F', 'L', 'S'] });

/** The longest value a free text field keeps (§9 names no limit for it). */
export const MAX_CUSTOM_VALUE_LENGTH = 500;

/** §3 Custom field as `GET …/customFields` answers it: the definition and the member's values. */
export const CustomFieldAnswer = Type.Object({
  attrId: Type.Integer(),
  name: Type.String(),
  dataType: DataType,
  displayFormat: DisplayFormat,
  definedValues: Type.Array(Type.String()),
  /** One value for F and L, the choices for S; `[]` when none. */
  savedValues: Type.Array(Type.String()),
  editable: Type.Boolean(),
  mandatory: Type.Boolean(),
});
export type CustomFieldAnswer = Static<typeof CustomFieldAnswer>;

export const CustomFieldsAnswer = Type.Object({
  customFields: Type.Array(CustomFieldAnswer),
  /** §6: some field is editable (the review page links to the edit page only then). */
  editable: Type.Boolean(),
});
export type CustomFieldsAnswer = Static<typeof CustomFieldsAnswer>;

/** One entry of `rs`: the field and the member's values; the other §3 fields may come back as they came, and are ignored. */
export const CustomFieldInput = Type.Object({
  attrId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  savedValues: Type.Array(Text(MAX_CUSTOM_VALUE_LENGTH), { maxItems: 100 }),
  name: Type.Optional(Text(200)),
  dataType: Type.Optional(Text(20)),
  displayFormat: Type.Optional(Text(5)),
  definedValues: Type.Optional(Type.Array(Text(200), { maxItems: 100 })),
  editable: Type.Optional(Type.Boolean()),
  mandatory: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type CustomFieldInput = Static<typeof CustomFieldInput>;

/** The save's body as it is validated: `rs` holds JSON text in the form (§7); the route reads it first, so a JSON body with the list itself is taken alike. */
export const SaveCustomFieldsBody = Type.Object({
  rs: Type.Array(CustomFieldInput, { maxItems: 50 }),
});
export type SaveCustomFieldsBody = Static<typeof SaveCustomFieldsBody>;

/** What the browser sends: `rs` as JSON text (a form). */
export interface SaveCustomFieldsForm {
  rs: string;
}

/** §7 "status 'yes'". */
export const SaveCustomFieldsAnswer = Type.Object({ status: Type.String() });
export type SaveCustomFieldsAnswer = Static<typeof SaveCustomFieldsAnswer>;
export type SaveCustomFieldsReply = Reply<SaveCustomFieldsAnswer, Refusal>;
