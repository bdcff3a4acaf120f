import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { circles } from '../import-circles.mjs';

/**
 * `server-modules/no-cycle`: no import loop between the module folders of src/server/modules
 * (decision 107). A folder imports another when any of its files (tests aside) imports one of
 * that folder's files, types included: a loop of folders is a loop of responsibilities even when
 * only types close it. The graph of folders is read once per lint run with the TypeScript compiler's
 * own import scanner (`ts.preProcessFile`: imports, re-exports and `import()`, types included),
 * so the rule costs milliseconds where a file-level resolver walks every import again.
 */

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/** The module folder a file of `modulesDir` is in, or undefined. */
function folderOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) || !rel.includes(path.sep) ? undefined : rel.split(path.sep)[0];
}

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files(full, out);
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(full);
  }
  return out;
}

/** Folder → the folders it imports. */
function folderGraph(modulesDir) {
  const graph = new Map();
  for (const file of files(modulesDir)) {
    const from = folderOf(modulesDir, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const to = folderOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/**
 * Each folder in a loop → the folders of its loop (the strongly connected components that scripts/import-circles.mjs
 * finds between files).
 */
function loops(graph) {
  const out = new Map();
  for (const circle of circles(graph)) {
    const members = new Set(circle);
    for (const folder of circle) out.set(folder, members);
  }
  return out;
}

const cache = new Map();
function loopsOf(modulesDir) {
  if (!cache.has(modulesDir)) cache.set(modulesDir, loops(folderGraph(modulesDir)));
  return cache.get(modulesDir);
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import loop between the module folders of src/server/modules' },
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      loop: "'{{from}}' imports '{{to}}', and '{{to}}' leads back to '{{from}}' (the folders of the loop: {{members}}). Pass the collaborator in from compose.ts, or move what both need lower.",
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0]?.modulesDir ?? 'src/server/modules');
    const file = context.filename;
    const from = folderOf(modulesDir, file);
    if (!from || TEST.test(file)) return {};
    const loop = loopsOf(modulesDir).get(from);
    if (!loop) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = folderOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (to && to !== from && loop.has(to))
        context.report({ node, messageId: 'loop', data: { from, to, members: [...loop].sort().join(', ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-cycle': noCycle } };
