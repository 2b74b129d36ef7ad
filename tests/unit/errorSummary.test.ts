/**
 * The error summary's entries (src/forms/ErrorSummary.tsx): one per field, and the messages inside a
 * field one widget draws (a geofence's polygon: its type and rings) under that field's one entry,
 * while two fields that merely share a label (the names of two areas) keep an entry each.
 */
import { describe, expect, it } from 'vitest';
import { errorSummaryEntries, type TranslatedError } from '../../src/forms/ErrorSummary.tsx';

const at = (pointer: string, message: string, label = 'Polygon'): TranslatedError => ({ pointer, message, error: { pointer, key: 'k', params: { label } } });

describe('errorSummaryEntries', () => {
  it.each([
    ['two messages at one field', [at('/a', 'x'), at('/a', 'y'), at('/a', 'x')], [['/a', ['x', 'y']]]],
    ['inside a field of the same label, before it', [at('/g/coordinates/0', 'ring'), at('/g', 'not GeoJSON')], [['/g', ['not GeoJSON', 'ring']]]],
    ['inside a field of the same label, after it, two levels down', [at('/g', 'not GeoJSON'), at('/g/type', 'required'), at('/g/coordinates/0/1', 'not GeoJSON')], [['/g', ['not GeoJSON', 'required']]]],
    ['the same label at two fields side by side', [at('/areas/0/name', 'required', 'Name'), at('/areas/1/name', 'required', 'Name')], [['/areas/0/name', ['required']], ['/areas/1/name', ['required']]]],
    ['inside a field of another label', [at('/person', 'incomplete', 'Person'), at('/person/name', 'required', 'Name')], [['/person', ['incomplete']], ['/person/name', ['required']]]],
    ['a pointer that only starts like another', [at('/ab', 'x'), at('/a', 'y')], [['/ab', ['x']], ['/a', ['y']]]],
  ] as [string, TranslatedError[], [string, string[]][]][])('%s', (_what, shown, expected) => {
    expect(errorSummaryEntries(shown, (label) => label).map((entry) => [entry.pointer, entry.messages])).toEqual(expected);
  });
});
