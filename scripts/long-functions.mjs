#!/usr/bin/env node
/**
 * Lists every function, method and arrow function in src/server over 80 lines (tests and test support
 * left out: *.test.ts, src/server/test/, test-helpers.ts), longest first, with its length in lines
 * from its first line to its closing brace, and prints how many there are. An outer function's length
 * includes the functions inside it, which are listed on their own too.
 *
 *   node scripts/long-functions.mjs            # the list and the count
 *   node scripts/long-functions.mjs --max 60   # another limit
 *
 * The limit itself is held by ESLint's `max-lines-per-function` in `npm run lint` (eslint.config.js);
 * this list is for finding what to split first, and for other limits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'src/server');
const maxArg = process.argv.indexOf('--max');
const MAX = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 80;

const isTestFile = (rel) =>
  rel.endsWith('.test.ts') || rel.startsWith('src/server/test/') || path.basename(rel) === 'test-helpers.ts';

const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .map((f) => path.posix.join('src/server', f.split(path.sep).join('/')))
  .filter((rel) => rel.endsWith('.ts') && !rel.endsWith('.d.ts') && !isTestFile(rel))
  .sort();

/** A readable name: the function's own, the variable or property an arrow is assigned to, or where it sits. */
function nameOf(node) {
  const own = node.name && ts.isIdentifier(node.name) ? node.name.text : node.name?.getText();
  const cls = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(node)) return `${cls}constructor`;
  if (own) return `${cls}${own}`;
  const p = node.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return p.name.getText();
  if (ts.isCallExpression(p)) return `<callback of ${p.expression.getText().slice(0, 40)}>`;
  if (ts.isReturnStatement(p) || ts.isArrowFunction(p)) {
    const outer = ts.findAncestor(p, (n) => ts.isFunctionLike(n));
    if (outer) return `<returned by ${nameOf(outer)}>`;
  }
  return '<anonymous>';
}

const long = [];
for (const rel of files) {
  const text = readFileSync(path.join(ROOT, rel), 'utf8');
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX) long.push({ lines, where: `${rel}:${first + 1}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

long.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.where}  ${f.name}`);
console.log(`${long.length} functions over ${MAX} lines in src/server (tests excluded)`);
