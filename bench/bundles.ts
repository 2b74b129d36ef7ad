/**
 * `npm run bench` (part 2): the gzip size of the JavaScript each page loads (issue 3: "report the
 * gzip size of the JavaScript that the login, sign-up and home pages load"), read from Vite's build
 * manifest: the entry with its static imports, plus the page's lazily loaded screen with its own
 * (not what a page fetches later on demand: the phone input, a map, markdown). Beside each figure its
 * budget (issue 10 item 2, bench/budgets.ts), which tests/e2e/bundleBudgets.test.ts enforces on what
 * Chromium loads, and the heavy libraries the page loads.
 * Also checks that the heavy libraries stay where they belong: no form renderer (rjsf, ajv) and no
 * libphonenumber-js on a page without a form, Leaflet only in the map chunk (not even on the pages
 * with forms), markdown-to-jsx on no page (no form of ours renders markdown).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { ensureClientBuild } from '../server/build.ts';
import { distDir } from '../server/client.ts';
import { BUNDLE_BUDGETS_KB } from './budgets.ts';

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
const pages: Record<string, { keys: string[]; budgetKB: number }> = {
  '/{orgId}/login': { keys: [entry, 'src/screens/login/LoginScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.signIn },
  '/{orgId}/forgot-username': { keys: [entry, 'src/screens/forgotUsername/ForgotUsernameScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.signIn },
  '/{orgId}/forgot-password': { keys: [entry, 'src/screens/forgotPassword/ForgotPasswordScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.signIn },
  '/{orgId}/reset-password': { keys: [entry, 'src/screens/resetPassword/ResetPasswordScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.signIn },
  '/{orgId}/new (sign-up)': { keys: [entry, 'src/screens/signUp/SignUpScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.signUp },
  '/{orgId}/home (form only in its dialog)': { keys: [entry, 'src/screens/home/HomeScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.noForm },
  '/{orgId}/faq (no form)': { keys: [entry, 'src/screens/content/OrgPageScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.noForm },
  '/{orgId}/notif (no form)': { keys: [entry, 'src/screens/content/NotificationsScreen.tsx'], budgetKB: BUNDLE_BUDGETS_KB.noForm },
  '/admin (forms)': { keys: [entry, 'src/admin/AdminApp.tsx'], budgetKB: BUNDLE_BUDGETS_KB.admin },
};

// What each chunk contains, from its source map: which heavy libraries a page loads.
async function sourcesOf(file: string): Promise<string[]> {
  const map = JSON.parse(await readFile(`${distDir}${file}.map`, 'utf8').catch(() => '{"sources":[]}')) as { sources: string[] };
  return map.sources;
}
const HEAVY = { '@rjsf/': 'rjsf', '/ajv/': 'ajv', '/libphonenumber-js/': 'libphonenumber-js', '/markdown-to-jsx/': 'markdown-to-jsx', '/leaflet/': 'leaflet' };

const rows: Record<string, { chunks: number; 'JS gzip (kB)': string; 'goal (kB)': number; 'within goal': string; 'heavy libraries': string }> = {};
/** Every source (from the chunks' source maps) of the JavaScript each page loads. */
const sourcesByPage: Record<string, string[]> = {};
for (const [page, { keys, budgetKB }] of Object.entries(pages)) {
  const missing = keys.filter((key) => !manifest[key]);
  if (missing.length) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const files = [...closure(keys)].map((key) => manifest[key]!.file);
  const sizes = await Promise.all(files.map(gzipOf));
  const total = sizes.reduce((a, b) => a + b, 0) / 1024;
  const sources = (await Promise.all(files.map(sourcesOf))).flat();
  sourcesByPage[page] = sources;
  rows[page] = {
    chunks: files.length,
    'JS gzip (kB)': total.toFixed(1),
    'goal (kB)': budgetKB,
    'within goal': total <= budgetKB ? 'yes' : 'NO',
    'heavy libraries': Object.entries(HEAVY).filter(([marker]) => sources.some((source) => source.includes(marker))).map(([, name]) => name).join(', '),
  };
}
console.table(rows);

// Heavy libraries must stay off the pages that do not draw what they are for.
let failed = false;
const check = (ok: boolean, line: string) => {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${line}`);
  failed ||= !ok;
};
const loads = (page: string, marker: string) => sourcesByPage[page]!.some((source) => source.includes(marker));
for (const page of ['/{orgId}/faq (no form)', '/{orgId}/notif (no form)', '/{orgId}/home (form only in its dialog)']) {
  for (const heavy of ['@rjsf/', '/ajv/', '/leaflet/', '/libphonenumber-js/']) check(!loads(page, heavy), `${page} loads no ${heavy.replaceAll('/', '')}`);
}
// Sign-up draws a map only in its "Verify your location" dialog.
check(!loads('/{orgId}/new (sign-up)', '/leaflet/'), 'the sign-up page loads no leaflet before its map dialog opens');
check(!loads('/{orgId}/login', '/leaflet/'), 'the login page (a form without a map) loads no leaflet');
check(!loads('/admin (forms)', '/leaflet/'), 'Leaflet is not loaded with the forms (only when a map is drawn)');
// No form of ours renders markdown: markdown-to-jsx is a chunk of its own (vite.config.ts lazyMarkdown) no page loads.
const withMarkdown = Object.keys(pages).filter((page) => loads(page, '/markdown-to-jsx/'));
check(withMarkdown.length === 0, `no page loads markdown-to-jsx${withMarkdown.length ? ` (${withMarkdown.join(', ')} do)` : ''}`);
process.exitCode = failed ? 1 : process.exitCode;
