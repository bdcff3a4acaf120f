import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repository's root, where eslint.config.js is. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/**
 * The rule ids that fail on `code` written at `file` (a path from the repository's root), linted with the
 * project's own eslint.config.js (or `linter`, built on it). The path need not exist.
 */
export async function failures(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}
