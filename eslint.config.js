// Lint rules that keep the layers of ARCHITECTURE.md apart:
// src/ and schemas/ never import server/; schemas/ never imports React, the DOM or Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

/**
 * The layers, highest first. A layer may import only from the layers below it (import/no-restricted-paths
 * below; `import type` counts too); several folders on one line are one layer.
 *
 * The browser app: src/main.tsx binds the shell to the registry (it hands screens.config.ts to Boot),
 * so the shell never imports the screens it draws and the screens import the shell's hooks
 * (useScreenMode, usePageTitle) downwards. screens.config.ts takes from src/app only its types
 * (screenTypes.ts), so it and the shell are no loop.
 */
const browserLayers = [
  ['src/main.tsx'],
  ['screens.config.ts'],
  ['src/screens', 'src/admin'],
  ['src/app'],
  ['src/components'],
  ['src/org'],
  ['src/forms'],
  ['src/ui'],
  ['src/i18n'],
  ['src/api'],
  ['schemas'],
];
/** The server: app.ts registers routes; a route parses, calls a service, answers; every query is a repository's; db is the schema. */
const serverLayers = [
  ['server/app.ts', 'server/server.ts'],
  ['server/routes'],
  ['server/http', 'server/plugins'],
  ['server/services'],
  ['server/repositories'],
  ['server/db'],
];
/** One zone per folder: it may not import any folder of a higher layer. */
const layerZones = (layers) => layers.flatMap((layer, index) => layer.map((target) => ({
  target: `./${target}`,
  from: layers.slice(0, index).flat().map((higher) => `./${higher}`),
  message: `${target} is below ${layers.slice(0, index).flat().join(', ')} (layer order in eslint.config.js).`,
}))).filter((zone) => zone.from.length > 0);

/** Issue 8 item 5: selectors of the browser's imports of schemas/api that are not type-only, and of typebox. */
const apiSchemas = String.raw`/(^|\/)schemas\/api\//`;
const typeOnlyMessage = 'The browser imports only types from schemas/api (`import type`): typebox stays out of the pages (issue 8 item 5).';
const browserTypeOnlyApiSchemas = [
  { selector: `ImportDeclaration[importKind='value'][source.value=${apiSchemas}] > ImportSpecifier[importKind='value']`, message: typeOnlyMessage },
  { selector: `ImportDeclaration[importKind='value'][source.value=${apiSchemas}] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)`, message: typeOnlyMessage },
  { selector: `ImportDeclaration[importKind='value'][source.value=${apiSchemas}][specifiers.length=0]`, message: typeOnlyMessage },
  { selector: `ExportNamedDeclaration[exportKind='value'][source.value=${apiSchemas}] > ExportSpecifier[exportKind='value']`, message: typeOnlyMessage },
  { selector: `ExportAllDeclaration[exportKind='value'][source.value=${apiSchemas}]`, message: typeOnlyMessage },
  { selector: `ImportExpression[source.value=${apiSchemas}]`, message: typeOnlyMessage },
  { selector: "ImportDeclaration[importKind='value'][source.value=/^typebox(\\/|$)/]", message: 'The browser does not bundle typebox; import the derived types from schemas/api (issue 8 item 5).' },
];
const typedCallsMessage = 'Call the typed functions of src/api/<domain>.ts; only src/api names a path or calls the raw client (issue 8 item 5).';
const typedCallsOnly = [
  { selector: String.raw`ImportDeclaration[source.value=/(^|\/)api\/paths(\.ts)?$/]`, message: typedCallsMessage },
  { selector: String.raw`ImportDeclaration[source.value=/(^|\/)api\/client(\.ts)?$/] > ImportSpecifier[imported.name=/^(api|request)$/]`, message: typedCallsMessage },
  { selector: String.raw`ImportDeclaration[source.value=/(^|\/)api\/client(\.ts)?$/] > ImportNamespaceSpecifier`, message: typedCallsMessage },
];

/**
 * Issue 8 item 5 (server): a route's params/querystring/body/response schemas are the ones of
 * schemas/api/<domain>.ts, and its request and reply types are derived from them (RouteApp, the
 * TypeBox type provider): no JSON Schema object written in a route file, no typebox to build one
 * there, no request or reply type restated as a route's type arguments.
 */
const routeSchemasMessage = 'A route takes its schemas from schemas/api/<domain>.ts and its types from them (issue 8 item 5): no inline JSON Schema, no typebox, no hand-written route generics.';
const routeSchemasFromApi = [
  { selector: "Property:matches([key.name='type'], [key.value='type'])[value.value=/^(object|array)$/]", message: routeSchemasMessage },
  { selector: "ImportDeclaration[importKind='value'][source.value=/^typebox(\\/|$)/]", message: routeSchemasMessage },
  { selector: "ImportDeclaration[importKind='value'][source.value='@fastify/type-provider-typebox'] > ImportSpecifier[importKind='value']", message: routeSchemasMessage },
  { selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/][typeArguments]", message: routeSchemasMessage },
];

