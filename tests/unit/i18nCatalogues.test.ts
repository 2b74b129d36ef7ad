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
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it('has one catalogue per language of §9 and nothing else', async () => {
    const files = (await readdir(catalogueDir)).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(LANGUAGES.map((l) => `${l.lang}.json`).sort());
  });

  it.each(LANGUAGES.map((l) => l.lang))('%s holds only en_US keys, as strings with the same placeholders', async (lang) => {
    const en = await readCatalogue('en_US');
    const catalogue = await readCatalogue(lang);
    for (const [key, value] of Object.entries(catalogue)) {
      expect(en, `${lang}: unknown key ${key}`).toHaveProperty([key]);
      expect(typeof value).toBe('string');
      expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(en[key]!));
    }
  });
});
