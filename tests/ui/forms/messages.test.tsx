/**
 * Every message key the renderer writes (t('…') in src/forms/, the same search as
 * tests/unit/i18nCatalogues.test.ts) is in public/i18n/en_US.json, with the keys it builds at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECURITY_QUESTIONS } from '../../../schemas/forms/commonFields.ts';
import catalogue from '../../../public/i18n/en_US.json';

const formsDir = join(process.cwd(), 'src/forms');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []);
}

const literalKeys = () => [...new Set(sources(formsDir).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]!)))];

/** Keys built or passed at run time: the security questions, the four marker moves, §4 'ssp.delete.confirm'. */
const builtKeys = [
  'ssp.delete.confirm',
  ...SECURITY_QUESTIONS.map((q) => `securityQuestion.${q}`),
  ...['north', 'south', 'west', 'east'].map((d) => `form.location.move.${d}`),
];

describe('the renderer\'s message keys', () => {
  it('are all in en_US', () => {
    const known = catalogue as Record<string, string>;
    const used = [...literalKeys(), ...builtKeys];
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter((key) => !(key in known))).toEqual([]);
  });
});
