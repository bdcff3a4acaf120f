import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { failures, root } from './lint-text';

/**
 * The server's rules that read the syntax tree (decisions 107, 143, 186), through the project's own
 * eslint.config.js: a violation fails, the allowed form and the listed exceptions pass.
 */

describe('only repositories write SQL', () => {
  const header =
    "import { eq, sql } from 'drizzle-orm';\nimport type { Database } from '../../db/client';\nimport { users } from '../../db/schema/index';\n";
  const cases = {
    tag: `${header}export const q = (db: Database) => db.execute(sql\`select 1\`);\n`,
    select: `${header}export const q = (db: Database) => db.select().from(users).where(eq(users.id, 1));\n`,
    chain: `${header}export const q = (records: () => Database) => records().update(users).set({ locale: 'en' });\n`,
    text: "export const q = 'SELECT id FROM users WHERE id = $1';\n",
    with: 'export const q = `WITH recent AS (SELECT id FROM users WHERE created_at > now()) SELECT count(*) FROM recent`;\n',
    lower: "export const q = 'with x as (select 1) delete from sessions where id in (select * from x)';\n",
    template: "export const q = (id: number) => `UPDATE users SET locale = 'en' WHERE id = ${id}`;\n",
  };

  it('fails on the sql tag, a query on the database, a drizzle chain and a statement in a string, WITH first too', async () => {
    for (const [name, code] of Object.entries(cases))
      expect([name, await failures('src/server/modules/users/users.service.ts', code)]).toEqual([
        name,
        expect.arrayContaining(['server-sql/only-in-repositories']),
      ]);
  });

  it('passes a map’s delete, a hash’s update and English text, even text PostgreSQL could parse', async () => {
    const code =
      "import { createHash } from 'node:crypto';\nexport const f = (m: Map<string, number>) => {\n  m.delete('a');\n  return createHash('sha256').update('x').digest('hex') + 'Select a guide from the list' + 'With love from Kyoto';\n};\n";
    expect(await failures('src/server/modules/users/users.service.ts', code)).toEqual([]);
  });

  it('leaves repositories, the database’s folder and tests alone', async () => {
    for (const file of [
      'src/server/modules/users/users.repository.ts',
      'src/server/plugins/metrics.repository.ts',
      'src/server/db/seed/x.ts',
      'src/server/modules/users/users.test.ts',
    ]) {
      for (const code of Object.values(cases))
        expect(await failures(file, code)).not.toContain('server-sql/only-in-repositories');
    }
  });
});

