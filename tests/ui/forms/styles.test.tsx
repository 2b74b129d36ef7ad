/**
 * src/styles/forms.css works right-to-left (ar_SA, §4): it positions and spaces with logical
 * properties only, so nothing needs mirroring by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(process.cwd(), 'src/styles/forms.css'), 'utf8');

describe('forms.css', () => {
  it('uses no physical left/right property or value', () => {
    const physical = [
      /\b(margin|padding|border)-(left|right)\b/,
      /(^|[\s;{])(left|right)\s*:/m,
      /text-align:\s*(left|right)\b/,
      /float:\s*(left|right)\b/,
    ];
    expect(physical.filter((pattern) => pattern.test(css)).map(String)).toEqual([]);
  });

  it('is imported by the form renderer', () => {
    expect(readFileSync(join(process.cwd(), 'src/forms/SchemaForm.tsx'), 'utf8')).toContain("import '../styles/forms.css';");
  });
});
