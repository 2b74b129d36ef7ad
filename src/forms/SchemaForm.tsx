import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trimStrings } from '../../schemas/forms/trimStrings.ts';
import type { BuiltForm, FieldError } from '../../schemas/forms/types.ts';
import '../styles/forms.css';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { ErrorSummary, errorSummaryEntries } from './ErrorSummary.tsx';
import { FIELDS } from './fields.ts';
import { focusField } from './focusField.ts';
import type { CheckPlace, FormContextData, Geocode } from './formContext.ts';
import { blockingErrors, initialMessageState, messagePolicy, summaryVisible, visibleErrors, type MessageEvent } from './messagePolicy.ts';
import { isWithin, pointerOfId, pointerSegments } from './pointers.ts';
import { TEMPLATES } from './templates.ts';
import { toErrorSchema } from './toErrorSchema.ts';
import { translateFieldError, translateLabel } from './translate.ts';
import type { AsyncCheck } from './useAsyncCheck.ts';
import { useFieldFocus } from './useFieldFocus.ts';
import { DEFAULT_FORM_STATE_BEHAVIOR, useFormData } from './useFormData.ts';
import { useFormValidator } from './useFormValidator.ts';
import type { ValidatorSource } from './validator.ts';
import { WIDGETS } from './widgets.ts';

export interface SchemaFormProps<T> {
  /** A builder's output (schemas/forms): what to draw and how to validate it. */
  form: BuiltForm;
  /** Where the form's precompiled validator comes from (src/forms/validator.ts): its module's address, or a loader. */
  validator: ValidatorSource;
  formData: T;
  onChange?: (data: T) => void;
  /** A field was left, with its (trimmed) value: e.g. forgot-password asks for the username's question (§2). */
  onFieldBlur?: (pointer: string, value: unknown) => void;
  /** Called with the trimmed data, only when the browser's validation passes. */
  onSubmit: (data: T) => void;
  /** The server's 400 `{ errorCode: 'validation', errors }`: shown inline like the browser's own. */
  serverErrors?: readonly FieldError[];
  /** The whole form unavailable: every control and the submit button disabled. */
  disabled?: boolean;
  /**
   * A submit is in flight (useSubmission): the fields wait, the submit button says what is happening
   * (`busyLabelKey`) and stays focusable (`aria-disabled`), and a second press is ignored.
   */
  busy?: boolean;
  submitLabelKey: string;
  /** `secondary` when another action on the page is the main one (a single sign-on organisation's login). */
  submitKind?: 'primary' | 'secondary';
  /** The submit button's text while busy; default the builder's `ui:options.busyLabelKey`, else "Sending…". */
  busyLabelKey?: string;
  /** Read-only review (§2 review page): every value as text, no submit button. */
  review?: boolean;
  /** The ids of the fields start with it (default 'root'); give two forms on one page different ones. */
  idPrefix?: string;
  /** Server checks a field names in `ui:options.asyncCheck` (§5 async uniqueness check). */
  asyncChecks?: Readonly<Record<string, AsyncCheck>>;
  /** The page's geocoder, for the location dialog's candidates (none: the member places the point). */
  geocode?: Geocode | null;
  /** The page's geofence question, for the location dialog (none: the server alone decides, at the save). */
  checkPlace?: CheckPlace | null;
  /** Further actions beside the submit button (cancel, skip …). */
  children?: ReactNode;
  /** Shown just above the submit button, before it in reading order too (§4 sign-up failure message). */
  aboveSubmit?: ReactNode;
  /** Called once the form's fields are drawn (after its validator arrived). */
  onShown?: () => void;
}

interface RootOptions {
  errorSummary?: boolean;
  busyLabelKey?: string;
}

/** The fields a member sees at the root (hidden ones do not count). */
function visibleFieldCount(form: BuiltForm): number {
  const names = Object.keys((form.schema.properties ?? {}) as Record<string, unknown>);
  return names.filter((name) => {
    const options = (form.uiSchema[name] as { 'ui:options'?: { hidden?: boolean } } | undefined)?.['ui:options'];
    return options?.hidden !== true;
  }).length;
}

