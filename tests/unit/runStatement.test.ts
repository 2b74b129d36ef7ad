/**
 * server/db/runStatement.ts writes a statement's parameters as literals for PGlite's simple protocol
 * (issue 10 item 5): every value must read back exactly as it was, and nothing a member types may
 * end a literal early. tests/api/login.test.ts signs in with such names through both databases.
 */
import { describe, expect, it } from 'vitest';
import { literal, withLiterals } from '../../server/db/runStatement.ts';

describe('literal', () => {
  it.each([
    ['plain text', 'demo.member', "E'demo.member'"],
    ['a quote', "o'brien", "E'o''brien'"],
    ['a quote that tries to end the literal', "x'; drop table contacts; --", "E'x''; drop table contacts; --'"],
    ['a backslash before a quote', "\\'", "E'\\\\'''"],
    ['backslashes', 'a\\b\\\\c', "E'a\\\\b\\\\\\\\c'"],
    ['a dollar and digits', '$1 $$', "E'$1 $$'"],
    ['the empty text', '', "E''"],
    ['non-ASCII', 'Zoë 東京 🙂', "E'Zoë 東京 🙂'"],
  ])('writes %s so it reads back as it was', (_name, value, written) => {
    expect(literal(value)).toBe(written);
  });

  it('writes numbers, booleans, null and dates', () => {
    expect(literal(3)).toBe('3');
    expect(literal(-3)).toBe('(-3)');
    expect(literal(1e9)).toBe('1000000000');
    expect(literal(2n)).toBe('2');
    expect(literal(true)).toBe('true');
    expect(literal(null)).toBe('null');
    expect(literal(undefined)).toBe('null');
    expect(literal(new Date(Date.UTC(2026, 10, 23, 17, 0, 0, 5)))).toBe("E'2026-11-23T17:00:00.005Z'");
  });

  it('refuses what it cannot write exactly', () => {
    expect(() => literal('a\0b')).toThrow(RangeError);
    expect(() => literal(Number.NaN)).toThrow(RangeError);
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => literal(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => literal({})).toThrow(TypeError);
    expect(() => literal([1])).toThrow(TypeError);
  });
});

describe('withLiterals', () => {
  it('replaces each parameter once, $10 not as $1 followed by 0, and leaves a value\'s own $2 alone', () => {
    const params = ['$2', 'b', 3, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(withLiterals('select $1, $2, $10', params)).toBe("select E'$2', E'b', E'ten'");
  });

  it('refuses a parameter it was not given', () => {
    expect(() => withLiterals('select $2', ['a'])).toThrow(RangeError);
  });
});
