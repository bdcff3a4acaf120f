/**
 * `server-sql/only-in-repositories`: only a module's `*.repository.ts` writes SQL (ARCHITECTURE.md,
 * decision 143); eslint.config.js lists the other places that may (the database's own folder, tests).
 * Without type information the rule reads SQL by its shape:
 * - drizzle's `sql` template tag imported from drizzle-orm;
 * - a query started on the database: `select`, `insert`, `update`, `delete`, `execute` (and
 *   selectDistinct…) called on something named like it (`db`, `tx`, `this.db`, `database.db`, `db()`);
 * - a drizzle chain whatever the receiver is called: `.select(…).from(`, `.insert(…).values(`,
 *   `.update(…).set(`, `.delete(…).where(`/`.returning(`;
 * - a string that reads as a statement (`select … from`, `insert into`, `update … set`, `delete from`,
 *   in capitals or in lower case).
 * A `Map`'s delete or a hash's update is none of these.
 */

const STARTS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute']);
const DATABASE = /^(?:db|tx|trx|database)$/;
const NEXT = new Map([
  ['select', ['from']],
  ['selectDistinct', ['from']],
  ['selectDistinctOn', ['from']],
  ['insert', ['values']],
  ['update', ['set']],
  ['delete', ['where', 'returning']],
]);
// In one case, upper or lower, as statements are written: "Select a guide from the list" is not one.
const STATEMENT = /^\s*(?:SELECT\s[\s\S]*?\sFROM\s|INSERT\s+INTO\s|UPDATE\s+["\w]+\s+SET\s|DELETE\s+FROM\s|select\s[\s\S]*?\sfrom\s|insert\s+into\s|update\s+["\w]+\s+set\s|delete\s+from\s)/;

const nameOf = (node) => (node?.type === 'Identifier' ? node.name : node?.type === 'MemberExpression' && !node.computed ? node.property.name : undefined);

/** `db`, `tx`, `this.db`, `app.ctx.database.db`, `db()`. */
function isDatabase(node) {
  if (node?.type === 'CallExpression') return DATABASE.test(nameOf(node.callee) ?? '');
  return DATABASE.test(nameOf(node) ?? '');
}

const onlyInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL is written only in *.repository.ts files' },
    schema: [],
    messages: {
      tag: "drizzle's sql tag outside a repository: move the statement into the module's *.repository.ts.",
      query: "a {{what}} query outside a repository: move it into the module's *.repository.ts and call that.",
      text: "a SQL statement in a string outside a repository: move it into the module's *.repository.ts.",
    },
  },
  create(context) {
    const method = (call) => (call?.type === 'CallExpression' && call.callee.type === 'MemberExpression' && !call.callee.computed ? call.callee.property.name : undefined);
    const text = (node, value) => {
      if (typeof value === 'string' && STATEMENT.test(value)) context.report({ node, messageId: 'text' });
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'drizzle-orm' || node.importKind === 'type') return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier' && s.importKind !== 'type' && (s.imported.name ?? s.imported.value) === 'sql') context.report({ node: s, messageId: 'tag' });
        }
      },
      CallExpression(node) {
        const m = method(node);
        if (!m) return;
        if (STARTS.has(m) && isDatabase(node.callee.object)) {
          context.report({ node, messageId: 'query', data: { what: m } });
          return;
        }
        // The chain's next step, whatever the receiver is called (reported once, at the start's receiver).
        const start = node.callee.object;
        const first = method(start);
        if (first && NEXT.get(first)?.includes(m) && !isDatabase(start.callee.object)) context.report({ node: start, messageId: 'query', data: { what: first } });
      },
      Literal(node) {
        text(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        text(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('?'));
      },
    };
  },
};

export default { rules: { 'only-in-repositories': onlyInRepositories } };
