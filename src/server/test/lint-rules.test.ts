import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rules ARCHITECTURE.md states and lint enforces (decision 142), checked through the project's own
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
