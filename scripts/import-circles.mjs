#!/usr/bin/env node
/**
 * Lists every file-level import circle in src/ (shared, server, web; tests left out), type imports and
 * re-exports included, each circle as its files in import order (each imports the next), and how many
 * there are; exits 1 when there is one.
 * A circle closed only by types is still two files that each need the other to be read, and the
 * order they load in decides what is undefined once a type import becomes a value. A dynamic
 * `import()` does not count: the web's lazy routes split pages from the first download that way, and
 * such a module loads after both sides have run.
 *
 *   node scripts/import-circles.mjs      # or: npm run circles
 *
 * `src/server/test/import-cycles.test.ts` runs the same reading in `npm test`; between the module
 * folders of src/server, the lint rule `server-modules/no-cycle` holds the same at folder level.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/** The source files under `dir` (tests and declaration files left out). */
function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (`.ts`, `.tsx`, or a folder's index), or undefined. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) =>
    existsSync(f),
  );
}

/**
 * The files `file` imports or re-exports from, types included; `import()` expressions are not statements and are not
 * read.
 */
function fileImports(file, text = readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const node of source.statements) {
    const specifier = ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node.moduleSpecifier : undefined;
    const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text) : undefined;
    if (target) found.push(target);
  }
  return found;
}

/** File → the files it imports, for every source file under `root`. */
export function importGraph(root) {
  return new Map(sourceFiles(root).map((f) => [f, fileImports(f)]));
}

/** Strongly connected components of more than one file (Tarjan), each a circle of imports. */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * A component's files in import order: the shortest circle from its first file (by name) back to it,
 * each file importing the next, then the component's other files, which close circles of their own
 * through these. A newcomer reads where to cut from the order; a bare list of names does not say it.
 */
export function inImportOrder(graph, component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  let last;
  for (let i = 0; i < queue.length && last === undefined; i++) {
    for (const next of graph.get(queue[i]) ?? []) {
      if (next === start) {
        last = queue[i];
        break;
      }
      if (inside.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  const circle = [];
  for (let file = last; file !== undefined && file !== start; file = cameFrom.get(file)) circle.unshift(file);
  circle.unshift(start);
  return { circle, others: component.filter((f) => !circle.includes(f)).sort() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const src = path.join(root, 'src');
  const graph = importGraph(src);
  const found = circles(graph);
  const name = (f) => path.relative(root, f);
  for (const component of found) {
    const { circle, others } = inImportOrder(graph, component);
    console.log(`${component.length} files: ${[...circle, circle[0]].map(name).join(' → ')}`);
    if (others.length > 0) console.log(`  and, in circles through these: ${others.map(name).join(', ')}`);
  }
  console.log(
    `${found.length} import circle${found.length === 1 ? '' : 's'} among ${graph.size} files in src/ (type imports included)`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
