/**
 * The form renderer's public face: what screens, the admin page and the shared components may use.
 * Everything else in src/forms (templates, widgets, the widget registry, the message policy …) is
 * its own business; a lint rule (eslint.config.js, issue 8 item 8) refuses imports of it from outside.
 */
export { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
export { useBuiltForm } from './useBuiltForm.ts';
export { loadFormValidator } from './validator.ts';
export { FormAlert } from './FormAlert.tsx';
export { done, refused, useSubmission, type FailureMessage, type RefusalAnswer, type Submission, type SubmitOutcome } from './useSubmission.ts';
export type { AsyncCheck } from './useAsyncCheck.ts';
