import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/admin/lineDiff.ts';

describe('lineDiff', () => {
  it.each([
    ['equal texts', 'a\nb', 'a\nb', [['same', 'a'], ['same', 'b']]],
    ['a changed line', 'a\nb\nc', 'a\nB\nc', [['same', 'a'], ['removed', 'b'], ['added', 'B'], ['same', 'c']]],
    ['an added line at the end', 'a', 'a\nb', [['same', 'a'], ['added', 'b']]],
    ['a removed first line', 'x\na', 'a', [['removed', 'x'], ['same', 'a']]],
  ])('%s', (_name, before, after, expected) => {
    expect(lineDiff(before, after).map((l) => [l.kind, l.text])).toEqual(expected);
  });
});
