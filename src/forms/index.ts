/**
 * The form renderer's public face: what screens, the admin page and the shared components may use.
 * Everything else in src/forms (templates, widgets, the widget registry, the message policy …) is
 * its own business; a lint rule (eslint.config.js, issue 8 item 8) refuses imports of it from outside.
 */
export { PointPicker, SchemaForm } from './LazySchemaForm.tsx';
export type { SchemaFormProps } from './SchemaForm.tsx';
export type { PointPickerProps } from './widgets/PointPicker.tsx';
export { useBuiltForm } from './useBuiltForm.ts';
import type { FormSchema } from '../../schemas/forms/types.ts';
import type { FormValidator } from './validator.ts';

/** validator.ts's loader, fetched with it on first use: a screen that only names its form's module does not carry it. */
export async function loadFormValidator(url: string, schema: FormSchema): Promise<FormValidator> {
  return (await import('./validator.ts')).loadFormValidator(url, schema);
}
export { FormAlert } from './FormAlert.tsx';
export { done, refused, useSubmission, type FailureMessage, type RefusalAnswer, type Submission, type SubmitOutcome } from './useSubmission.ts';
export type { AsyncCheck } from './useAsyncCheck.ts';
export type { CheckPlace, Geocode } from './formContext.ts';
export { ConfirmDialog } from './components/ConfirmDialog.tsx';
export { addressLines } from './widgets/addressLines.ts';
export { formatStoredDateTime } from './widgets/dateTime.ts';
