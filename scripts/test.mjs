// `npm test`: every suite this machine can run, in order, stopping at the first failure:
// typecheck, lint, unit + API tests (Vitest, in-memory PGlite), then browser tests (Playwright on the
// system Chromium), which say in one line when no Chromium is found (CI installs it and never skips).
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and API tests', ['run', 'test:unit']],
  ['browser tests', ['run', 'test:e2e']],
];

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all suites passed');
