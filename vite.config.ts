import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

/**
 * Issue 10 item 2: the browser runs on Preact through preact/compat, which renders the same React
 * components (ours, rjsf's, react-router's, react-i18next's) in about 4 kB instead of react-dom's
 * 57 kB gzip. Every import of React resolves here, in the build and in the UI tests
 * (vitest.config.ts), so what the tests render is what ships. The types stay React's (@types/react),
 * which preact/compat implements.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // swr's and react-i18next's shim for React 17 (CommonJS): preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * The JSX transform (plugin-react's oxc) without React Fast Refresh, whose runtime hooks into
 * react-dom: under Preact the dev server reloads the page on a change instead.
 */
export const jsx = () => react({ refreshExclude: /./ });

export default defineConfig({
  plugins: [
    lazyMarkdown(),
    jsx(),
    // Issue 10 item 3 "a slow phone": each script and style sheet also as .br and .gz beside it, which
    // the server sends to a browser that accepts them (server/client.ts, @fastify/static preCompressed):
    // the login page's 500 kB of scripts cross the wire as about 150 kB. index.html is not among them:
    // the server fills it in for every page.
    compression({ include: /\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: { alias: preactAliases },
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
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router reads React 19's useOptimistic where there is one and falls back where not
        // (preact/compat has none): a known absence, not a broken import.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
  },
});
