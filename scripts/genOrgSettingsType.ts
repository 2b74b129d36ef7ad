/**
 * Derives the TypeScript type of organisation settings from schemas/org-settings.schema.json,
 * so the type cannot drift from the schema (tests/unit/orgSettingsType.test.ts regenerates and compares).
 * Run: npm run gen:types
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

export const schemaPath = fileURLToPath(new URL('../schemas/org-settings.schema.json', import.meta.url));
export const typePath = fileURLToPath(new URL('../schemas/orgSettings.generated.ts', import.meta.url));

export async function generateOrgSettingsType(): Promise<string> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
  // A default beside a $ref would make each use a type of its own (PathSetting1, …); defaults do not change types.
  for (const property of Object.values(schema.properties) as Record<string, unknown>[]) {
    if (property.$ref) delete property.default;
  }
  return compile({ ...schema, title: 'OrgSettingsInput' }, 'OrgSettingsInput', {
    bannerComment: '/* Generated from org-settings.schema.json by `npm run gen:types`. Do not edit. */',
    additionalProperties: false,
    // Limits stay the validator's: a list of at most 10 is a list, not ten tuple types.
    ignoreMinAndMaxItems: true,
    style: { singleQuote: true },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(typePath, await generateOrgSettingsType());
  console.log(`wrote ${typePath}`);
}
