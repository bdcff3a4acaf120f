/**
 * The landing page's initial JavaScript, gzipped (within 150 KB): the entry chunk, what it
 * loads after the first paint (React DOM, then the app: decision 075), the home page chunk (loaded
 * before "/" hydrates), and every chunk they import statically, each counted once and gzipped as it
 * is sent. Lazy parts (the guide grid, the search form, the support button) come after and are not
 * counted; the page's words arrive in its HTML (decision 074), not as chunks.
 *
 *   npx tsx bench/landing-size.ts                        builds into a temporary folder, then measures
 *   npx tsx bench/landing-size.ts --dist dist/web --check  measures a build; exits 1 over budget
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET = 150 * 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

interface LandingSize {
  gzipBytes: number;
  files: { file: string; gzip: number }[];
}

/** Measures a build made with a manifest (vite.config.ts asks for one). */
export function measureLanding(outDir: string): LandingSize {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const homeKey = Object.keys(manifest).find((k) => k.endsWith('pages/home.tsx'))!;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) visit(i);
  };
  visit(entryKey);
  for (const stage of manifest[entryKey]!.dynamicImports ?? []) visit(stage);
  visit(homeKey);
  const files = [...seen]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length }));
  return { gzipBytes: files.reduce((s, f) => s + f.gzip, 0), files };
}

/** Builds the web app into a temporary folder and measures it. */
export function landingInitialJs(root = process.cwd()): LandingSize {
  const out = mkdtempSync(path.join(tmpdir(), 'tabi-size-'));
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    return measureLanding(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dist = args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : undefined;
  const r = dist ? measureLanding(dist) : landingInitialJs();
  if (!args.includes('--check'))
    for (const f of r.files.sort((a, b) => b.gzip - a.gzip))
      console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `Landing page initial JavaScript (gzip): ${(r.gzipBytes / 1024).toFixed(1)} KB in ${r.files.length} files (budget ${LANDING_JS_BUDGET / 1024} KB)`,
  );
  if (args.includes('--check') && r.gzipBytes > LANDING_JS_BUDGET) {
    console.error('Over budget: make what the landing page does not need at once lazy (bench/landing-size.ts).');
    process.exit(1);
  }
}
