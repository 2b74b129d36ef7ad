/**
 * Issue 9 row 20: the portal runs on a supported Node.js LTS, and package.json `engines` is true: every
 * installed package supports the range it states, and the tests themselves run on the Node.js that
 * `npm install` brings (the `node` dev dependency), whatever Node.js npm itself runs on.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ConfigError, checkRuntime } from '../../server/config.ts';

interface LockPackage { version?: string; engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }
const rootUrl = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', rootUrl), 'utf8')) as {
  engines: { node: string }; devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', rootUrl), 'utf8')) as { packages: Record<string, LockPackage> };

/** Node.js release lines in active or maintenance LTS on 2026-11-23 (22 until April 2027, 24 until April 2028). */
const SUPPORTED_LTS_MAJORS = [22, 24];

describe('the Node.js runtime', () => {
  it('runs the tests on a supported LTS line, the one the node dev dependency pins', () => {
    expect(SUPPORTED_LTS_MAJORS).toContain(semver.major(process.versions.node));
    expect(semver.satisfies(process.versions.node, pkg.devDependencies.node ?? 'missing')).toBe(true);
  });

  it('states in engines a range every installed package supports', () => {
    const minimum = semver.minVersion(pkg.engines.node);
    expect(minimum).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.optional && typeof entry.engines === 'object' && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(minimum!, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it('refuses to start the server on a Node.js outside engines, and names what to do', () => {
    expect(() => checkRuntime('20.20.2', pkg.engines.node)).toThrow(ConfigError);
    expect(() => checkRuntime('22.12.0', pkg.engines.node)).toThrow(ConfigError);
    expect(() => checkRuntime('20.20.2', pkg.engines.node)).toThrow(/npm start/);
    expect(() => checkRuntime('22.13.0', pkg.engines.node)).not.toThrow();
    expect(() => checkRuntime(process.versions.node, pkg.engines.node)).not.toThrow();
  });
});
