import type { Registry } from '@rjsf/utils';
import type { GeocodingCandidate, GeocodingQuery } from '../../schemas/api/places.ts';
import type { FieldError } from '../../schemas/forms/types.ts';
import { isWithin, pointerSegments } from './pointers.ts';
import type { ShownMessage } from './toErrorSchema.ts';
import type { AsyncCheck } from './useAsyncCheck.ts';

/**
 * What SchemaForm hands every template and widget through rjsf's `formContext`. It is data (the
 * messages shown, already translated and located by JSON pointer; the current data) plus stable
 * callbacks: rjsf keeps its registry while a new one is deep-equal to it, and its deep equality
 * takes every two functions as equal, so what changes must be data.
 */
export interface FormContextData {
  idPrefix: string;
  /** Read-only review: every widget shows its value as text. */
  review: boolean;
  messages: readonly ShownMessage[];
  data: unknown;
  /** An inner control of a composite widget lost focus: validate, as for any field (§5 "checked on blur"). */
  touch: (pointer: string) => void;
  /** Sets another field's value (e.g. the time zone chosen in the quiet-time dialog). */
  setValueAt: (pointer: string, value: unknown) => void;
  /** Server checks named by `ui:options.asyncCheck` (§5 "Async uniqueness check"). */
  asyncChecks: Readonly<Record<string, AsyncCheck>>;
  /** A widget's async check refused (or, with null, accepted) the value at `pointer`; a refusal blocks the submit. */
  reportAsyncError: (pointer: string, error: FieldError | null) => void;
  /**
   * The form's errors at `pointer` and below if it held `value` there (the form's own validator on
   * its whole data), pointers relative to `pointer` ('/' for the value itself): a widget asks before
   * acting on a value (verify an address, ask the server about a username).
   */
  errorsWithin: (pointer: string, value: unknown) => FieldError[];
  /** Looks an address up (§7 `POST /getgeo/json`), for the location dialog's candidates; null where the page has no geocoder (the admin preview). */
  geocode: Geocode | null;
  /** Asks whether the organisation accepts a point (§7 `checkGeoFenceAddress`), for the location dialog; null where the page cannot ask (the admin preview). */
  checkPlace: CheckPlace | null;
}

/** The places an address may be, best first; null when the lookup failed (§8: the map keeps its default centre). */
export type Geocode = (query: GeocodingQuery, signal: AbortSignal) => Promise<GeocodingCandidate[] | null>;

/** Whether the organisation accepts the point as a location: true inside its area, false outside, null when the server could not be asked. */
export type CheckPlace = (point: { lat: number; lon: number }, signal: AbortSignal) => Promise<boolean | null>;

/** The form context as templates and widgets read it. */
export interface FormContext extends FormContextData {
  /** The messages shown at exactly `pointer`. */
  messagesAt: (pointer: string) => string[];
  /** The messages shown at `pointer` or anywhere below it. */
  messagesWithin: (pointer: string) => string[];
  /** The form's current value at `pointer` (undefined when absent). */
  valueAt: (pointer: string) => unknown;
}

const EMPTY: FormContextData = {
  idPrefix: 'root',
  review: false,
  messages: [],
  data: undefined,
  touch: () => {},
  setValueAt: () => {},
  asyncChecks: {},
  reportAsyncError: () => {},
  errorsWithin: () => [],
  geocode: null,
  checkPlace: null,
};

/** The value at a JSON pointer of `data`. */
export function valueAtPointer(data: unknown, pointer: string): unknown {
  let node = data;
  for (const segment of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The form context of a registry (an empty one when a widget is drawn outside SchemaForm). */
export function formContextOf(registry: Pick<Registry, 'formContext'>): FormContext {
  const given = registry.formContext as Partial<FormContextData> | undefined;
  const data: FormContextData = given && Array.isArray(given.messages) ? (given as FormContextData) : EMPTY;
  return {
    ...data,
    messagesAt: (pointer) => data.messages.filter((m) => m.pointer === pointer).map((m) => m.message),
    messagesWithin: (pointer) => data.messages.filter((m) => isWithin(m.pointer, pointer)).map((m) => m.message),
    valueAt: (pointer) => valueAtPointer(data.data, pointer),
  };
}
