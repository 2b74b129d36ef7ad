/**
 * server/db/runStatement.ts writes a statement's parameters as literals for PGlite's simple protocol
 * (issue 10 item 5): every value must read back exactly as it was, and nothing a member types may
 * end a literal early. tests/api/login.test.ts signs in with such names through both databases.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal, withLiterals } from '../../server/db/runStatement.ts';

const TEXTS: [string, string][] = [
  ['plain text', 'demo.member'],
  ['a quote', "o'brien"],
  ['a quote that tries to end the literal', "x'; drop table contacts; --"],
  ['a backslash before a quote', "\\'"],
  ['backslashes', 'a\\b\\\\c'],
  ['a dollar and digits', '$1 $$'],
  ['the empty text', ''],
  ['non-ASCII', 'Zoë 東京 🙂'],
];

describe('literal', () => {
  // Read back by a real PostgreSQL (PGlite), with either reading of backslashes in plain literals.
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  it.each(TEXTS.flatMap(([name, value]) => [[name, value, 'on'], [name, value, 'off']]))(
    'writes %s so it reads back as it was (standard_conforming_strings %s)',
    async (_name, value, conforming) => {
      await db.exec(`set standard_conforming_strings = ${conforming}`);
      const [result] = await db.exec(`select ${literal(value)} as v`);
      expect(result?.rows[0]).toEqual({ v: value });
    },
  );

  it('writes numbers, booleans, null and dates', () => {
    expect(literal(3)).toBe('3');
    expect(literal(-3)).toBe('(-3)');
    expect(literal(1e9)).toBe('1000000000');
    expect(literal(2n)).toBe('2');
    expect(literal(true)).toBe('true');
    expect(literal(null)).toBe('null');
    expect(literal(undefined)).toBe('null');
    expect(literal(new Date(Date.UTC(2026, 10, 23, 17, 0, 0, 5)))).toBe("'2026-11-23T17:00:00.005Z'");
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
    expect(withLiterals('select $1, $2, $10', params)).toBe("select '$2', 'b', 'ten'");
  });

  it('refuses a parameter it was not given', () => {
    expect(() => withLiterals('select $2', ['a'])).toThrow(RangeError);
  });
});
