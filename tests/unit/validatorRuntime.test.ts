/**
 * The validator runtime's own helpers (schemas/forms/validatorRuntime.ts) stand in for ajv's in the
 * compiled form modules, so they must count and compare exactly as ajv's do.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ucs2length, usesPhoneRule } from '../../schemas/forms/validatorRuntime.ts';

const require = createRequire(import.meta.url);
const ajvUcs2length = (require('ajv/dist/runtime/ucs2length') as { default: (s: string) => number }).default;

describe('ucs2length', () => {
  it.each([
    [''], ['abc'], ['Zürich'], ['日本語'], ['a😀b'], ['😀😀'], ['\ud83d'], ['\ude00x'], ['x\ud83d'], ['👩‍👩‍👧'], ['ﷺ'],
  ])('counts %j as ajv does', (text) => {
    expect(ucs2length(text)).toBe(ajvUcs2length(text));
  });
});

describe('usesPhoneRule', () => {
  it.each([
    [{ properties: { sms: { type: 'object', phoneNumber: { mandatory: false, pathType: 'SMS' } } } }, true],
    [{ items: [{ phoneNumber: { mandatory: true, pathType: 'PHONE' } }] }, true],
    // A property that happens to be called phoneNumber is a schema, not the rule.
    [{ properties: { phoneNumber: { type: 'string' } } }, false],
    [{ properties: { email: { type: 'string', format: 'ssp-email' } } }, false],
  ])('%j → %s', (schema, uses) => {
    expect(usesPhoneRule(schema)).toBe(uses);
  });
});
