import Form, { type IChangeEvent } from '@rjsf/core';
import { createSchemaUtils, deepEquals, type Experimental_DefaultFormStateBehavior, type RJSFSchema, type UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trimStrings } from '../../schemas/forms/trimStrings.ts';
import type { BuiltForm, FieldError } from '../../schemas/forms/types.ts';
import '../styles/forms.css';
import { ErrorSummary, type ErrorSummaryEntry } from './ErrorSummary.tsx';
import { FIELDS } from './fields.ts';
import { focusField } from './focusField.ts';
import { valueAtPointer, type FormContextData } from './formContext.ts';
import { isWithin, pointerOfId, pointerSegments } from './pointers.ts';
import { TEMPLATES } from './templates.ts';
import { toErrorSchema } from './toErrorSchema.ts';
import { translateFieldError, translateLabel } from './translate.ts';
import type { AsyncCheck } from './useAsyncCheck.ts';
import { formValidator, validateFormData } from './validator.ts';
import { WIDGETS } from './widgets.ts';

/** §9 "focus delay after validation 300 ms". */
export const FOCUS_DELAY_MS = 300;

export interface SchemaFormProps<T> {
  /** A builder's output (schemas/forms): what to draw and how to validate it. */
  form: BuiltForm;
  formData: T;
  onChange?: (data: T) => void;
  /** Called with the trimmed data, only when the browser's validation passes. */
  onSubmit: (data: T) => void;
  /** The server's 400 `{ errorCode: 'validation', errors }`: shown inline like the browser's own. */
  serverErrors?: readonly FieldError[];
  disabled?: boolean;
  submitLabelKey: string;
  /** Read-only review (§2 review page): every value as text, no submit button. */
  review?: boolean;
  /** The ids of the fields start with it (default 'root'); give two forms on one page different ones. */
  idPrefix?: string;
  /** Server checks a field names in `ui:options.asyncCheck` (§5 async uniqueness check). */
  asyncChecks?: Readonly<Record<string, AsyncCheck>>;
  /** Further actions beside the submit button (cancel, skip …). */
  children?: ReactNode;
  /** Shown just above the submit button, before it in reading order too (§4 sign-up failure message). */
  aboveSubmit?: ReactNode;
}

interface RootOptions {
  errorSummary?: boolean;
  submitNeeds?: string[];
}

/**
 * rjsf's defaults, except that a `const` is not a default: the terms box (`const: true`, §2 "terms
 * acceptance") must start unticked, not accepted on the member's behalf.
 */
const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };

const NO_CHECKS: Readonly<Record<string, AsyncCheck>> = {};
const NO_ERRORS: readonly FieldError[] = [];

const covers = (pointers: ReadonlySet<string>, pointer: string) => [...pointers].some((p) => isWithin(pointer, p));

/**
 * The portal's one form renderer (ARCHITECTURE.md "The one idea"): rjsf draws a builder's
 * `{ schema, uiSchema }` with our templates and the widget registry; validation is ours, once:
 * the shared ajv validator (src/forms/validator.ts) turned into `{ pointer, key, params }` by
 * schemas/forms/fieldErrors.ts, translated, and shown inline through rjsf's `extraErrors`.
 * §5 "checked on blur and submit": a field's messages appear when it loses focus or the form is
 * submitted, not while typing; after a refused submit the first invalid field gets the focus
 * 300 ms later (§4, §9). The server's errors are shown the same way and leave a field once it is edited.
 */
