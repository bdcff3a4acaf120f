import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './scripts/eslint/module-cycles.mjs';
import moduleIndex from './scripts/eslint/module-index.mjs';
import serverSql from './scripts/eslint/sql-in-repositories.mjs';

// Import boundaries: shared imports neither side; web never imports server;
// the server never imports web.
const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

// Feature boundaries in the web app (decision 115): a feature is used only through its public
// modules, index.ts (and the few declared below); components/ and lib/ are shared pieces and import
// no feature. Imports are relative, so the rule reads the specifier: from inside a feature, another
// feature's folder is the first name after the `../` run (no feature has a subfolder named like another
// feature); from anywhere else it follows `features/`. Dynamic import() is checked too.
const FEATURES = readdirSync('src/web/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
/**
 * Public modules besides index.ts: any feature's lazy.ts (its lazy components, kept apart from index.ts
 * so their code stays out of the chunks that import the index), and the auth pages' forms, which load
 * with their lazy pages, not the shell.
 */
const PUBLIC_MODULES = { auth: ['forms'] };
const privateOf = (f) => `${f}/(?!(?:${['index', 'lazy', ...(PUBLIC_MODULES[f] ?? [])].join('|')})$)`;
const serverModules = { rules: { ...moduleCycles.rules, ...moduleIndex.rules } };
const SERVER_TESTS = ['**/*.test.ts', '**/test-helpers.ts', 'src/server/test/**'];
/** What stops a process before or outside serving: the settings and the command-line tools (decision 143). */
const OUTSIDE_SERVING = ['src/server/config.ts', 'src/server/**/*-cli.ts', 'src/server/db/seed/cli.ts', 'src/server/db/backup/**'];
const THROW_APP_ERROR = {
  selector: 'ThrowStatement > :matches(NewExpression, CallExpression)[callee.name=/^(?:Error|TypeError|RangeError|SyntaxError)$/]',
  message: "throw an AppError with a stable code from src/shared/errors.ts ('internal' for a broken invariant no client causes)",
};
/** The decorations compose.ts leaves on the app for server.ts and the tests (decision 108). */
const MODULE_DECORATIONS = ['bookings', 'disputes', 'fx', 'guideSearch', 'jobs', 'messaging', 'notifications', 'offers', 'paymentProvider', 'payoutBatches', 'realtime', 'receipts', 'reviews', 'storage', 'wallet', 'weather'];
const NO_DECORATION_LOOKUP = {
  selector: `MemberExpression:matches([object.name='app'], [object.property.name='app'])[property.name=/^(?:${MODULE_DECORATIONS.join('|')})$/]`,
  message: 'a module gets its collaborators from compose.ts (declare the need in its index.ts), never off the app (decision 108)',
};
const WEB_NEVER = ['**/server/**', 'drizzle-orm*', 'fastify*', 'pg'];
const deepFromOutside = `(?:^|/)features/(?:${FEATURES.map(privateOf).join('|')})`;
const deepFromFeature = (own) => `^(?:\\.\\./)+(?:features/)?(?:${FEATURES.filter((f) => f !== own).map(privateOf).join('|')})`;
const anyFeature = '(?:^|/)features(?:/|$)';
const FEATURE_MESSAGE = 'import a feature through its index.ts (decision 115); move what several features share to components/ or lib/';
const SHARED_MESSAGE = 'components/ and lib/ are shared by features and import none (decision 115): move the piece, or compose it in app/ or pages/';
/**
 * One money formatter (decision 117): an amount written next to its unit in a template (`${n} RMB`,
 * `${n} 元`, `¥${n}`) is formatted by hand; src/shared/money-format.ts does it for every locale.
 */
const HAND_MONEY = {
  selector: 'TemplateLiteral[expressions.length>0] > TemplateElement:matches([value.raw=/^\\s?(?:RMB|JPY|元|日元)/], [value.raw=/[¥￥]$/])',
  message: 'format money with moneyFormat(locale) from src/shared/money-format.ts (rmb, yen, yenWithRmb) (decision 117)',
};
const webRule = (regex, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: WEB_NEVER, message: 'web/ never imports the server' }, { regex, message }] }],
  // esquery's regular expressions cannot hold a slash: \x2F stands for it.
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }, HAND_MONEY],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'src/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // A file one reads whole (ARCHITECTURE.md, Invariants): a longer one is split by what it covers.
      'max-lines': ['error', { max: 400 }],
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
  // Feature boundaries (decision 115); tests may reach into a feature (vi.mock names the module it replaces).
  { files: ['src/web/**'], rules: webRule(deepFromOutside, FEATURE_MESSAGE) },
  ...FEATURES.map((f) => ({ files: [`src/web/features/${f}/**`], rules: webRule(deepFromFeature(f), FEATURE_MESSAGE) })),
  { files: ['src/web/components/**', 'src/web/lib/**'], rules: webRule(anyFeature, SHARED_MESSAGE) },
  { files: ['src/web/**/*.test.{ts,tsx}'], rules: { 'no-restricted-syntax': 'off' } },
  // One way to call the server: lib/api-client.ts (ARCHITECTURE.md, decision 143). The service worker
  // (public/sw.js) fetches for itself and is not linted; tests stub fetch.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'call the server through lib/api-client.ts (apiRequest, apiFile): one place adds the token, reads errors and notices cached answers' }],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: 'call the server through lib/api-client.ts (apiRequest, apiFile)' }))],
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
  // auth is the request guard, tokens, sessions and passwords, and imports no module (ARCHITECTURE.md):
  // from its files, another module's folder is the first name after a single `../`.
  {
    files: ['src/server/modules/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'the server never imports web/' }, { regex: '^\\.\\./(?!\\.\\./)', message: 'auth imports no module: every module uses it, so a module it imported could not use it' }] },
      ],
    },
  },
  // No import loop between the server's module folders (decision 107); collaborators meet in compose.ts.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'server-modules': serverModules },
    rules: { 'server-modules/no-cycle': 'error' },
  },
  // Another module is reached only through its index.ts (ARCHITECTURE.md, decision 143). Not held to
  // it: tests and their helpers (a test sets up rows through any module's files, as the web features'
  // tests may reach into a feature) and the demo seed (demo data is written with the modules' own
  // repositories and services, as a fixture would).
  {
    files: ['src/server/**/*.ts'],
    ignores: [...SERVER_TESTS, 'src/server/db/seed/**'],
    plugins: { 'server-modules': serverModules },
    rules: { 'server-modules/through-index': 'error' },
  },
  // Only repositories write SQL (ARCHITECTURE.md, decision 143). Besides the *.repository.ts files, the
  // database's own folder may: the client, the Drizzle schema, migrations, the demo seed and backups are
  // the database itself, not a module's queries; and tests, which set up and read rows directly.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.repository.ts', 'src/server/db/**', ...SERVER_TESTS],
    plugins: { 'server-sql': serverSql },
    rules: { 'server-sql/only-in-repositories': 'error' },
  },
  // Every failure the server throws is an AppError with a stable code (ARCHITECTURE.md, decision 143).
  // Not held to it, besides tests: what stops a process before or outside serving, where no client
  // reads a code and the operator reads the message: the settings (config.ts) and the command-line
  // tools (the *-cli.ts entry points, the seed's and the backup's).
  {
    files: ['src/server/**/*.ts'],
    ignores: [...SERVER_TESTS, ...OUTSIDE_SERVING],
    rules: { 'no-restricted-syntax': ['error', THROW_APP_ERROR] },
  },
  // No module reads another off the Fastify instance: compose.ts hands each its collaborators, and the
  // decorations are for server.ts and the tests (decision 108). (With the rule above: one option list.)
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: [...SERVER_TESTS, ...OUTSIDE_SERVING],
    rules: { 'no-restricted-syntax': ['error', THROW_APP_ERROR, NO_DECORATION_LOOKUP] },
  },
);
