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
