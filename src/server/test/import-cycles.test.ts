import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * No import circles in src/ (shared, server, web), type imports included: module barrels that
 * imported each other's routes (auth → users → guide-applications → auth) made the load order decide
 * which export was undefined, and a circle closed by a type import is one edit away from that. The
 * reading is scripts/import-circles.mjs's, which a newcomer runs (`npm run circles`); dynamic
 * `import()` (lazy routes) does not count.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Graph = Map<string, string[]>;
/** The script, imported by a name the type checker leaves alone (it is JavaScript). */
const SCRIPT: string = '../../../scripts/import-circles.mjs';
const { importGraph, circles, inImportOrder } = (await import(SCRIPT)) as {
  importGraph(root: string): Graph;
  circles(graph: Graph): string[][];
  inImportOrder(graph: Graph, component: string[]): { circle: string[]; others: string[] };
};

it('has no import circles in src/, type imports included', () => {
  const graph = importGraph(src);
  expect(graph.size).toBeGreaterThan(300);
  const found = circles(graph).map((c) => c.map((f) => path.relative(src, f)).sort());
  expect(found).toEqual([]);
  // It parses every source file: about 4 s alone, past 30 s once when the PostgreSQL pass shared two cores with browser
  // tests.
}, 120_000);

it('sees a circle when there is one', () => {
  expect(
    circles(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
        ['d', ['a']],
      ]),
    ).map((c) => c.sort()),
  ).toEqual([['a', 'b', 'c']]);
});

it('prints a circle in import order, each file importing the next, and the files of circles beside it', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', ['b']],
  ]);
  const [component] = circles(graph);
  expect(inImportOrder(graph, component!)).toEqual({ circle: ['a', 'b', 'c'], others: ['d'] });
});

it('counts a circle closed by a type import or a re-export, not one closed by import()', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-circles-'));
  const write = (file: string, code: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  };
  write('types/a.ts', "import type { B } from './b';\nexport type A = B | 1;\n");
  write('types/b.ts', "import { type A } from './a';\nexport const b = 2;\nexport type B = A;\n");
  write('reexport/c.ts', "export { d } from './d';\nexport const c = 1;\n");
  write('reexport/d.ts', "import { c } from './c';\nexport const d = c + 1;\n");
  write('lazy/e.ts', "export const load = () => import('./f');\n");
  write('lazy/f.ts', "import { load } from './e';\nexport const f = load;\n");
  const found = circles(importGraph(dir)).map((c) => c.map((f) => path.relative(dir, f)).sort());
  expect(found.sort()).toEqual([
    ['reexport/c.ts', 'reexport/d.ts'],
    ['types/a.ts', 'types/b.ts'],
  ]);
});
