/**
 * `npm run bench` (part 2): the gzip size of the JavaScript each page loads (issue 3: "report the
 * gzip size of the JavaScript that the login, sign-up and home pages load"), read from Vite's build
 * manifest: the entry with its static imports, plus the page's lazily loaded screen with its own.
 * Also checks that the heavy libraries stay where they belong: no form renderer (rjsf, ajv) on a
 * page without a form, Leaflet only in the map chunk (not even on the pages with forms).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { ensureClientBuild } from '../server/build.ts';
import { distDir } from '../server/client.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

await ensureClientBuild();
const manifest = JSON.parse(await readFile(`${distDir}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const gzipOf = async (file: string) => gzipSync(await readFile(`${distDir}${file}`)).length;
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const pages: Record<string, string[]> = {
  '/{orgId}/login': [entry, 'src/screens/login/LoginScreen.tsx'],
  '/{orgId}/new (sign-up)': [entry, 'src/screens/signUp/SignUpScreen.tsx'],
  '/{orgId}/home (form only in its dialog)': [entry, 'src/screens/home/HomeScreen.tsx'],
  '/{orgId}/faq (no form)': [entry, 'src/screens/placeholder/PlaceholderScreen.tsx'],
  '/admin (forms)': [entry, 'src/admin/AdminApp.tsx'],
};

const rows: Record<string, { chunks: number; 'JS gzip (kB)': string }> = {};
const loaded: Record<string, string[]> = {};
for (const [page, keys] of Object.entries(pages)) {
  const missing = keys.filter((key) => !manifest[key]);
  if (missing.length) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const files = [...closure(keys)].map((key) => manifest[key]!.file);
  loaded[page] = files;
  const sizes = await Promise.all(files.map(gzipOf));
  rows[page] = { chunks: files.length, 'JS gzip (kB)': (sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1) };
}
console.table(rows);

// What each chunk contains, from its source map: heavy libraries must not reach the login page.
async function sourcesOf(file: string): Promise<string[]> {
  const map = JSON.parse(await readFile(`${distDir}${file}.map`, 'utf8').catch(() => '{"sources":[]}')) as { sources: string[] };
  return map.sources;
}
let failed = false;
for (const page of ['/{orgId}/faq (no form)', '/{orgId}/home (form only in its dialog)']) {
  const plainSources = (await Promise.all(loaded[page]!.map(sourcesOf))).flat();
  for (const heavy of ['@rjsf/', '/ajv/', '/leaflet/']) {
    const found = plainSources.some((source) => source.includes(heavy));
    console.log(`${found ? 'MISS' : 'ok  '} ${page} loads no ${heavy.replaceAll('/', '')}`);
    failed ||= found;
  }
}
// Sign-up draws a map only in its "Verify your location" dialog.
const signUpSources = (await Promise.all(loaded['/{orgId}/new (sign-up)']!.map(sourcesOf))).flat();
const leafletOnSignUp = signUpSources.some((source) => source.includes('/leaflet/'));
console.log(`${leafletOnSignUp ? 'MISS' : 'ok  '} the sign-up page loads no leaflet before its map dialog opens`);
failed ||= leafletOnSignUp;
const loginSources = (await Promise.all(loaded['/{orgId}/login']!.map(sourcesOf))).flat();
const leafletOnLogin = loginSources.some((source) => source.includes('/leaflet/'));
console.log(`${leafletOnLogin ? 'MISS' : 'ok  '} the login page (a form without a map) loads no leaflet`);
failed ||= leafletOnLogin;
const adminSources = (await Promise.all(loaded['/admin (forms)']!.map(sourcesOf))).flat();
const leafletUpFront = adminSources.some((source) => source.includes('/leaflet/'));
console.log(`${leafletUpFront ? 'MISS' : 'ok  '} Leaflet is not loaded with the forms (only when a map is drawn)`);
failed ||= leafletUpFront;
process.exitCode = failed ? 1 : process.exitCode;