/** `data` with `value` at the path `segments` (copied along the way; `data` itself is not changed). */
function withValueAt(data: unknown, segments: readonly string[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  const node = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
  copy[head] = withValueAt(node[head], rest, value);
  return copy;
}

/** `errors` sorted by the position of their top-level field in `order` (the root's own first; stable otherwise). */
function inShownOrder<E extends { pointer: string }>(errors: readonly E[], order: readonly string[]): E[] {
  const rank = (pointer: string) => {
    const [first] = pointerSegments(pointer);
    if (first === undefined) return -1;
    const index = order.indexOf(first);
    return index === -1 ? order.length : index;
  };
  return errors.map((error, index) => ({ error, index, rank: rank(error.pointer) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ error }) => error);
}

const NO_CHECKS: Readonly<Record<string, AsyncCheck>> = {};
const NO_ERRORS: readonly FieldError[] = [];

/**
 * The portal's one form renderer (ARCHITECTURE.md "The one idea"): rjsf draws a builder's
 * `{ schema, uiSchema }` with our templates and the widget registry; validation is ours, once:
 * the form's precompiled ajv validator (src/forms/validator.ts) turned into `{ pointer, key, params }` by
 * schemas/forms/fieldErrors.ts, translated, and shown inline through rjsf's `extraErrors`.
 * When a message shows, moves and goes (§5 "checked on blur and submit", the server's errors, the
 * focus after a refused submit of §4/§9) is messagePolicy.ts; this component feeds it rjsf's events.
 */
export function SchemaForm<T = Record<string, unknown>>({
  form, validator: validatorSource, formData, onChange, onFieldBlur, onSubmit, serverErrors = NO_ERRORS, disabled = false, busy = false, submitLabelKey, submitKind = 'primary', busyLabelKey, review = false,
  idPrefix = 'root', asyncChecks = NO_CHECKS, geocode = null, checkPlace = null, children, aboveSubmit, onShown,
}: SchemaFormProps<T>) {
  const { t } = useTranslation();
  const { schema, uiSchema } = form;
  const rjsfSchema = schema as RJSFSchema;
  const rootOptions = (uiSchema['ui:options'] ?? {}) as RootOptions;
  const formRef = useRef<Form<T>>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const { validator: formValidator, state: validatorState } = useFormValidator(validatorSource, schema);
  const [current, setCurrent] = useFormData<T>(rjsfSchema, formData, formValidator.validator);
  const [messages, dispatch] = useReducer(messagePolicy, serverErrors, initialMessageState);
  // Every new list the parent passes is news; messagePolicy decides whether it is a new answer.
  const [errorsSeen, setErrorsSeen] = useState(serverErrors);
  if (errorsSeen !== serverErrors) {
    setErrorsSeen(serverErrors);
    dispatch({ type: 'serverErrors', errors: serverErrors });
  }
  // §2 the error summary, GOV.UK style: every form of more than one field has one (a builder may say
  // otherwise with `ui:options.errorSummary`); a refused submit then focuses its heading, at once,
  // instead of the first invalid field after the §9 focus delay (kept for a form of one field).
  const hasSummary = rootOptions.errorSummary ?? visibleFieldCount(form) > 1;
  useFieldFocus(containerRef, idPrefix, hasSummary ? null : messages.focus);
  const summaryHeadingId = `${idPrefix}__summary-title`;
  useEffect(() => {
    if (!hasSummary || !messages.focus) return;
    document.getElementById(summaryHeadingId)?.focus();
  }, [hasSummary, messages.focus, summaryHeadingId]);

  const validate = useCallback((data: unknown) => formValidator.validate(trimStrings(data)), [formValidator]);
  // The callbacks handed to widgets read the latest data and validator through refs: rjsf may keep
  // an older registry (and the callbacks in it) while the data it holds is unchanged.
  const latest = useRef({ current, validate });
  useEffect(() => {
    latest.current = { current, validate };
  });

  const shown = useMemo(
    () => visibleErrors(messages).map((error) => ({ pointer: error.pointer, message: translateFieldError(t, error), error })),
    [messages, t],
  );
  const extraErrors = useMemo(() => toErrorSchema(shown), [shown]);

  const touch = useCallback((pointer: string) => {
    dispatch({ type: 'blur', pointer, errors: latest.current.validate(latest.current.current) });
  }, []);
  const setValueAt = useCallback((pointer: string, value: unknown) => {
    formRef.current?.setFieldValue(pointerSegments(pointer), value as T);
  }, []);
  const reportAsyncError = useCallback((pointer: string, error: FieldError | null) => {
    dispatch({ type: 'asyncResult', pointer, error });
  }, []);
  const errorsWithin = useCallback((pointer: string, value: unknown) => {
    const errors = latest.current.validate(withValueAt(latest.current.current, pointerSegments(pointer), value));
    return errors
      .filter((error) => isWithin(error.pointer, pointer))
      .map((error) => ({ ...error, pointer: error.pointer === pointer ? '/' : error.pointer.slice(pointer.length) }));
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
    errorsWithin,
    geocode,
    checkPlace,
  }), [idPrefix, review, shown, current, touch, setValueAt, asyncChecks, reportAsyncError, errorsWithin, geocode, checkPlace]);

  const handleChange = (event: IChangeEvent<T>, id?: string) => {
    const data = event.formData as T;
    // Now, not after the next render: a widget may validate its new value in its own effect.
    latest.current = { ...latest.current, current: data };
    setCurrent(data);
    dispatch({ type: 'change', pointer: id ? pointerOfId(idPrefix, id) : null, errors: validate(data) });
    onChange?.(data);
  };

  const handleBlur = (id: string, value: unknown) => {
    const pointer = pointerOfId(idPrefix, id);
    if (pointer === null) return;
    touch(pointer);
    onFieldBlur?.(pointer, value);
  };

  const handleSubmit = (event: IChangeEvent<T>) => {
    // A second press while the first is in flight does nothing (the button stays focusable).
    if (busy) return;
    const data = trimStrings(event.formData as T);
    const submit: MessageEvent = { type: 'submit', errors: validate(data) };
    dispatch(submit);
    // The verdict the reducer reaches with this event: a refused submit stays here, its focus moved.
    if (blockingErrors(messagePolicy(messages, submit)).length === 0) onSubmit(data);
  };

  const withSummary = hasSummary && summaryVisible(messages);
  // In the order the fields are shown (GOV.UK), the form's own messages first; the validator's order is the schema's.
  const fieldOrder = useMemo(
    () => (uiSchema['ui:order'] as string[] | undefined) ?? Object.keys((schema.properties ?? {}) as Record<string, unknown>),
    [schema, uiSchema],
  );
  const summary = useMemo(
    () => (withSummary ? errorSummaryEntries(inShownOrder(shown, fieldOrder), (label) => translateLabel(t, label)) : []),
    [withSummary, shown, fieldOrder, t],
  );

  const shownNow = validatorState !== 'loading';
  // Once per time the fields appear (the caller's callback is expected to be stable).
  useEffect(() => {
    if (shownNow) onShown?.();
  }, [shownNow, onShown]);

  // Which fields the form has may depend on its conditions, which only its validator can decide.
  if (!shownNow) return <LoadingBar />;

  return (
    <div className="schema-form" ref={containerRef}>
      <ErrorSummary
        headingId={summaryHeadingId}
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
        validator={formValidator.validator as never}
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
        disabled={disabled || busy}
        readonly={review}
        onChange={handleChange}
        onBlur={handleBlur}
        onSubmit={handleSubmit}
      >
        {aboveSubmit}
        <div className="form-actions">
          {review ? null : (
            // Never disabled while it may be pressed (issue 11): a refused submit says why instead.
            <button type="submit" className={submitKind === 'primary' ? 'button button-primary' : 'button'} disabled={disabled} aria-disabled={busy ? true : undefined}>
              {busy ? t(busyLabelKey ?? rootOptions.busyLabelKey ?? 'form.busy.sending') : t(submitLabelKey)}
            </button>
          )}
          {children}
        </div>
      </Form>
    </div>
  );
}

/** Re-exported for LazySchemaForm.tsx: the point map shares the renderer's chunk (widgets/PointPicker.tsx). */
export { PointPicker } from './widgets/PointPicker.tsx';
