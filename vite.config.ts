import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** §9 "Build version": the package version and the commit it was built from. */
function buildId(): string {
  try {
    return `${version}+${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}`;
  } catch {
    return version;
  }
}

export default defineConfig({
  plugins: [react()],
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
