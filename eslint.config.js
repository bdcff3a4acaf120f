import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './scripts/eslint/module-cycles.mjs';
import moduleIndex from './scripts/eslint/module-index.mjs';
import serverRules from './scripts/eslint/server-rules.mjs';
import serverSql from './scripts/eslint/sql-in-repositories.mjs';

/**
 * Import boundaries (ARCHITECTURE.md, code map; decision 186) are zones of import-x's
 * no-restricted-paths: it resolves each import, static, re-exported or `import()`, to its file, and
 * refuses a file of `from` in a file of `target` (paths from the repository's root; `except` is
 * relative to `from`).
 */
const zones = (list) => ['error', { basePath: import.meta.dirname, zones: list }];
const WEB_NEVER_SERVER = { target: 'src/web', from: 'src/server', message: 'web/ never imports the server' };
/** The packages of the server, named as the web app would import them. */
const SERVER_PACKAGES = [
  'error',
  { patterns: [{ group: ['drizzle-orm*', 'fastify*', 'pg'], message: 'web/ never imports the server' }] },
];

// Feature boundaries in the web app (decision 115): a feature is used only through its public
// modules, index.ts (and the few declared below); components/ and lib/ are shared pieces and import
// no feature.
const FEATURES = readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/**
 * Public modules besides index.ts: any feature's lazy.ts (its lazy components, kept apart from index.ts
 * so their code stays out of the chunks that import the index), and the auth pages' forms, which load
 * with their lazy pages, not the shell.
 */
const PUBLIC_MODULES = { auth: ['forms'] };
const publicFiles = (f) =>
  ['index', 'lazy', ...(PUBLIC_MODULES[f] ?? [])]
    .flatMap((m) => ['ts', 'tsx'].map((ext) => `./${m}.${ext}`))
    .filter((rel) => existsSync(`src/web/features/${f}/${rel}`));
const FEATURE_MESSAGE =
  'import a feature through its index.ts (decision 115); move what several features share to components/ or lib/';
const SHARED_MESSAGE =
  'components/ and lib/ are shared by features and import none (decision 115): move the piece, or compose it in app/ or pages/';
const WEB_ZONES = [
  WEB_NEVER_SERVER,
  // Everywhere in src/web but the feature itself: its public modules only.
  ...FEATURES.map((f) => ({
    target: ['src/web/*', `src/web/!(features)/**`, `src/web/features/!(${f})/**`],
    from: `src/web/features/${f}`,
    except: publicFiles(f),
    message: FEATURE_MESSAGE,
  })),
  { target: ['src/web/components', 'src/web/lib'], from: 'src/web/features', message: SHARED_MESSAGE },
];

const serverModules = { rules: { ...moduleCycles.rules, ...moduleIndex.rules } };
const SERVER_TESTS = ['**/*.test.ts', '**/test-helpers.ts', 'src/server/test/**'];
/** The folders compose.ts builds, whose decorations of the app are for server.ts and the tests (decision 108). */
const MODULE_DIRS = ['src/server/modules', 'src/server/jobs', 'src/server/realtime', 'src/server/storage'];
/** What the app decorates itself with for every module: the request guards (auth) and the readiness flag (health). */
const APP_OWN = ['optionalAuth', 'requireAuth', 'requireAdmin', 'requireToken', 'readiness'];
/**
 * The rooms of bookings/ (ARCHITECTURE.md, code map; decision 188), from the floor up: a room imports only the rooms
 * below it, type imports included, and none imports the module's root (its service, routes and index), which composes
 * them. Each room's zone refuses the rooms above it and the root's files.
 */
const BOOKINGS = 'src/server/modules/bookings';
const BOOKING_ROOMS = ['booking', 'checkout', 'changes', 'trouble', 'lifecycle'];
const BOOKING_ROOM_ZONES = BOOKING_ROOMS.map((room, i) => ({
  target: `${BOOKINGS}/${room}`,
  from: [...BOOKING_ROOMS.slice(i + 1).map((above) => `${BOOKINGS}/${above}/**`), `${BOOKINGS}/*.ts`],
  message: `bookings/${room}/ builds on ${BOOKING_ROOMS.slice(0, i).join(', ') || 'no other room'} only, never on the rooms above it (${BOOKING_ROOMS.slice(i + 1).join(', ') || 'none'}) or the module's root (decision 188): pass what it needs in from the service`,
}));
/**
 * The functions that write a booking's status (ARCHITECTURE.md, Invariants; decision 090 for settleDeposit's statement,
 * depositSettle).
 */
const STATUS_WRITERS = [
  'modules/bookings/booking/bookings.repository.ts#transitionBooking',
  'modules/bookings/checkout/checkout.repository.ts#depositSettle',
];
/**
 * One money formatter (decision 117): an amount written next to its unit in a template (`${n} RMB`,
 * `${n} 元`, `¥${n}`) is formatted by hand; src/shared/money-format.ts does it for every locale.
 */
