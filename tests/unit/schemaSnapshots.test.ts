/**
 * Issue 3 "Snapshot tests": every builder × mode for every fixture organisation, written as readable
 * JSON under tests/snapshots/schemas/, so a settings change is reviewed as a schema diff
 * (`npx vitest run --project unit -u` rewrites them after an intended change).
 */
import { describe, expect, it } from 'vitest';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import { DEFAULT_MESSAGE_KEYS, FALLBACK_MESSAGE_KEY } from '../../schemas/forms/messageKeys.ts';
import { CONTACT_PATH_MINIMUM_MESSAGE_KEY } from '../../schemas/rules/contactPathMinimum.ts';
import { PASSWORD_POLICY_MESSAGE_KEY } from '../../schemas/rules/passwordPolicy.ts';
import { PHONE_MESSAGE_KEYS } from '../../schemas/rules/phoneNumber.ts';
import { SAME_AS_MESSAGE_KEY } from '../../schemas/rules/sameAs.ts';
import enUS from '../../public/i18n/en_US.json' with { type: 'json' };
import { formFixtures } from '../fixtures/formFlags.ts';

const cases = formFixtures.flatMap((fixture) =>
  (Object.keys(FORM_BUILDERS) as FormName[]).flatMap((name) =>
    FORM_BUILDERS[name].modes.map((mode) => [fixture.id, name, mode, fixture] as const)));

describe('generated schemas', () => {
  it.each(cases)('%s · %s · %s', async (orgId, name, mode, fixture) => {
    const built = FORM_BUILDERS[name].build(fixture.settings, fixture.flags, mode);
    await expect(`${JSON.stringify(built, null, 2)}\n`).toMatchFileSnapshot(`../snapshots/schemas/${orgId}/${name}.${mode}.json`);
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
      CONTACT_PATH_MINIMUM_MESSAGE_KEY, SAME_AS_MESSAGE_KEY,
    ]) keys.add(key);
    const catalogue = enUS as Record<string, string>;
    const own = new Set(formFixtures.flatMap((f) => [...(f.flags.customFields ?? []).map((c) => c.name), ...(f.flags.contactPaths ?? []).map((p) => p.name)]));
    const missing = [...keys].filter((key) => !(key in catalogue) && !own.has(key));
    expect(missing).toEqual([]);
  });
});
