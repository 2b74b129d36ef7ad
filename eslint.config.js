// Lint rules that keep the layers of ARCHITECTURE.md apart:
// src/ and schemas/ never import server/; schemas/ never imports React, the DOM or Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'src/ and schemas/ must not import server/ (ARCHITECTURE.md, layout).' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
);
