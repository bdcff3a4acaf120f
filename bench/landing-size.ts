/**
 * The landing page's initial JavaScript, gzipped: the entry chunk, the home page chunk (loaded at
 * once for "/"), and every chunk they import statically, each counted once. Builds into a
 * temporary folder with a manifest.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export function landingInitialJs(root = process.cwd()): { gzipBytes: number; files: { file: string; gzip: number }[] } {
  const out = mkdtempSync(path.join(tmpdir(), 'tabi-size-'));
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
    });
    const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const homeKey = Object.keys(manifest).find((k) => k.endsWith('pages/home.tsx'))!;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const i of manifest[key]!.imports ?? []) visit(i);
    };
    visit(entryKey);
    visit(homeKey);
    // i18n namespaces the landing needs at once (common + home + search + guides), loaded as chunks too.
    for (const [k, c] of Object.entries(manifest)) {
      if (/locales\/(en)\/(common|home|search|guides)\.json$/.test(k) || /locales\/en\/(common|home|search|guides)\.json$/.test(c.src ?? '')) visit(k);
    }
    const files = [...seen]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length }));
    return { gzipBytes: files.reduce((s, f) => s + f.gzip, 0), files };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = landingInitialJs();
  for (const f of r.files.sort((a, b) => b.gzip - a.gzip)) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`Landing initial JS (gzip): ${(r.gzipBytes / 1024).toFixed(1)} KB (budget 170 KB)`);
}
