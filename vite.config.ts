import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** §9 "Build version": the package version and the commit it was built from. */
function buildId(): string {
  try {
    return `${version}+${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}`;
  } catch {
    return version;
  }
}

/**
 * Issue 10 item 2 "markdown-to-jsx in no chunk unless a form renders markdown": every import of
 * `markdown-to-jsx/react` (@rjsf/core's RichDescription, RichHelp, ObjectField, UnsupportedField,
 * FileWidget) resolves to the shim src/forms/lazyMarkdown.tsx, which loads the real library on first
 * use through src/forms/markdownLibrary.ts (the one import left alone), so it is a chunk of its own.
 * Only the build: the dev server pre-bundles rjsf with the real library, and vitest has no such plugin.
 */
function lazyMarkdown(): Plugin {
  const shim = fileURLToPath(new URL('./src/forms/lazyMarkdown.tsx', import.meta.url));
  const library = fileURLToPath(new URL('./src/forms/markdownLibrary.ts', import.meta.url));
  return {
    name: 'lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'markdown-to-jsx/react') return null;
      return importer?.split('?')[0] === library ? null : shim;
    },
  };
}

export default defineConfig({
  plugins: [lazyMarkdown(), react()],
  // public/ holds the i18n catalogues, which the server answers itself at /public/i18n/.
  publicDir: false,
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each screen loads (bench/bundles.ts reports their sizes).
    manifest: true,
  },
});
