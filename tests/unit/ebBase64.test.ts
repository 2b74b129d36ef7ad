/** §7 eb-base64 bodies: one encoding for the browser client and the server's parser. */
import { describe, expect, it } from 'vitest';
import { decodeEbBase64, encodeEbBase64 } from '../../schemas/ebBase64.ts';

describe('eb-base64', () => {
  it.each([
    [{ firstName: 'Zoë', lastName: 'Ağaoğlu', city: '東京', note: 'ﻣﺮﺣﺒﺎ 🚨' }],
    [[1, 2, { a: null }]],
    ['plain'],
  ])('round-trips %j', (value) => {
    expect(decodeEbBase64(encodeEbBase64(value))).toEqual(value);
  });

  it('is the base64 of the UTF-8 JSON text', () => {
    expect(encodeEbBase64({ a: 'é' })).toBe(Buffer.from('{"a":"é"}', 'utf8').toString('base64'));
  });

  it.each([
    ['text that is not base64', '%%%'],
    ['base64 of text that is not JSON', Buffer.from('{nope').toString('base64')],
    ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x22]).toString('base64')],
    ['base64 of wrong length', 'eyJh'.slice(0, 3)],
  ])('refuses %s', (_name, text) => {
    expect(() => decodeEbBase64(text)).toThrow();
  });
});
