/** §8 "Translation file not an object: logs 'i18n json format error', empty text"; §7 "\uXXXX decoded". */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCatalogue } from '../../src/i18n/parseCatalogue.ts';

describe('parseCatalogue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a flat catalogue', () => {
    expect(parseCatalogue('{"nav.login":"Login","footer.copyright":"© {{year}}"}')).toEqual({ 'nav.login': 'Login', 'footer.copyright': '© {{year}}' });
  });

  it('decodes \\uXXXX escapes kept as text', () => {
    expect(parseCatalogue(String.raw`{"a":"Caf\\u00e9 \\u0645"}`)).toEqual({ a: 'Café م' });
  });

  it.each([
    ['an array', '["a"]'],
    ['a string', '"text"'],
    ['null', 'null'],
    ['broken JSON', '{"a":'],
  ])('logs "i18n json format error" and yields no text for %s', (_name, text) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseCatalogue(text)).toEqual({});
    expect(error).toHaveBeenCalledWith('i18n json format error');
  });

  it('drops values that are not text', () => {
    expect(parseCatalogue('{"a":"x","b":3,"c":{"d":"e"}}')).toEqual({ a: 'x' });
  });
});
