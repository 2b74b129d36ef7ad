/**
 * §3 Quiet time (name, days 1–7 with Sunday first, fromHour, fromMin, toHour, toMin) and its 24-hour
 * option; §4 the quiet-time dialog; §5 "Quiet time name required max 40 ('jquery.validation.maxlength,40');
 * at least one day ('profile.quiet.time.days.required')"; §9 "Hours 0-23, minutes 0-59; … days 1-7";
 * "quiet-time name 40".
 *
 * `buildQuietTimeSchema` builds the form of ONE frame (the dialog). `quietTimeFramesSchema` builds
 * the schema of a contact path's list of frames, which the contact-path builder embeds under
 * `quietTimeFrames` and draws with the `quietTime` widget.
 *
 * Not in this schema: §4 "the 24-hour checkbox makes end equal start". Comparing two fields needs ajv's
 * `$data`, which is off. The dialog sets the end itself. A frame with `allDay` is stored with end equal to start.
 */
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { BuiltForm, FieldPiece, FormBuilder, FormMode, FormSchema } from './types.ts';

const DAYS_REQUIRED = 'profile.quiet.time.days.required';

/** §3 days 1–7, Sunday first. */
const DAY_LABELS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => `profile.quiet.time.day.${day}`);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The schema and uiSchema of one frame; shared by the dialog and the frame list. */
function frame(mode: FormMode): BuiltForm {
  const editable = mode !== 'review';
  // Hours and minutes are shown as the numbers themselves, not as message keys.
  const time = (title: string, to: number): FieldPiece => readOnlyUnless(editable, {
    schema: { type: 'integer', title, enum: range(0, to) },
    ui: { 'ui:widget': 'select', 'ui:options': { enumIsText: true } },
    required: editable,
  }, 'ui');

  return assembleForm({
    name: readOnlyUnless(editable, {
      schema: {
        type: 'string', title: 'profile.quiet.time.name.label', maxLength: LIMITS.quietTimeName.max,
        ...(editable ? { minLength: 1, messages: { minLength: 'jquery.validation.field.required' } } : {}),
      },
      ui: { 'ui:widget': 'text' },
      required: editable,
    }, 'ui'),
    days: readOnlyUnless(editable, {
      schema: {
        type: 'array', title: 'profile.quiet.time.days.label', uniqueItems: true,
        items: { type: 'integer', enum: range(1, 7) },
        ...(editable ? { minItems: 1, messages: { required: DAYS_REQUIRED, minItems: DAYS_REQUIRED } } : {}),
      },
      ui: { 'ui:widget': 'multiSelect', 'ui:enumNames': DAY_LABELS },
      required: editable,
    }, 'ui'),
    fromHour: time('profile.quiet.time.fromHour.label', 23),
    fromMin: time('profile.quiet.time.fromMin.label', 59),
    toHour: time('profile.quiet.time.toHour.label', 23),
    toMin: time('profile.quiet.time.toMin.label', 59),
    allDay: readOnlyUnless(editable, {
      schema: { type: 'boolean', title: 'profile.quiet.time.allDay.label', default: false },
      ui: { 'ui:widget': 'checkbox' },
    }, 'ui'),
  }, {
    order: ['name', 'days', 'allDay', 'fromHour', 'fromMin', 'toHour', 'toMin'],
    json: { required: 'whenAny', uiInShownOrder: true },
  });
}

export const buildQuietTimeSchema: FormBuilder = (_settings, _flags, mode) => frame(mode);

/**
 * §3 Contact path quietTimeFrames: the list of one path's frames, each checked as in the dialog. The
 * contact-path builder embeds it and draws it with `'ui:widget': 'quietTime'` (the list with add,
 * edit and delete of §4). The default mode is 'edit'; in 'review' the frames require nothing.
 */
export function quietTimeFramesSchema(mode: FormMode = 'edit'): FormSchema {
  return { type: 'array', title: 'profile.quiet.time.label', items: frame(mode).schema };
}