const HAND_MONEY = {
  selector:
    'TemplateLiteral[expressions.length>0] > TemplateElement:matches([value.raw=/^\\s?(?:RMB|JPY|元|日元)/], [value.raw=/[¥￥]$/])',
  message:
    'format money with moneyFormat(locale) from src/shared/money-format.ts (rmb, yen, yenWithRmb) (decision 117)',
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'src/web/public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, '@stylistic': stylistic },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // A file one reads whole (ARCHITECTURE.md, Invariants): a longer one is split by what it covers. The lines
      // are Prettier's (`prettier --check` runs first in `npm run lint`), so the cap counts formatted lines
      // (decision 191).
      'max-lines': ['error', { max: 400 }],
      // Prettier's width, held where Prettier cannot hold it: a comment it never breaks, a line it leaves
      // long. A literal is exempt: a sentence in three languages, a class list or a SQL statement cut into
      // `+` pieces is no longer what a reader greps or a translator edits (decision 191).
      '@stylistic/max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  // shared/ is pure: no I/O, no node builtin (`crypto` as much as `node:crypto`), neither side.
  {
    files: ['src/shared/**'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'import-x/no-restricted-paths': zones([
        {
          target: 'src/shared',
          from: ['src/server', 'src/web'],
          message: 'shared/ does no I/O and imports neither side',
        },
      ]),
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': SERVER_PACKAGES,
      'import-x/no-restricted-paths': zones(WEB_ZONES),
      'no-restricted-syntax': ['error', HAND_MONEY],
    },
  },
  // Tests may reach into a feature (vi.mock names the module it replaces).
  {
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off', 'import-x/no-restricted-paths': 'off' },
  },
  // One way to call the server: lib/api-client.ts (ARCHITECTURE.md, decision 143). The service worker
  // (public/sw.js) fetches for itself and is not linted; tests stub fetch.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'call the server through lib/api-client.ts (apiRequest, apiFile): one place adds the token, reads errors and notices cached answers',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'call the server through lib/api-client.ts (apiRequest, apiFile)',
        })),
      ],
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
    rules: {
      'import-x/no-restricted-paths': zones([
        { target: 'src/server', from: 'src/web', message: 'the server never imports web/' },
      ]),
    },
  },
  // auth is the request guard, tokens, sessions and passwords, and imports no module (ARCHITECTURE.md):
  // every module uses it, so a module it imported could not use it.
  {
    files: ['src/server/modules/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': zones([
        { target: 'src/server', from: 'src/web', message: 'the server never imports web/' },
        {
          target: 'src/server/modules/auth',
          from: 'src/server/modules',
          except: ['./auth'],
          message: 'auth imports no module: every module uses it, so a module it imported could not use it',
        },
      ]),
    },
  },
  // The rooms of bookings/ build one on another (BOOKING_ROOMS above).
  {
    files: [`${BOOKINGS}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: {
      'import-x/no-restricted-paths': zones([
        { target: 'src/server', from: 'src/web', message: 'the server never imports web/' },
        ...BOOKING_ROOM_ZONES,
      ]),
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
  // Every booking status change goes through the state machine: only the listed functions write the
  // status (ARCHITECTURE.md, Invariants). Tests, their helpers and the demo seed set rows up directly.
  {
    files: ['src/server/**/*.ts'],
    ignores: [...SERVER_TESTS, 'src/server/db/seed/**', 'src/server/db/migrations/**'],
    plugins: { 'server-sql': serverSql },
    rules: { 'server-sql/one-status-writer': ['error', { root: 'src/server', allowed: STATUS_WRITERS }] },
  },
  // Every failure the server throws is an AppError with a stable code, and no cast goes through
  // unknown (ARCHITECTURE.md, decisions 143, 186); tests are not held to either.
  {
    files: ['src/server/**/*.ts'],
    ignores: SERVER_TESTS,
    plugins: { server: serverRules },
    rules: { 'server/throw-app-error': 'error', 'server/no-double-cast': 'error' },
  },
  // A server function one reads on one screen: over 80 lines, it is split into named steps
  // (ARCHITECTURE.md; `node scripts/long-functions.mjs` lists the longest). Tests are not held to it.
  {
    files: ['src/server/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  // The translation provider's ProviderError never reaches a client: only the translation job's retry policy reads
  // its `failure` (a spent quota stops the month, anything else backs off; decision 145), which no AppError code names.
  { files: ['src/server/modules/translation/provider.ts'], rules: { 'server/throw-app-error': 'off' } },
  // No module reads another off the Fastify instance: compose.ts hands each its collaborators, and the
  // decorations are for server.ts and the tests (decision 108).
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: SERVER_TESTS,
    plugins: { server: serverRules },
    rules: { 'server/no-module-off-app': ['error', { dirs: MODULE_DIRS, own: APP_OWN }] },
  },
);
