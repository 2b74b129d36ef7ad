import { deepEquals } from '@rjsf/utils';
import type { FieldError } from '../../schemas/forms/types.ts';
import { isWithin } from './pointers.ts';

/**
 * When a form's messages show, move and go, as a pure reducer (SchemaForm binds it to rjsf; its rules
 * are table-tested in tests/unit/messagePolicy.test.ts). Validation is not done here: the events carry
 * the browser validator's verdict on the data of that moment.
 */
export interface MessageState {
  /** Fields the member has left (§5 "checked on blur"): their messages show. */
  readonly touched: ReadonlySet<string>;
  /** A submit was tried: every message shows (§5 "checked … on submit"). */
  readonly submitted: boolean;
  /** The browser validator's errors as of the last blur or submit, less those put right since. */
  readonly clientErrors: readonly FieldError[];
  /** Refusals of the server checks of §5 "Async uniqueness check", by pointer; they block a submit. */
  readonly asyncErrors: Readonly<Record<string, FieldError>>;
  /** The server's errors as last answered (§8 400 `{ errorCode: 'validation', errors }`). */
  readonly answered: readonly FieldError[];
  /** Fields edited since that answer: the server's errors at or below them are gone. */
  readonly edited: ReadonlySet<string>;
  /** A submit went to the parent and its answer is awaited: whatever comes next is that answer. */
  readonly awaitingAnswer: boolean;
  /**
   * Where the focus goes after a refused submit or the server's answer: the first field in error (a
   * new object for every request). SchemaForm moves it there after the §9 focus delay, or, in a form
   * with an error summary, to the summary's heading at once.
   */
  readonly focus: { readonly pointer: string } | null;
}

export type MessageEvent =
  /** A value changed at `pointer` (null: somewhere the form cannot name); `errors`: the validator's verdict on the new data. */
  | { type: 'change'; pointer: string | null; errors: readonly FieldError[] }
  /** The field at `pointer` lost the focus; `errors`: the verdict on the current data. */
  | { type: 'blur'; pointer: string; errors: readonly FieldError[] }
  /** The member submitted; `errors`: the verdict on the trimmed data. */
  | { type: 'submit'; errors: readonly FieldError[] }
  /** The parent passed a new list of server errors (a new array, perhaps equal to the last). */
  | { type: 'serverErrors'; errors: readonly FieldError[] }
  /** A server check of the value at `pointer` refused it (`error`) or accepted it (null). */
  | { type: 'asyncResult'; pointer: string; error: FieldError | null };

const NONE: ReadonlySet<string> = new Set();

/** The state of a form just drawn, with the server's errors its parent starts with (focused, as any answer). */
export function initialMessageState(serverErrors: readonly FieldError[]): MessageState {
  return {
    touched: NONE,
    submitted: false,
    clientErrors: [],
    asyncErrors: {},
    answered: serverErrors,
    edited: NONE,
    awaitingAnswer: false,
    focus: serverErrors.length > 0 ? { pointer: serverErrors[0]!.pointer } : null,
  };
}

const covers = (pointers: ReadonlySet<string>, pointer: string) => [...pointers].some((p) => isWithin(pointer, p));
const sameError = (a: FieldError, b: FieldError) => a.pointer === b.pointer && a.key === b.key;

/** The errors that stop a submit: the validator's and the refusals of the server checks. */
export function blockingErrors(state: MessageState): FieldError[] {
  return [...state.clientErrors, ...Object.values(state.asyncErrors)];
}

/**
 * The messages a member sees, in order: the validator's (of the fields left, or all after a submit),
 * the server checks' refusals, the server's answer less what was edited since.
 */
export function visibleErrors(state: MessageState): FieldError[] {
  const client = state.submitted ? state.clientErrors : state.clientErrors.filter((error) => covers(state.touched, error.pointer));
  const fromServer = state.answered.filter((error) => !covers(state.edited, error.pointer));
  return [...client, ...Object.values(state.asyncErrors), ...fromServer];
}

/** §2 "grouped error summary": an alert after a submit or the server's answer, never on a mere blur. */
export function summaryVisible(state: MessageState): boolean {
  return state.submitted || state.answered.length > 0;
}

export function messagePolicy(state: MessageState, event: MessageEvent): MessageState {
  switch (event.type) {
    case 'change': {
      // A message the member has just put right goes while they type (a new one waits for the blur):
      // otherwise it would go on the blur of a click on submit, move the button from under the
      // pointer and lose the click.
      const still = state.clientErrors.filter((error) => event.errors.some((now) => sameError(now, error)));
      const clientErrors = still.length === state.clientErrors.length ? state.clientErrors : still;
      // Editing a field the server refused takes the server's message away (it answered other data).
      const { pointer } = event;
      const edits = pointer !== null && !state.edited.has(pointer) && state.answered.some((error) => isWithin(error.pointer, pointer));
      if (clientErrors === state.clientErrors && !edits) return state;
      return { ...state, clientErrors, edited: edits ? new Set(state.edited).add(pointer) : state.edited };
    }
    case 'blur':
      return {
        ...state,
        touched: state.touched.has(event.pointer) ? state.touched : new Set(state.touched).add(event.pointer),
        clientErrors: event.errors,
      };
    case 'submit': {
      const next = { ...state, submitted: true, clientErrors: event.errors };
      const blocking = blockingErrors(next);
      // §4/§9 a refused submit focuses the first invalid field; an accepted one awaits the answer.
      return blocking.length > 0 ? { ...next, focus: { pointer: blocking[0]!.pointer } } : { ...next, awaitingAnswer: true };
    }
    case 'serverErrors': {
      // After a submit whatever comes is the answer, even if equal to the last; otherwise only a
      // different list is (a parent may pass an equal list on every render): the focus does not jump
      // and edited fields stay cleared.
      if (!state.awaitingAnswer && deepEquals(state.answered, event.errors)) return state;
      return {
        ...state,
        answered: event.errors,
        edited: NONE,
        awaitingAnswer: false,
        focus: event.errors.length > 0 ? { pointer: event.errors[0]!.pointer } : state.focus,
      };
    }
    case 'asyncResult': {
      const { pointer, error } = event;
      if (!error) {
        if (!(pointer in state.asyncErrors)) return state;
        const { [pointer]: _gone, ...rest } = state.asyncErrors;
        return { ...state, asyncErrors: rest };
      }
      if (state.asyncErrors[pointer]?.key === error.key) return state;
      return { ...state, asyncErrors: { ...state.asyncErrors, [pointer]: error } };
    }
  }
}
