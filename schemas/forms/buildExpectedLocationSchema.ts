/**
 * §2 Locations page, expected (travel) locations: the add/edit dialog. §3 Address / location fields
 * including arriveDate and expireDate. §5 "Expected locations need arriveDate and expireDate". §9
 * "Date display 'MMM DD, YYYY HH:mm', stored YYYY-MM-DD HH:mm".
 *
 * The address part is the location dialog's (buildLocationSchema), with the same fields, rules and
 * map. Only editability differs: it follows `addressSetting.expectedLocEditable` (§3 editableExpLoc,
 * §6), not `addressSetting.editable`. §5 also allows editing a row only when its geocoding source is
 * Manual and it has no travel segment. That depends on the row, so the screen opens such a row with
 * mode 'review' (§4 "modes add, edit, view"). Location names of expected locations are not checked for
 * uniqueness (§5), so their field has no asyncCheck.
 *
 * Dates are stored as 'YYYY-MM-DD HH:mm', not as JSON Schema `date-time`, for three reasons:
 * - §9 stores that form, and §7's createOrUpdate sends the stored address, so the wire stays as written.
 * - `date-time` would split the validators. The browser's rjsf validator adds ajv-formats and would
 *   check it. The server registers only FORM_FORMATS and would ignore it.
 * - In this form, string order is time order, which a "not before" rule can compare.
 * The pattern checks the ranges of month, day, hour and minute. It cannot reject a day a month
 * lacks, such as 2026-02-30 10:00.
 *
 * "expireDate not before arriveDate" is not in this schema. JSON Schema cannot compare two fields
 * without ajv's `$data`, and `$data` is not enabled. It needs a custom keyword in keywords.ts.
 */
import { assembleForm } from './assembleForm.ts';
import { locationPieces, locationUi } from './buildLocationSchema.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder } from './types.ts';
import { DATE_TIME_FORMATS } from './widgetOptions.ts';

/** §9 "stored YYYY-MM-DD HH:mm". '' passes the pattern: an empty required date is reported as required. */
const STORED_DATE_TIME = '^(?:\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]) (?:[01]\\d|2[0-3]):[0-5]\\d)?$';

export const buildExpectedLocationSchema: FormBuilder = (settings, _flags, mode) => {
  const { expectedLocEditable } = settings.addressSetting;
  // §5: the name of an expected location is not checked for uniqueness (no asyncCheck).
  const location = locationPieces({ ...settings, addressSetting: { ...settings.addressSetting, editable: expectedLocEditable } }, mode, { checkNameUnique: false });
  const { editable } = location;

  const date = (title: string): FieldPiece => readOnlyUnless(editable, {
    schema: {
      type: 'string', title, pattern: STORED_DATE_TIME,
      ...(editable ? { minLength: 1, messages: { minLength: 'jquery.validation.field.required' } } : {}),
    },
    ui: { 'ui:widget': 'date', 'ui:options': { withTime: true, format: DATE_TIME_FORMATS.stored, displayFormat: DATE_TIME_FORMATS.display } },
    required: editable,
  }, 'ui');

  return assembleForm(
    { ...location.pieces, arriveDate: date('ssp.location.arriveDate.label'), expireDate: date('ssp.location.expireDate.label') },
    { ui: locationUi(location), json: { required: 'whenAny' } },
  );
};
