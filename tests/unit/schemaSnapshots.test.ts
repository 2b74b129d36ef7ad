/**
 * Issue 3 "Snapshot tests": every builder × mode for every fixture organisation, as readable JSON
 * under tests/snapshots/schemas/, so a settings change is reviewed as a schema diff
 * (`npx vitest run --project unit -u` rewrites them after an intended change, and removes the files
 * it no longer writes).
 *
 * Issue 8 item 11: each file shows something no other does. The fixtures are walked in order
 * (springfield, the reference organisation, first; tests/fixtures/formFlags.ts), each builder × mode
 * in FORM_BUILDERS order; a built form is written to `{org}/{form}.{mode}.json` only the first time
 * its content appears. Every organisation's `{org}/index.json` lists its forms that are the same as
 * an earlier file, so a form that newly equals, or stops equalling, another changes the index and
 * shows up in git. An organisation whose members see no form (disabled, or self-service off, §2)
 * writes only its index, saying so.
 */
import { existsSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import { DEFAULT_MESSAGE_KEYS, FALLBACK_MESSAGE_KEY } from '../../schemas/forms/messageKeys.ts';
import { CONTACT_PATH_MINIMUM_INTRO_KEY, CONTACT_PATH_MINIMUM_MESSAGE_KEY } from '../../schemas/rules/contactPathMinimum.ts';
import { DIFFERS_FROM_MESSAGE_KEY } from '../../schemas/rules/differsFrom.ts';
import { PASSWORD_POLICY_MESSAGE_KEY } from '../../schemas/rules/passwordPolicy.ts';
import { PHONE_MESSAGE_KEYS } from '../../schemas/rules/phoneNumber.ts';
import { SAME_AS_MESSAGE_KEY } from '../../schemas/rules/sameAs.ts';
import enUS from '../../public/i18n/en_US.json' with { type: 'json' };
import { formFixtures, type FormFixture } from '../fixtures/formFlags.ts';

const SNAPSHOTS = fileURLToPath(new URL('../snapshots/schemas/', import.meta.url));

const cases = formFixtures.flatMap((fixture) =>
  (Object.keys(FORM_BUILDERS) as FormName[]).flatMap((name) =>
    FORM_BUILDERS[name].modes.map((mode) => [fixture.id, name, mode, fixture] as const)));

/** §2: a disabled organisation has no routes; with enableSSP false the self-service screens show the deactivated page. */
function noFormShown(fixture: FormFixture): string | null {
  if (fixture.settings.disabled) return 'none: the organisation is disabled (§2: every address shows the not-found page)';
  if (fixture.settings.enableSSP === false) return 'none: self-service is off (enableSSP false, §2: the self-service screens show the deactivated page)';
  return null;
}

const firstFileOf = new Map<string, string>();
const written: { file: string; content: string }[] = [];
const indexes = new Map<string, { organisation: string; forms?: string; sameAs?: Record<string, string> }>();
for (const fixture of formFixtures) {
  const none = noFormShown(fixture);
  indexes.set(fixture.id, none ? { organisation: fixture.id, forms: none } : { organisation: fixture.id, sameAs: {} });
}
for (const [orgId, name, mode, fixture] of cases) {
  const index = indexes.get(orgId)!;
  if (!index.sameAs) continue;
  const content = `${JSON.stringify(FORM_BUILDERS[name].build(fixture.settings, fixture.flags, mode), null, 2)}\n`;
  const file = `${orgId}/${name}.${mode}`;
  const first = firstFileOf.get(content);
  if (first) index.sameAs[`${name}.${mode}`] = first;
  else {
    firstFileOf.set(content, file);
    written.push({ file, content });
  }
}
const expectedFiles = new Set([...written.map(({ file }) => `${file}.json`), ...[...indexes.keys()].map((orgId) => `${orgId}/index.json`)]);

describe('generated schemas', () => {
  it.each(written.map(({ file, content }) => [file, content] as const))('%s', async (file, content) => {
    await expect(content).toMatchFileSnapshot(join(SNAPSHOTS, `${file}.json`));
  });

  it.each([...indexes.entries()])('%s: index of forms that are the same as another file', async (orgId, index) => {
    await expect(`${JSON.stringify(index, null, 2)}\n`).toMatchFileSnapshot(join(SNAPSHOTS, orgId, 'index.json'));
  });

  it('the folder holds no other file (a form that now equals an earlier one loses its own)', () => {
    const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
      .flatMap((entry) => (entry.isDirectory() ? filesIn(join(dir, entry.name)) : [relative(SNAPSHOTS, join(dir, entry.name))]));
    const stale = filesIn(SNAPSHOTS).filter((file) => !expectedFiles.has(file.split('\\').join('/'))).sort();
    if (stale.length > 0 && expect.getState().snapshotState.snapshotUpdateState === 'all') {
      for (const file of stale) unlinkSync(join(SNAPSHOTS, file));
      for (const dir of readdirSync(SNAPSHOTS)) if (readdirSync(join(SNAPSHOTS, dir)).length === 0) rmdirSync(join(SNAPSHOTS, dir));
      return;
    }
    expect(stale, 'no longer written: remove them (or run with -u)').toEqual([]);
  });
});

/** Every message key and label key a schema can show, collected from the built schemas. */
function keysIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keysIn(item, out));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.title === 'string') out.add(record.title);
    if (record.messages && typeof record.messages === 'object') Object.values(record.messages).forEach((key) => typeof key === 'string' && out.add(key));
    Object.values(record).forEach((value) => keysIn(value, out));
  }
  return out;
}

describe('message keys of the generated schemas', () => {
  it('are all in the en_US catalogue', () => {
    const keys = new Set<string>();
    for (const [, name, mode, fixture] of cases) {
      const built = FORM_BUILDERS[name].build(fixture.settings, fixture.flags, mode);
      // Titles marked titleIsText (custom field names, contact path names) are the organisation's own text.
      keysIn(built.schema, keys);
    }
    // The keys validators emit on their own: defaults per keyword and the custom keywords' keys.
    for (const key of [
      ...Object.values(DEFAULT_MESSAGE_KEYS), FALLBACK_MESSAGE_KEY, PASSWORD_POLICY_MESSAGE_KEY, ...Object.values(PHONE_MESSAGE_KEYS),
      CONTACT_PATH_MINIMUM_MESSAGE_KEY, CONTACT_PATH_MINIMUM_INTRO_KEY, SAME_AS_MESSAGE_KEY, DIFFERS_FROM_MESSAGE_KEY,
    ]) keys.add(key);
    // A plural message is in the catalogue by its forms (`key_one`, `key_other`): i18next picks one from `count`.
    const catalogue = Object.fromEntries(Object.entries(enUS).flatMap(([key, text]) => [[key, text], [key.replace(/_other$/, ''), text]]));
    const own = new Set(formFixtures.flatMap((f) => [
      ...(f.flags.customFields ?? []).map((c) => c.name), ...(f.flags.contactPaths ?? []).map((p) => p.name),
      ...f.settings.alertSubscriptions.map((topic) => topic.name),
    ]));
    const missing = [...keys].filter((key) => !(key in catalogue) && !own.has(key));
    expect(missing).toEqual([]);
  });
});