export function SchemaForm<T = Record<string, unknown>>({
  form, formData, onChange, onSubmit, serverErrors = NO_ERRORS, disabled = false, submitLabelKey, review = false,
  idPrefix = 'root', asyncChecks = NO_CHECKS, children, aboveSubmit,
}: SchemaFormProps<T>) {
  const { t } = useTranslation();
  const { schema, uiSchema } = form;
  const rjsfSchema = schema as RJSFSchema;
  const rootOptions = (uiSchema['ui:options'] ?? {}) as RootOptions;
  const formRef = useRef<Form<T>>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // rjsf fills in the schema's defaults; doing it here first means the form never reports a change
  // while it is being constructed, and the submit gate below sees the defaults too. The form is
  // controlled: `current` is what rjsf shows; new data from the parent replaces it only when it differs.
  const schemaUtils = useMemo(() => createSchemaUtils<T>(formValidator as never, rjsfSchema, DEFAULT_FORM_STATE_BEHAVIOR), [rjsfSchema]);
  const withDefaults = (data: T) => schemaUtils.getDefaultFormState(rjsfSchema, data) as T;
  const [current, setCurrent] = useState<T>(() => withDefaults(formData));
  const [seenData, setSeenData] = useState(formData);
  if (seenData !== formData && !deepEquals(seenData, formData)) {
    setSeenData(formData);
    setCurrent(withDefaults(formData));
  }

  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [clientErrors, setClientErrors] = useState<readonly FieldError[]>(NO_ERRORS);
  const [asyncErrors, setAsyncErrors] = useState<Readonly<Record<string, FieldError>>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  // The server's errors as last answered. After a submit, whatever the parent passes next is the
  // answer, even if equal to the last one; otherwise only a different list is (a parent may pass an
  // equal list again on every render), so the focus does not jump and edited fields stay cleared.
  const [answered, setAnswered] = useState(serverErrors);
  const [propSeen, setPropSeen] = useState(serverErrors);
  const [awaitingAnswer, setAwaitingAnswer] = useState(false);
  if (propSeen !== serverErrors) {
    setPropSeen(serverErrors);
    if (awaitingAnswer || !deepEquals(answered, serverErrors)) {
      setAwaitingAnswer(false);
      setAnswered(serverErrors);
      setEdited(new Set());
    }
  }

  const validate = useCallback((data: unknown) => validateFormData(schema, trimStrings(data)), [schema]);

  const focusLater = useCallback((pointer: string | undefined) => {
    if (focusTimer.current !== null) clearTimeout(focusTimer.current);
    if (pointer === undefined) return;
    focusTimer.current = setTimeout(() => {
      focusTimer.current = null;
      if (containerRef.current) focusField(containerRef.current, idPrefix, pointer);
    }, FOCUS_DELAY_MS);
  }, [idPrefix]);

  useEffect(() => () => {
    if (focusTimer.current !== null) clearTimeout(focusTimer.current);
  }, []);

  // New server errors: the first field they name gets the focus, as after a refused submit.
  useEffect(() => {
    if (answered.length > 0) focusLater(answered[0]!.pointer);
  }, [answered, focusLater]);

  const shownErrors = useMemo(() => {
    const client = submitted ? clientErrors : clientErrors.filter((error) => covers(touched, error.pointer));
    const fromServer = answered.filter((error) => !covers(edited, error.pointer));
    return [...client, ...Object.values(asyncErrors), ...fromServer];
  }, [submitted, clientErrors, touched, answered, edited, asyncErrors]);

  const shown = useMemo(
    () => shownErrors.map((error) => ({ pointer: error.pointer, message: translateFieldError(t, error), error })),
    [shownErrors, t],
  );
  const extraErrors = useMemo(() => toErrorSchema(shown), [shown]);

  // The callbacks handed to widgets read the latest data and validator through refs: rjsf may keep
  // an older registry (and the callbacks in it) while the data it holds is unchanged.
  const latest = useRef({ current, validate });
  useEffect(() => {
    latest.current = { current, validate };
  });

  const touch = useCallback((pointer: string) => {
    setTouched((previous) => (previous.has(pointer) ? previous : new Set(previous).add(pointer)));
    setClientErrors(latest.current.validate(latest.current.current));
  }, []);

  const setValueAt = useCallback((pointer: string, value: unknown) => {
    formRef.current?.setFieldValue(pointerSegments(pointer), value as T);
  }, []);

  const reportAsyncError = useCallback((pointer: string, error: FieldError | null) => {
    setAsyncErrors((previous) => {
      if (!error) {
        if (!(pointer in previous)) return previous;
        const next = { ...previous };
        delete next[pointer];
        return next;
      }
      return previous[pointer]?.key === error.key ? previous : { ...previous, [pointer]: error };
    });
  }, []);

  const formContext: FormContextData = useMemo(() => ({
    idPrefix,
    review,
    messages: shown.map(({ pointer, message }) => ({ pointer, message })),
    data: current,
    touch,
    setValueAt,
    asyncChecks,
    reportAsyncError,
  }), [idPrefix, review, shown, current, touch, setValueAt, asyncChecks, reportAsyncError]);

  const handleChange = (event: IChangeEvent<T>, id?: string) => {
    const data = event.formData as T;
    // Now, not after the next render: a widget may validate its new value in its own effect.
    latest.current = { ...latest.current, current: data };
    setCurrent(data);
    // A message the member has just put right goes while they type (new ones still wait for the
    // blur): otherwise it would vanish on the blur of a click on submit, move the button away from
    // under the pointer and lose the click.
    setClientErrors((previous) => {
      if (previous.length === 0) return previous;
      const now = validate(data);
      const still = previous.filter((error) => now.some((e) => e.pointer === error.pointer && e.key === error.key));
      return still.length === previous.length ? previous : still;
    });
    const pointer = id ? pointerOfId(idPrefix, id) : null;
    if (pointer && answered.some((error) => isWithin(error.pointer, pointer))) {
      setEdited((previous) => new Set(previous).add(pointer));
    }
    onChange?.(data);
  };

  const handleBlur = (id: string) => {
    const pointer = pointerOfId(idPrefix, id);
    if (pointer !== null) touch(pointer);
  };

  const handleSubmit = (event: IChangeEvent<T>) => {
    const data = trimStrings(event.formData as T);
    const errors = validate(data);
    setSubmitted(true);
    setClientErrors(errors);
    const blocking = [...errors, ...Object.values(asyncErrors)];
    if (blocking.length > 0) {
      focusLater(blocking[0]!.pointer);
      return;
    }
    setAwaitingAnswer(true);
    onSubmit(data);
  };

  // The summary is an alert: it appears after a submit (or the server's answer), not on every blur.
  const summaryShown = Boolean(rootOptions.errorSummary) && (submitted || answered.length > 0);
  const summary: ErrorSummaryEntry[] = useMemo(() => {
    if (!summaryShown) return [];
    const byPointer = new Map<string, ErrorSummaryEntry>();
    for (const { pointer, message, error } of shown) {
      const entry = byPointer.get(pointer);
      if (entry) {
        if (!entry.messages.includes(message)) entry.messages.push(message);
      } else {
        const label = typeof error.params.label === 'string' ? translateLabel(t, error.params.label) : '';
        byPointer.set(pointer, { pointer, label, messages: [message] });
      }
    }
    return [...byPointer.values()];
  }, [summaryShown, shown, t]);

  const needs = rootOptions.submitNeeds ?? [];
  const gateOpen = needs.every((name) => Boolean(valueAtPointer(current, `/${name}`)));

  return (
    <div className="schema-form" ref={containerRef}>
      <ErrorSummary
        idPrefix={idPrefix}
        entries={summary}
        onSelect={(pointer) => {
          if (containerRef.current) focusField(containerRef.current, idPrefix, pointer);
        }}
      />
      <Form<T>
        ref={formRef}
        schema={rjsfSchema}
        uiSchema={uiSchema as RjsfUiSchema<T>}
        formData={current}
        validator={formValidator as never}
        widgets={WIDGETS}
        fields={FIELDS}
        templates={TEMPLATES}
        formContext={formContext}
        idPrefix={idPrefix}
        idSeparator="/"
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
        extraErrors={extraErrors}
        // One source of messages: rjsf neither validates nor lists errors; the messages above are shown through extraErrors.
        noValidate
        noHtml5Validate
        showErrorList={false}
        disabled={disabled}
        readonly={review}
        onChange={handleChange}
        onBlur={handleBlur}
        onSubmit={handleSubmit}
      >
        {aboveSubmit}
        <div className="form-actions">
          {review ? null : (
            <button type="submit" className="button button-primary" disabled={disabled || !gateOpen}>
              {t(submitLabelKey)}
            </button>
          )}
          {children}
        </div>
      </Form>
    </div>
  );
}
