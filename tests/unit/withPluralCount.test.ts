/** i18next plurals (issue 11): the spec's messages keep their parameter names, and i18next gets the number as `count`. */
import { expect, it } from 'vitest';
import { withPluralCount } from '../../src/i18n/withPluralCount.ts';

it.each([
  ['a count stays', { count: 2 }, { count: 2 }],
  ['a length limit is the count', { limit: 4, label: 'x' }, { limit: 4, label: 'x', count: 4 }],
  ['lock-out minutes are the count', { minutes: 15 }, { minutes: 15, count: 15 }],
  ['an explicit count wins over a limit', { count: 1, limit: 9 }, { count: 1, limit: 9 }],
  ['no number, no count', { label: 'x' }, { label: 'x' }],
  ['a limit that is no number is not a count', { limit: '4' }, { limit: '4' }],
])('%s', (_name, params, expected) => {
  expect(withPluralCount(params as Record<string, unknown>)).toEqual(expected);
});
