import { useState } from 'react';
import type { FieldError } from '../../schemas/forms/types.ts';

/** The message above a form after a refused submit: a message key, its parameters, and the key shown when the catalogue lacks it. */
export interface FailureMessage {
  key: string;
  params?: Record<string, unknown>;
  fallbackKey?: string;
}

/** How a submit ended, as the screen's `send` tells it. */
export type SubmitOutcome<T> =
  /** Done: the screen has shown or gone where success leads; `leaving` keeps the form busy while the page is left. */
  | { kind: 'done'; leaving: boolean }
  /** Refused: field errors to show inline, or the message; `data` is what the form shows next (default: what was sent). */
  | { kind: 'refused'; errors: readonly FieldError[]; message: FailureMessage | null; data?: T };

/** A submit that succeeded; `leaving` when the page is being left (a navigation, a dialog closing). */
export function done({ leaving = false }: { leaving?: boolean } = {}): SubmitOutcome<never> {
  return { kind: 'done', leaving };
}

/** What a refused call may answer (§8): its message key and the fields it refused. */
export interface RefusalAnswer {
  errorCode?: string;
  errors?: readonly FieldError[];
}

interface RefusedOptions<T> {
  /** The message when the answer has no errorCode, or one `isKnown` does not know (§8 "… when no error code"). */
  fallbackKey: string;
  /** Which errorCodes are messages of their own (default: every one). */
  isKnown?: (key: string) => boolean;
  /** What the form shows next, when not what was sent (a refused login keeps the username only). */
  data?: T;
}

/**
 * §8 a refused call: its field errors go inline at their fields (ARCHITECTURE.md, one schema renders
 * and validates) and no message shows; otherwise its errorCode is the message above the form, or
 * `fallbackKey` when it has none (a network failure answers nothing at all).
 */
export function refused<T>(answer: RefusalAnswer | null | undefined, { fallbackKey, isKnown, data }: RefusedOptions<T>): SubmitOutcome<T> {
  const errors = Array.isArray(answer?.errors) ? answer.errors : [];
  if (errors.length > 0) return { kind: 'refused', errors, message: null, data };
  const code = typeof answer?.errorCode === 'string' && answer.errorCode !== '' ? answer.errorCode : null;
  const key = code !== null && (isKnown?.(code) ?? true) ? code : fallbackKey;
  return { kind: 'refused', errors: [], message: { key, fallbackKey }, data };
}

export interface Submission<T> {
  /** Spread into SchemaForm: the data, the server's errors, whether a submit is in flight, and the submit. */
  form: {
    formData: T;
    onChange: (data: T) => void;
    onSubmit: (data: T) => void;
    serverErrors: readonly FieldError[];
    busy: boolean;
  };
  /** The refused submit's message (FormAlert shows it), null otherwise. */
  message: FailureMessage | null;
  busy: boolean;
  submit: (data: T) => Promise<void>;
}

const NO_ERRORS: readonly FieldError[] = [];

/**
 * The submit state every flow screen shares: the form's data, the server's field errors, busy while
 * the call runs (§4 "loading indicator": the submit button says what it does, a second press is ignored), and the failure message. `send` makes
 * the call and says how it ended (`done()`, or `refused(answer, …)`): a refusal puts its errors at
 * the fields and its message above the form; a new submit clears the message.
 */
export function useSubmission<T>(initialData: T, send: (data: T) => Promise<SubmitOutcome<T>>): Submission<T> {
  const [data, setData] = useState<T>(initialData);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>(NO_ERRORS);
  const [message, setMessage] = useState<FailureMessage | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: T) {
    setBusy(true);
    setMessage(null);
    const outcome = await send(values);
    if (outcome.kind === 'done') {
      if (!outcome.leaving) setBusy(false);
      return;
    }
    setBusy(false);
    setData(outcome.data ?? values);
    setServerErrors(outcome.errors);
    setMessage(outcome.message);
  }

  return {
    form: { formData: data, onChange: setData, onSubmit: (values) => void submit(values), serverErrors, busy },
    message,
    busy,
    submit,
  };
}