describe('one status writer', () => {
  const head =
    "import { eq, sql } from 'drizzle-orm';\nimport type { Database } from '../../db/client';\nimport { bookings } from '../../db/schema/index';\n";
  const writes = {
    drizzle: `${head}export async function cancel(db: Database, id: number) {\n  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));\n}\n`,
    spread: `${head}const moved = { status: 'cancelled' as const };\nexport const cancel = (db: Database) => db.update(bookings).set({ ...moved, updatedAt: new Date() });\n`,
    alias: "export const undo = 'UPDATE bookings AS b SET status = $1 WHERE b.id = $2';\n",
    tagged: `${head}export const undo = (db: Database, to: string) => db.execute(sql\`UPDATE \${bookings} SET paid_at = NULL, \${bookings.status} = \${to} WHERE id = 1\`);\n`,
    cte: `${head}export const undo = (db: Database) => db.execute(sql\`WITH moved AS (UPDATE bookings SET status = 'pending' WHERE id = 1 RETURNING id) SELECT id FROM moved\`);\n`,
    upsert:
      "export const q = 'INSERT INTO bookings (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = excluded.status';\n",
  };

  it('fails on a status write outside the listed functions, whatever its form', async () => {
    for (const [name, code] of Object.entries(writes))
      expect([name, await failures('src/server/modules/bookings/x.repository.ts', code)]).toEqual([
        name,
        expect.arrayContaining(['server-sql/one-status-writer']),
      ]);
    const composed = `${head}export const undo = (db: Database, rest: ReturnType<typeof sql>) => db.execute(sql\`WITH b AS (UPDATE bookings SET paid_at = NULL, status = 'pending' WHERE id = 1 RETURNING *), \${rest} SELECT 1\`);\n`;
    expect(await failures('src/server/modules/bookings/x.repository.ts', composed)).toContain(
      'server-sql/one-status-writer',
    );
  });

  it('passes other columns, another table’s status, and the listed functions', async () => {
    const other = `${head}export const warn = (db: Database) => db.update(bookings).set({ weatherWarning: null });\nexport const q = 'UPDATE payments SET status = $1 WHERE id = $2';\n`;
    expect(await failures('src/server/modules/bookings/x.repository.ts', other)).not.toContain(
      'server-sql/one-status-writer',
    );
    const listed = `${head}export async function transitionBooking(db: Database, id: number) {\n  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));\n}\n`;
    expect(await failures('src/server/modules/bookings/booking/bookings.repository.ts', listed)).not.toContain(
      'server-sql/one-status-writer',
    );
    // A prepared statement is listed by the constant holding it.
    const prepared =
      "const prepared = (f: () => string) => f;\nconst depositSettle = prepared(() => 'WITH b AS (UPDATE bookings SET status = $1 WHERE id = $2 RETURNING id) SELECT 1');\nexport { depositSettle };\n";
    expect(await failures('src/server/modules/bookings/checkout/checkout.repository.ts', prepared)).not.toContain(
      'server-sql/one-status-writer',
    );
    expect(await failures('src/server/modules/bookings/booking/bookings.repository.ts', prepared)).toContain(
      'server-sql/one-status-writer',
    );
  });

  it('sees the listed writers in the real files, and only there', async () => {
    const strict = new ESLint({
      cwd: root,
      overrideConfig: {
        files: ['src/server/**/*.ts'],
        rules: { 'server-sql/one-status-writer': ['error', { root: 'src/server', allowed: [] }] },
      },
    });
    const seen = async (file: string) => {
      const [result] = await strict.lintFiles([path.join(root, file)]);
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === 'server-sql/one-status-writer')
        .map((m) => m.message.split(' ')[0]);
    };
    expect(await seen('src/server/modules/bookings/booking/bookings.repository.ts')).toEqual([
      'modules/bookings/booking/bookings.repository.ts#transitionBooking',
    ]);
    expect(await seen('src/server/modules/bookings/checkout/checkout.repository.ts')).toEqual([
      'modules/bookings/checkout/checkout.repository.ts#depositSettle',
    ]);
  });
});

describe('the server throws AppError', () => {
  const wrap = (t: string) =>
    `import { AppError, notFound } from '../../lib/app-error';\nexport function f(n: number) {\n  if (n < 0) throw ${t};\n  return [n, AppError, notFound];\n}\n`;
  const newError = "new Error('negative')";
  const plain = [
    newError,
    "Error('negative')",
    "new TypeError('negative')",
    "Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })",
    "'negative'",
    '{ code: 1 }',
    "n > 1 ? notFound('x') : new Error('y')",
  ];

  it('fails on any other error, a call of a constructor, a method’s answer and a bare value', async () => {
    for (const t of plain)
      expect([t, await failures('src/server/modules/wallet/x.ts', wrap(t))]).toEqual([t, ['server/throw-app-error']]);
    const own = 'class Unsupported extends Error {}\nexport const f = () => {\n  throw new Unsupported();\n};\n';
    expect(await failures('src/server/jobs/x.ts', own)).toEqual(['server/throw-app-error']);
  });

  it('passes an AppError, a factory’s, a caught error thrown on, and leaves tests alone', async () => {
    for (const t of [
      "new AppError('internal', 'negative')",
      "notFound('Booking')",
      "n > 1 ? notFound('x') : new AppError('conflict')",
    ])
      expect(await failures('src/server/modules/wallet/x.ts', wrap(t))).toEqual([]);
    expect(
      await failures(
        'src/server/jobs/x.ts',
        'export async function f(g: () => Promise<void>) {\n  try {\n    await g();\n  } catch (err) {\n    console.log(err);\n    throw err;\n  }\n}\n',
      ),
    ).toEqual([]);
    for (const file of ['src/server/modules/wallet/x.test.ts', 'src/server/test/x.ts'])
      expect(await failures(file, wrap(newError))).toEqual([]);
  });

  it('holds the settings, the command-line tools and the backup too', async () => {
    for (const file of [
      'src/server/config.ts',
      'src/server/modules/accounts/admin-cli.ts',
      'src/server/db/backup/backup.ts',
      'src/server/db/seed/cli.ts',
    ])
      expect(await failures(file, wrap(newError))).toEqual(['server/throw-app-error']);
  });
});

