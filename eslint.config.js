import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (DESIGN §1): shared imports neither side; web never imports server;
// the server never imports web.
const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'src/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': boundary(['**/server/**', '**/web/**', 'node:*', 'fs', 'path'], 'shared/ does no I/O and imports neither side') },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(['**/server/**', 'drizzle-orm*', 'fastify*', 'pg'], 'web/ never imports the server'),
    },
  },
  {
    files: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/**', 'scripts/**', 'e2e/**', 'bench/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': boundary(['**/web/**'], 'the server never imports web/') },
  },
);
