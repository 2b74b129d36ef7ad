/**
 * Issue 8 item 10: "no import circle". The lint rule import/no-cycle (eslint.config.js) does not
 * follow `import type`, yet a circle through types is still two modules that cannot be understood,
 * moved or tested one without the other (schemas/signUp's fromPayload ⇄ toPayload, screens.config.ts
 * ⇄ src/ through the Screen types were such circles). This walks every import of the application's
 * TypeScript, types and lazy `import()` included, with TypeScript's own pre-processor.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file's relative imports that resolve to a file (the repository writes explicit extensions). */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolve(dirname(file), fileName))
      .filter((target) => existsSync(target));
    return [file, [...new Set(targets)]];
  }));
}

/** One circle per group of files that reach each other (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(relative(root, member));
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles, types and lazy imports included (issue 8 item 10)', () => {
  it('finds a circle when there is one', () => {
    const a = join(root, 'a.ts');
    const b = join(root, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['a.ts', 'b.ts']]);
    expect(circles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });

  it('finds none in src/, schemas/, server/ and screens.config.ts', () => {
    const files = [...['src', 'schemas', 'server'].flatMap((dir) => sourceFiles(join(root, dir))), join(root, 'screens.config.ts')];
    expect(circles(importGraph(files))).toEqual([]);
  });
});