/** Issue 8 item 1: every query is a repository's (server/repositories/); only it and server/db/ see tables. */
const serverRestrictedImports = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries live in server/repositories/ (issue 8 item 1): only repositories and server/db import drizzle-orm.' },
  { group: ['**/db/schema', '**/db/schema.ts', './schema', './schema.ts'], message: 'Queries live in server/repositories/ (issue 8 item 1): only repositories and server/db import db/schema.ts.' },
];
/** Issue 8 item 4: from server/routes/<scope>/<domain>/, `../x` is the scope's folder and `../../x` the other scopes. */
const domainFolderImports = [
  {
    regex: String.raw`^\.\./(\.\./)?[^.]`,
    message: 'A domain folder imports no other route file (issue 8 item 4): move what domains share to server/http/ or server/services/.',
  },
];

const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'src/ and schemas/ must not import server/ (ARCHITECTURE.md, layout).' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  // The service worker (issue 14): plain JavaScript in a worker's scope, served as written.
  { files: ['public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  // Loaded by `node --import` before tsx (server/threadPool.mjs): plain JavaScript in Node.js.
  { files: ['server/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import circle (issue 8 item 10) and no import against the layer order above. The resolver
    // follows the explicit `.ts`/`.tsx` extensions this repository writes; packages are not walked.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      // Imported files are parsed to follow their imports (no-cycle): TypeScript with typescript-eslint's parser.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', {
        zones: [
          ...layerZones(browserLayers),
          ...layerZones(serverLayers),
          {
            target: './screens.config.ts', from: './src/app', except: ['./screenTypes.ts'],
            message: 'screens.config.ts takes only the screen types from the shell (src/app/screenTypes.ts); the shell is handed the registry.',
          },
        ],
      }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'screens.config.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'react', message: 'schemas/ is pure: no React (STYLE.md principle 1).' },
          { name: 'react-dom', message: 'schemas/ is pure: no React (STYLE.md principle 1).' },
        ],
        patterns: [
          noServer,
          { group: ['react/*', 'react-dom/*', 'react-*', '@rjsf/*'], message: 'schemas/ is pure: no React (STYLE.md principle 1).' },
          { group: ['**/src/**', '../src', '../../src'], message: 'schemas/ must not import the browser app.' },
          { group: ['node:*', 'fs', 'path', 'http', 'https', 'pg', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'schemas/ does no I/O (STYLE.md principle 1).' },
        ],
      }],
    },
  },
  {
    // Issue 8 item 5 (an API typed by more than its paths). `no-restricted-syntax` is this item's rule
    // name: no other block sets it, so the `no-restricted-imports` patterns above stay in force.
    // 1. The browser imports only types from schemas/api (the wire's JSON Schemas): typebox, which
    //    builds them, stays out of the pages; the server uses the schemas themselves.
    files: ['src/**/*.{ts,tsx}', 'screens.config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...browserTypeOnlyApiSchemas] },
  },
  {
    // Issue 8 item 5: 2. screens, components, forms, the shell and the admin page call the typed
    //    functions of src/api/<domain>.ts; they never name a path (src/api/paths.ts) nor call the raw
    //    client (`api`, `request`). Client helpers (setCsrfToken, navigation, readCookie, writeOrgCookie,
    //    ApiResult) stay allowed. Repeats rule 1, since this block's setting replaces it for these files.
    files: [
      'src/screens/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}',
      'src/forms/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}', 'screens.config.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...browserTypeOnlyApiSchemas, ...typedCallsOnly] },
  },
  {
    // Issue 8 item 8: src/forms has one public face, src/forms/index.ts. Outside it (screens, the admin
    // page, components, the shell, screens.config.ts …) nothing imports the renderer's internals:
    // templates, widgets, the registry, the message policy. `@typescript-eslint/no-restricted-imports`
    // is this item's rule name: no other block sets it, so the `no-restricted-imports` patterns above
    // (no server/) stay in force. Type imports count too. Tests may import internals.
    files: ['src/**/*.{ts,tsx}', 'screens.config.ts'],
    ignores: ['src/forms/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: String.raw`^(\./|(\.\./)+)(src/)?forms/(?!index(\.ts)?$)`,
          message: 'Import the form renderer from src/forms/index.ts only; the rest of src/forms is its own (issue 8 item 8).',
        }],
      }],
    },
  },
  {
    // Issue 8 items 1 and 4 (server): queries live in server/repositories/, so nothing else of the
    // server imports the Drizzle schema or drizzle-orm (server/db/ itself excepted); and a file of a
    // domain folder (server/routes/<scope>/<domain>/) imports no other route file: not another
    // domain's folder, not a scope's index (what domains share lives in server/http/ or services/).
    // No other block sets `no-restricted-imports` for server/, so this block adds to nothing and
    // replaces nothing.
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverRestrictedImports }],
    },
  },
  {
    // Issue 8 item 5 (server): the route files declare the schemas of schemas/api, never their own.
    // `no-restricted-syntax` is set for src/ only above, so for server/routes this block replaces nothing.
    files: ['server/routes/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...routeSchemasFromApi] },
  },
  {
    // Repeats the patterns above: this block's setting replaces them for the domain folders.
    files: ['server/routes/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverRestrictedImports, ...domainFolderImports] }],
    },
  },
);