describe('no cast through unknown in the server', () => {
  const cast = 'export const f = (v: string) => v as unknown as number;\n';
  it('fails in server code, as `as` or as an angle bracket', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', cast)).toEqual(['server/no-double-cast']);
    expect(await failures('src/server/lib/x.ts', 'export const f = (v: string) => <number>(<unknown>v);\n')).toEqual([
      'server/no-double-cast',
    ]);
  });

  it('passes a single cast and tests, and exempts no server file', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', 'export const f = (v: unknown) => v as number;\n')).toEqual(
      [],
    );
    expect(await failures('src/server/modules/wallet/x.test.ts', cast)).toEqual([]);
    expect(await failures('src/server/db/prepared.ts', cast)).toEqual(['server/no-double-cast']);
  });
});

/** The rule's own file, imported by a name the type checker leaves alone (it is JavaScript). */
const CYCLES: string = '../../../scripts/eslint/module-cycles.mjs';
const moduleCycles = ((await import(CYCLES)) as { default: ESLint.Plugin }).default;

describe('no import loop between server modules', () => {
  // The rule reads the folders' graph from the files on disk, so the case is a folder of modules.
  const modulesDir = mkdtempSync(path.join(tmpdir(), 'module-cycles-'));
  const write = (file: string, code: string) => {
    mkdirSync(path.dirname(path.join(modulesDir, file)), { recursive: true });
    writeFileSync(path.join(modulesDir, file), code);
  };
  write('a/index.ts', "import type { B } from '../b/index';\nexport type A = B;\n");
  write('b/index.ts', "import type { A } from '../a/index';\nexport type B = A | 1;\n");
  write('c/index.ts', "import type { A } from '../a/index';\nexport type C = A;\n");
  write('d/index.ts', "export const load = () => import('../e/index');\n");
  write('e/index.ts', "export { load } from '../d/index';\n");
  const linter = new Linter({ configType: 'flat', cwd: modulesDir });
  const config = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { m: moduleCycles },
      rules: { 'm/no-cycle': ['error', { modulesDir }] },
    },
  ] as Linter.Config[];
  const lint = (file: string) =>
    linter
      .verify(readFileSync(path.join(modulesDir, file), 'utf8'), config, path.join(modulesDir, file))
      .map((m) => m.ruleId);

  it('fails on an import that closes a loop, types and import() included, and passes one that does not', () => {
    expect(lint('a/index.ts')).toEqual(['m/no-cycle']);
    expect(lint('b/index.ts')).toEqual(['m/no-cycle']);
    expect(lint('c/index.ts')).toEqual([]);
    expect(lint('e/index.ts')).toEqual(['m/no-cycle']); // the loop closed by d's import()
  });
});

describe('no server function over 80 lines', () => {
  const fn = (lines: number) => `export function f(n: number) {\n${'  n += 1;\n'.repeat(lines - 3)}  return n;\n}\n`;
  it('fails on 81 lines in server code', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', fn(81))).toEqual(['max-lines-per-function']);
  });

  it('passes 80 lines, and a test of any length', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', fn(80))).toEqual([]);
    expect(await failures('src/server/modules/wallet/x.test.ts', fn(120))).toEqual([]);
  });
});
