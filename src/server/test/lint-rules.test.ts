import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rules ARCHITECTURE.md states and lint enforces (decision 143), checked through the project's own
 * eslint.config.js: a violation fails, the listed exceptions pass. lintText takes a path that need not
 * exist, so each case is a file as it would be written in that place.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids that fail on `code` written at `file` (a path from the repository's root). */
async function failures(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('server modules are reached through their index.ts', () => {
  it('fails on a deep import into another module, static or dynamic', async () => {
    expect(await failures('src/server/modules/accounts/x.ts', "export { hashPassword } from '../auth/password';\n")).toContain('server-modules/through-index');
    expect(await failures('src/server/modules/accounts/x.ts', "import { hashPassword } from '../auth/password';\nexport const h = hashPassword;\n")).toContain('server-modules/through-index');
    expect(await failures('src/server/realtime/x.ts', "export const load = () => import('../modules/auth/tokens');\n")).toContain('server-modules/through-index');
  });

  it('passes an import through the index and a module’s own files', async () => {
    expect(await failures('src/server/modules/accounts/x.ts', "export { hashPassword } from '../auth/index';\nexport { sha256 } from './auth.service';\n")).toEqual([]);
  });

  it('leaves tests, test helpers and the demo seed alone', async () => {
    const deep = "export { hashPassword } from '../auth/password';\n";
    expect(await failures('src/server/modules/accounts/x.test.ts', deep)).toEqual([]);
    expect(await failures('src/server/modules/accounts/test-helpers.ts', deep)).toEqual([]);
    expect(await failures('src/server/db/seed/x.ts', "export { hashPassword } from '../../modules/auth/password';\n")).toEqual([]);
  });
});

describe('the server throws AppError', () => {
  const plain = "export function f(n: number) {\n  if (n < 0) throw new Error('negative');\n  return n;\n}\n";
  it('fails on throwing a plain Error in server code', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', plain)).toContain('no-restricted-syntax');
    expect(await failures('src/server/jobs/x.ts', plain.replace('new Error', 'TypeError'))).toContain('no-restricted-syntax');
  });

  it('passes an AppError, and leaves the settings, the command-line tools and tests alone', async () => {
    expect(await failures('src/server/modules/wallet/x.ts', "import { AppError } from '../../lib/app-error';\nexport function f(n: number) {\n  if (n < 0) throw new AppError('internal', 'negative');\n  return n;\n}\n")).toEqual([]);
    for (const file of ['src/server/config.ts', 'src/server/modules/accounts/admin-cli.ts', 'src/server/db/backup/backup.ts', 'src/server/modules/wallet/x.test.ts', 'src/server/test/x.ts']) {
      expect(await failures(file, plain)).toEqual([]);
    }
  });
});

describe('only repositories write SQL', () => {
  const header = "import { eq, sql } from 'drizzle-orm';\nimport type { Database } from '../../db/client';\nimport { users } from '../../db/schema/index';\n";
  const cases = {
    tag: `${header}export const q = (db: Database) => db.execute(sql\`select 1\`);\n`,
    select: `${header}export const q = (db: Database) => db.select().from(users).where(eq(users.id, 1));\n`,
    chain: `${header}export const q = (records: () => Database) => records().update(users).set({ locale: 'en' });\n`,
    text: "export const q = 'SELECT id FROM users WHERE id = $1';\n",
  };

  it('fails on the sql tag, a query on the database, a drizzle chain and a statement in a string', async () => {
    for (const code of Object.values(cases)) expect(await failures('src/server/modules/users/users.service.ts', code)).toContain('server-sql/only-in-repositories');
  });

  it('passes a map’s delete, a hash’s update and English text', async () => {
    const code = "import { createHash } from 'node:crypto';\nexport const f = (m: Map<string, number>) => {\n  m.delete('a');\n  return createHash('sha256').update('x').digest('hex') + 'Select a guide from the list';\n};\n";
    expect(await failures('src/server/modules/users/users.service.ts', code)).toEqual([]);
  });

  it('leaves repositories, the database’s folder and tests alone', async () => {
    for (const file of ['src/server/modules/users/users.repository.ts', 'src/server/plugins/metrics.repository.ts', 'src/server/db/seed/x.ts', 'src/server/modules/users/users.test.ts']) {
      for (const code of Object.values(cases)) expect(await failures(file, code)).not.toContain('server-sql/only-in-repositories');
    }
  });
});

describe('the web app calls the server through lib/api-client.ts', () => {
  const raw = "export const load = () => fetch('/api/v2/wallet/statements');\n";
  it('fails on fetch elsewhere in src/web, as a global or a property', async () => {
    expect(await failures('src/web/features/wallet/statements.tsx', raw)).toContain('no-restricted-globals');
    expect(await failures('src/web/lib/offline.ts', "export const load = () => window.fetch('/api/v2/me');\n")).toContain('no-restricted-properties');
  });

  it('passes the api client itself, a type that names fetch, and tests', async () => {
    expect(await failures('src/web/lib/api-client.ts', raw)).toEqual([]);
    expect(await failures('src/web/lib/server-context.ts', 'export interface Ctx {\n  fetch: typeof fetch;\n}\n')).toEqual([]);
    expect(await failures('src/web/features/wallet/statements.test.tsx', raw)).toEqual([]);
  });
});

describe('auth imports no module', () => {
  it('fails on an import of another module from auth, and passes the server’s own folders', async () => {
    expect(await failures('src/server/modules/auth/sessions.repository.ts', "export { findUserById } from '../users/index';\n")).toContain('no-restricted-imports');
    expect(await failures('src/server/modules/auth/sessions.repository.ts', "export type { Database } from '../../db/client';\nexport { verifyAccessToken } from './tokens';\n")).toEqual([]);
  });
});

describe('no module reads another off the app', () => {
  it('fails on a decoration lookup in a module, and passes the app’s own settings and guards', async () => {
    expect(await failures('src/server/modules/reviews/x.ts', 'export const f = (app: { bookings: unknown }) => app.bookings;\n')).toContain('no-restricted-syntax');
    expect(await failures('src/server/modules/reviews/x.ts', 'export class X {\n  constructor(private readonly app: { jobs: unknown }) {}\n  get jobs() {\n    return this.app.jobs;\n  }\n}\n')).toContain('no-restricted-syntax');
    expect(await failures('src/server/modules/reviews/x.ts', 'export const f = (app: { ctx: unknown; requireAuth: unknown }) => [app.ctx, app.requireAuth];\n')).toEqual([]);
    expect(await failures('src/server/server.ts', 'export const f = (app: { jobs: unknown }) => app.jobs;\n')).toEqual([]);
  });
});

describe('the web app formats money with src/shared/money-format.ts', () => {
  it('fails on an amount written next to its unit by hand, in a feature or elsewhere', async () => {
    expect(await failures('src/web/features/search/components/x.ts', 'export const label = (n: number) => `${n} RMB`;\n')).toContain('no-restricted-syntax');
    expect(await failures('src/web/lib/x.ts', 'export const label = (n: number) => `¥${n}`;\n')).toContain('no-restricted-syntax');
    expect(await failures('src/web/pages/x.ts', 'export const label = (n: number) => `约 ${n} 元`;\n')).toContain('no-restricted-syntax');
  });

  it('passes the formatter’s answer and prose that names the currency', async () => {
    const code = "import { moneyFormat } from '../../../../shared/money-format';\nexport const label = (n: number, c: string) => `${moneyFormat('en').rmb(n)} · prices in RMB (${c})`;\n";
    expect(await failures('src/web/features/search/components/x.ts', code)).toEqual([]);
  });
});
