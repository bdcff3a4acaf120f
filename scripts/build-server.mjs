// Compiles the server (src/server + src/shared) once into dist/server/server.js, so `npm start` runs
// plain JavaScript with no TypeScript loader (decision 086). esbuild bundles our own code into one
// file in ~0.3 s and leaves every package in node_modules to Node; a source map keeps stack traces
// pointing at the .ts lines (the server runs with --enable-source-maps).
import path from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist/server');

/**
 * Code that finds files beside its own source (migrations, fonts, dist/web) reads `import.meta.url`.
 * In the bundle that would be dist/server/server.js, so each source file's `import.meta.url` is
 * rewritten to its own .ts file's URL, relative to the bundle: the checkout can move and the paths
 * still resolve as they do when the sources run under tsx (tests, CLIs).
 */
const sourceUrlPlugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/](server|shared)[\\/].*\.ts$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const relative = path.relative(serverOutDir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: contents.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Entry points, as output name → source. */
const entryPoints = { server: 'src/server/server.ts', 'db-template': 'src/server/db/template-cli.ts' };

export async function buildServer() {
  // Imported here, not above: `npm start` with nothing stale never pays for loading esbuild.
  const { build } = await import('esbuild');
  await rm(serverOutDir, { recursive: true, force: true }); // no chunk of an older build stays behind
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: serverOutDir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceUrlPlugin],
  });
}
