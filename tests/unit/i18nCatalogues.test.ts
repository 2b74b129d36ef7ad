/**
 * §8/§9 i18n: every key the app uses is in en_US (a missing one would show the bare key), and the
 * other 26 catalogues hold only known keys with the same placeholders.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../schemas/languages.ts';

const root = new URL('../../', import.meta.url).pathname;
const catalogueDir = join(root, 'public/i18n');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat().filter((f) => /\.(ts|tsx)$/.test(f));
}

/** The message keys written in the code: t('…'), titleKey/labelKey/submitLabelKey: '…' or ="…", usePageTitle(…, '…'). */
export function keysUsedIn(source: string): string[] {
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    /\b(?:titleKey|labelKey|submitLabelKey):\s*'([^']+)'/g,
    /\b(?:titleKey|labelKey|submitLabelKey)="([^"]+)"/g,
    /usePageTitle\([^,]+,\s*'([^']+)'\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** i18next's plural suffixes (JSON v4): `key_one`, `key_other`, … chosen by `count` through Intl.PluralRules. */
const pluralMatch = (key: string) => /^(.+)_(zero|one|two|few|many|other)$/.exec(key);

/**
 * The plural messages of en_US: the bases with both `base_one` and `base_other` (English needs
 * both). Keys of the spec that merely end like a form (`securityQuestion.question_one`,
 * `message.validation.phone_length_other`) are messages of their own, never asked for with a count.
 */
export const pluralMessages = (en: Record<string, string>): string[] =>
  Object.keys(en).flatMap((key) => (key.endsWith('_other') && `${key.slice(0, -6)}_one` in en ? [key.slice(0, -6)] : []));

/** The plural forms a catalogue gives for a message. */
const formsOf = (catalogue: Record<string, string>, base: string) =>
  ['zero', 'one', 'two', 'few', 'many', 'other'].filter((form) => `${base}_${form}` in catalogue);

/** The CLDR plural categories of a catalogue's language, as i18next asks for them. */
const pluralCategories = (lang: string) => new Intl.PluralRules(lang.replace('_', '-')).resolvedOptions().pluralCategories as string[];

const readCatalogue = async (lang: string) => JSON.parse(await readFile(join(catalogueDir, `${lang}.json`), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  it('finds keys the way the app writes them', () => {
    expect(keysUsedIn("t('a.b') titleKey: 'c.d', nav: { labelKey: 'e' } usePageTitle(orgName, 'f.g') <SchemaForm submitLabelKey=\"h.i\" />"))
      .toEqual(['a.b', 'c.d', 'e', 'h.i', 'f.g']);
  });

  it('has every key the code uses in en_US', async () => {
    const en = await readCatalogue('en_US');
    const files = [...(await sourceFiles(join(root, 'src'))), join(root, 'screens.config.ts')];
    const used = new Set<string>();
    for (const file of files) for (const key of keysUsedIn(await readFile(file, 'utf8'))) used.add(key);
    expect(used.size).toBeGreaterThan(50);
    // A plural message is used by its base key; i18next picks `base_one`, `base_other`, … from `count`.
    const missing = [...used].filter((key) => !(key in en) && !(`${key}_other` in en));
    expect(missing).toEqual([]);
  });

  it('has one catalogue per language of §9 and nothing else', async () => {
    const files = (await readdir(catalogueDir)).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(LANGUAGES.map((l) => `${l.lang}.json`).sort());
  });

  it.each(LANGUAGES.map((l) => l.lang))('%s holds only en_US keys, as strings with the same placeholders', async (lang) => {
    const en = await readCatalogue('en_US');
    const catalogue = await readCatalogue(lang);
    const plurals = new Set(pluralMessages(en));
    for (const [key, value] of Object.entries(catalogue)) {
      expect(typeof value).toBe('string');
      const plural = pluralMatch(key);
      const enKey = plural && plurals.has(plural[1]!) ? `${plural[1]}_other` : key;
      expect(en, `${lang}: unknown key ${key}`).toHaveProperty([enKey]);
      if (enKey === key) {
        expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(en[key]!));
      } else {
        // A form for one number may say it in words ("وسيلة واحدة"), so it may leave the number out; none adds one.
        const allowed = placeholders(en[enKey]!);
        expect(placeholders(value).filter((name) => !allowed.includes(name)), `${lang} ${key}`).toEqual([]);
      }
    }
  });

  it.each(LANGUAGES.map((l) => l.lang))('%s has exactly the plural forms its language needs for every plural message of en_US', async (lang) => {
    const en = await readCatalogue('en_US');
    const catalogue = await readCatalogue(lang);
    const needed = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((form) => pluralCategories(lang).includes(form));
    const bases = pluralMessages(en);
    expect(bases.length).toBeGreaterThan(5);
    for (const base of bases) {
      expect(catalogue, `${lang}: ${base} without plural forms`).not.toHaveProperty([base]);
      const forms = formsOf(catalogue, base);
      if (forms.length === 0) continue; // not translated yet: en_US fills in
      expect(forms, `${lang} ${base}`).toEqual(needed);
      expect(placeholders(catalogue[`${base}_other`]!), `${lang} ${base}_other`).toEqual(placeholders(en[`${base}_other`]!));
    }
  });
});
