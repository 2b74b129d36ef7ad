/**
 * §2 Additional information page; §3 Custom field (attrId, name, dataType STRING/DATE/NUMBER,
 * displayFormat F free / L list / S multi-select, definedValues, editable, mandatory); §5 "Custom
 * fields"; §6 "Custom-field section editable only if some field is editable"; §9 "number custom field 11".
 *
 * Reads `flags.customFields`. Without them the form is empty. Each field is the property
 * `cf_<attrId>`, in the order the server lists them. Values are strings, as they are saved (§3 savedValues).
 * - F (free): DATE is YYYY-MM-DD and a real day ('jquery.validation.dateISO'). NUMBER is at most 11
 *   characters ('jquery.validation.number.length') and an optionally signed decimal
 *   ('jquery.validation.number'): '-12.5' and '+3' pass, '1e5' and '1,000' do not.
 * - L (list): one of definedValues, drawn as a select.
 * An optional field may be absent or '' (nothing chosen, or blanks once trimmed): both mean "not given".
 * - S (multi-select): distinct definedValues, drawn as a multiSelect. A mandatory one needs at least one choice.
 * The data type does not apply to L and S: definedValues are the organisation's own choices.
 *
 * A field is required when it is mandatory and editable. A field the member cannot edit is
 * `ui:readonly` and cannot block the form. In review mode every field is read-only and none is required.
 * Titles and list choices are the organisation's own text, not message keys (`ui:options.titleIsText`,
 * `enumIsText`).
 * On the root, `ui:options.editable` reports §6 whatever the mode (the review page links to the edit
 * page only when it is true), and `ui:options.errorSummary` asks for §2's grouped error summary.
 */
import type { CustomFieldDefinition } from '../entities.ts';
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder, FormSchema } from './types.ts';

/** §5 "optionally signed decimal", or '' (not given; a required field reports it as required). */
const SIGNED_DECIMAL = '^(?:[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+))?$';

const REQUIRED = 'jquery.validation.field.required';

export const buildCustomFieldsSchema: FormBuilder = (_settings, flags, mode) => {
  const fields = flags.customFields ?? [];
  const schemaOf = (field: CustomFieldDefinition, required: boolean): FormSchema => {
    const title = field.name;
    if (field.displayFormat === 'S') {
      return { type: 'array', title, uniqueItems: true, items: { type: 'string', enum: field.definedValues }, ...(required ? { minItems: 1 } : {}) };
    }
    // '' (nothing chosen, or blanks once trimmed) is "not given": allowed unless the field is required.
    const whenRequired = required ? { minLength: 1, messages: { minLength: REQUIRED } } : {};
    if (field.displayFormat === 'L') return { type: 'string', title, enum: ['', ...field.definedValues], ...whenRequired };
    if (field.dataType === 'DATE') {
      // A format cannot allow '' by itself, so the date is checked only when there is one.
      const isoDate: FormSchema = { format: 'ssp-date', messages: { format: 'jquery.validation.dateISO' } };
      return { type: 'string', title, ...whenRequired, if: { minLength: 1 }, then: isoDate };
    }
    if (field.dataType === 'NUMBER') {
      return {
        type: 'string', title, maxLength: LIMITS.numberCustomField.max, pattern: SIGNED_DECIMAL, ...(required ? { minLength: 1 } : {}),
        messages: { maxLength: 'jquery.validation.number.length', pattern: 'jquery.validation.number', ...(required ? { minLength: REQUIRED } : {}) },
      };
    }
    return { type: 'string', title, ...whenRequired };
  };
  const widgetOf = (field: CustomFieldDefinition) => {
    if (field.displayFormat === 'S') return 'multiSelect';
    if (field.displayFormat === 'L') return 'select';
    return field.dataType === 'DATE' ? 'date' : 'text';
  };
  const pieceOf = (field: CustomFieldDefinition): FieldPiece => {
    const editable = mode !== 'review' && field.editable;
    const isRequired = editable && field.mandatory;
    // The title and the list choices are the organisation's own text, not message keys.
    const options = field.displayFormat === 'F' ? { titleIsText: true } : { titleIsText: true, enumIsText: true };
    return readOnlyUnless(editable, { schema: schemaOf(field, isRequired), ui: { 'ui:widget': widgetOf(field), 'ui:options': options }, required: isRequired }, 'ui');
  };

  return assembleForm(Object.fromEntries(fields.map((field) => [`cf_${field.attrId}`, pieceOf(field)])), {
    ui: { 'ui:options': { editable: fields.some((field) => field.editable), errorSummary: true } },
    json: { required: 'whenAny' },
  });
};
