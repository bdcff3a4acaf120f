// `npm test`: every suite this machine can run, stopping at the first failed step: typecheck and
// lint (side by side, each on its own core; each one's output printed whole when it ends), unit +
// API tests (Vitest, in-memory PGlite), then browser tests (Playwright on the system Chromium),
// which say in one line when no Chromium is found (CI installs it and never skips).
import { spawn } from 'node:child_process';

const steps = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['unit and API tests', ['run', 'test:unit']]],
  [['browser tests', ['run', 'test:e2e']]],
];

/** Runs `npm <args>`; alone it streams its output, side by side with others it prints it when done. */
function run(name, args, alone) {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  const child = spawn('npm', args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  const output = [];
  if (!alone) {
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!alone) {
        console.log(`\n▶ ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) console.error(`\n✖ ${name} failed`);
      resolve(code ?? 1);
    });
  });
}

for (const group of steps) {
  const codes = await Promise.all(group.map(([name, args]) => run(name, args, group.length === 1)));
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log('\n✔ all suites passed');
