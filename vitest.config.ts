import { defineConfig } from 'vitest/config';
import { jsx, preactAliases } from './vite.config.ts';

const define = { __APP_VERSION__: JSON.stringify('test'), __BUILD_ID__: JSON.stringify('test') };

/**
 * The four test layers of ARCHITECTURE.md, each a vitest project:
 * unit (pure), api (fastify.inject on PGlite, or PostgreSQL with DATABASE_URL), ui (happy-dom), e2e (real Chromium).
 */
export default defineConfig({
  define,
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        plugins: [jsx()],
        resolve: {
          // Node's own conditions would pick react-router's CommonJS build, which Vite cannot alias.
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            ...preactAliases,
            // Its package has no "exports": Node would take the CommonJS build, which requires react-dom.
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
          ],
        },
        test: {
          // The libraries that import React go through Vite's resolver (and so the Preact aliases)
          // instead of Node's, so one Preact renders everything, as in the browser.
          server: { deps: { inline: [/@rjsf\//, /react-router/, /react-i18next/, /@testing-library\/react/, /swr/, /react-leaflet/, /markdown-to-jsx/] } },
          name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'happy-dom',
          setupFiles: ['tests/ui/setup.ts'], globalSetup: ['tests/ui/globalSetup.ts'], hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
