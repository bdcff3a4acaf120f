import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Lints the app's OpenAPI document with Redocly's recommended rules (redocly.yaml; decision 186): the
 * document is written by scripts/openapi-document.ts, which builds the app without listening, into a
 * folder of its own, and `redocly lint` reads it there. Nothing goes over the network: Redocly's
 * telemetry and update check are off.
 */
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'tabi-openapi-'));
const file = path.join(dir, 'openapi.json');
const require = createRequire(import.meta.url);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;
let status = 1;
try {
  status = run(process.execPath, ['--import', 'tsx', 'scripts/openapi-document.ts', file]);
  if (status === 0)
    status = run(process.execPath, [
      require.resolve('@redocly/cli/bin/cli.js'),
      'lint',
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'summary',
      file,
    ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
