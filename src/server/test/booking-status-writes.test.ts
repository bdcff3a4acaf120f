import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * Every booking status change goes through the state machine (ARCHITECTURE.md, Invariants): only
 * `transitionBooking` (bookings.repository.ts) writes a booking's status, with one listed exception,
 * `settleDeposit` (checkout.repository.ts), the checkout's one statement (decision 090), which moves
 * the status under the same `WHERE status = from`. Found by reading the code: a Drizzle
 * `.update(bookings).set({ status … })` and an `UPDATE bookings SET … status =` in SQL text. Tests,
 * their helpers and the demo seed set rows up directly and are not read. The limit: a `set(changes)`
 * whose object is built elsewhere is not seen (none writes the status today).
 */
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALLOWED = new Set(['modules/bookings/bookings.repository.ts#transitionBooking', 'modules/bookings/checkout.repository.ts#settleDeposit']);
const RAW = /UPDATE\s+bookings\s+SET\b[^;]*?\bstatus\s*=/i;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!['test', 'seed', 'migrations'].includes(name)) sourceFiles(full, out);
    } else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'test-helpers.ts') out.push(full);
  }
  return out;
}

/** `file#function` of every place that writes a booking's status in `source`. */
function statusWrites(file: string, source: string): string[] {
  const found: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node): string => {
    for (let n: ts.Node | undefined = node; n; n = n.parent) {
      if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) return `${file}#${n.name.getText(sf)}`;
      if (ts.isVariableDeclaration(n) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) return `${file}#${n.name.getText(sf)}`;
    }
    return `${file}#(top level)`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'set') {
      const target = node.expression.expression;
      const onBookings =
        ts.isCallExpression(target) && ts.isPropertyAccessExpression(target.expression) && target.expression.name.text === 'update' && target.arguments[0]?.getText(sf) === 'bookings';
      const arg = node.arguments[0];
      const setsStatus = arg && ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => p.name?.getText(sf) === 'status');
      if (onBookings && setsStatus) found.push(where(node));
    }
    if ((ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) && RAW.test(node.getText(sf))) found.push(where(node));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

it('writes a booking’s status only in transitionBooking and the listed exception', () => {
  const files = sourceFiles(server);
  expect(files.length).toBeGreaterThan(200);
  const writes = files.flatMap((f) => statusWrites(path.relative(server, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
  expect(writes.filter((w) => !ALLOWED.has(w))).toEqual([]);
  expect(new Set(writes)).toEqual(ALLOWED);
});

it('sees a status write when there is one', () => {
  const drizzle = "export async function cancel(db: Database, id: number) {\n  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));\n}\n";
  const raw = 'export const undo = (db: Database) => db.execute(sql`UPDATE bookings SET paid_at = NULL, status = ${"pending"} WHERE id = 1`);\n';
  expect(statusWrites('modules/x/x.repository.ts', drizzle)).toEqual(['modules/x/x.repository.ts#cancel']);
  expect(statusWrites('modules/x/x.repository.ts', raw)).toEqual(['modules/x/x.repository.ts#undo']);
  expect(statusWrites('modules/x/x.repository.ts', "export const f = (db: Database) => db.update(bookings).set({ weatherWarning: null });\n")).toEqual([]);
});
