import { loadModule, parseSync, scanSync } from 'libpg-query';

/**
 * The rules about SQL (ARCHITECTURE.md, Invariants; decision 186). A statement written as text is read
 * by PostgreSQL's own parser (libpg-query), not matched by a pattern: `WITH … SELECT`, an alias
 * (`UPDATE bookings AS b SET status`) or a statement inside a CTE read as PostgreSQL reads them.
 *
 * `server-sql/only-in-repositories`: only a module's `*.repository.ts` writes SQL; eslint.config.js lists
 * the other places that may (the database's own folder, tests). SQL is:
 * - drizzle's `sql` template tag imported from drizzle-orm;
 * - a query started on the database: `select`, `insert`, `update`, `delete`, `execute` (and
 *   selectDistinct…) called on something named like it (`db`, `tx`, `this.db`, `database.db`, `db()`);
 * - a drizzle chain whatever the receiver is called: `.select(…).from(`, `.insert(…).values(`,
 *   `.update(…).set(`, `.delete(…).where(`/`.returning(`;
 * - a string PostgreSQL parses as a SELECT, INSERT, UPDATE, DELETE or MERGE (a WITH in front
 *   included), its keywords written in one case as statements are: "Select a guide from the list"
 *   parses, but is prose.
 * A `Map`'s delete or a hash's update is none of these.
 *
 * `server-sql/one-status-writer`: every booking status change goes through the state machine, so only
 * the functions the option `allowed` lists (`path/from/src/server.ts#function`) write `bookings.status`:
 * a drizzle `.update(bookings).set({ status })` (the object literal, its spreads, or a local constant
 * holding one) or an UPDATE of bookings (or INSERT … ON CONFLICT DO UPDATE) setting status in a
 * string or an `sql` template, read from the parsed tree, or, for a statement composed of fragments
 * that does not parse whole, from PostgreSQL's own lexer's tokens. The limit: an object built
 * elsewhere and passed in is not seen.
 */

await loadModule();

const STARTS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute']);
const DATABASE = new Set(['db', 'tx', 'trx', 'database']);
const NEXT = new Map([
  ['select', ['from']],
  ['selectDistinct', ['from']],
  ['selectDistinctOn', ['from']],
  ['insert', ['values']],
  ['update', ['set']],
  ['delete', ['where', 'returning']],
]);
const STATEMENTS = new Set(['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
/**
 * Only text whose first word can open a statement is given to the parser: the gate keeps the parser
 * off the thousands of other strings; the parser decides.
 */
const OPENERS = new Set(['select', 'with', 'insert', 'update', 'delete', 'merge', 'values', 'table']);

const nameOf = (node) =>
  node?.type === 'Identifier'
    ? node.name
    : node?.type === 'MemberExpression' && !node.computed
      ? node.property.name
      : undefined;

/** `db`, `tx`, `this.db`, `app.ctx.database.db`, `db()`. */
function isDatabase(node) {
  return DATABASE.has(nameOf(node?.type === 'CallExpression' ? node.callee : node) ?? '');
}

function firstWord(text) {
  const m = /^[\s(]*([A-Za-z]+)/.exec(text);
  return m ? m[1].toLowerCase() : '';
}

/** The statements PostgreSQL reads in `text`, or undefined when it is not SQL. */
function parseStatements(text) {
  if (!OPENERS.has(firstWord(text))) return undefined;
  let tree;
  try {
    tree = parseSync(text);
  } catch {
    return undefined;
  }
  const stmts = (tree.stmts ?? []).map((s) => s.stmt);
  if (stmts.length === 0 || !stmts.every((s) => STATEMENTS.has(Object.keys(s ?? {})[0]))) return undefined;
  const keywords = scanSync(text)
    .tokens.filter((t) => t.keywordKind > 0)
    .map((t) => t.text);
  const oneCase = keywords.every((k) => k === k.toUpperCase()) || keywords.every((k) => k === k.toLowerCase());
  return oneCase ? stmts : undefined;
}

/**
 * The text of a string or template as PostgreSQL would get it: each `${…}` a parameter, or (tried
 * second, for drizzle's `${bookings}` and `${bookings.status}`) a quoted name when it is one.
 */
function readings(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? [node.value] : [];
  const quasis = node.quasis.map((q) => q.value.cooked ?? q.value.raw);
  const join = (sub) => quasis.reduce((acc, q, i) => acc + (i === 0 ? '' : sub(node.expressions[i - 1], i)) + q, '');
  const asParam = join((_, i) => `$${i}`);
  if (node.expressions.length === 0) return [asParam];
  return [asParam, join((e, i) => (nameOf(e) ? `"${nameOf(e)}"` : `$${i}`))];
}

/**
 * Whether PostgreSQL's lexer finds, in text that does not parse whole (a statement composed of
 * fragments: `${receipt(…)}`, `${JOB_RECORD}`), an UPDATE of bookings whose SET list assigns status, or
 * an INSERT into bookings whose ON CONFLICT DO UPDATE SET does.
 */
function tokensWriteBookingStatus(text) {
  let tokens;
  try {
    tokens = scanSync(text).tokens;
  } catch {
    return false;
  }
  const word = (t) => t?.text.replaceAll('"', '').toLowerCase();
  const isBookings = (i) =>
    word(tokens[i]) === 'bookings' || (word(tokens[i + 1]) === '.' && word(tokens[i + 2]) === 'bookings');
  const setsStatus = (from) => {
    let depth = 0;
    for (let i = from; i < tokens.length; i++) {
      const w = word(tokens[i]);
      if (w === '(') depth++;
      else if (w === ')' && --depth < 0) return false;
      else if (depth === 0 && ['where', 'from', 'returning', ';'].includes(w)) return false;
      else if (
        depth === 0 &&
        w === 'status' &&
        word(tokens[i + 1]) === '=' &&
        [',', 'set', '.'].includes(word(tokens[i - 1]))
      )
        return true;
    }
    return false;
  };
  let insertIntoBookings = false;
  for (let i = 0; i < tokens.length; i++) {
    const w = word(tokens[i]);
    if (w === 'insert' && word(tokens[i + 1]) === 'into') insertIntoBookings = isBookings(i + 2);
    if (w !== 'update') continue;
    if (word(tokens[i - 1]) === 'do') {
      if (insertIntoBookings && word(tokens[i + 1]) === 'set' && setsStatus(i + 2)) return true;
      continue;
    }
    let j = i + 1;
    if (word(tokens[j]) === 'only') j++;
    if (!isBookings(j)) continue;
    const set = tokens.findIndex((t, k) => k > j && word(t) === 'set');
    if (set > j && set <= j + 4 && setsStatus(set + 1)) return true;
  }
  return false;
}

function statementsIn(node) {
  for (const text of readings(node)) {
    const stmts = parseStatements(text);
    if (stmts) return stmts;
  }
  return undefined;
}

/** Whether a parsed tree writes `bookings.status` (an UPDATE, or an INSERT's ON CONFLICT DO UPDATE). */
function writesBookingStatus(tree) {
  if (Array.isArray(tree)) return tree.some(writesBookingStatus);
  if (!tree || typeof tree !== 'object') return false;
  const sets = (list) => (list ?? []).some((t) => t.ResTarget?.name === 'status');
  if (tree.UpdateStmt?.relation?.relname === 'bookings' && sets(tree.UpdateStmt.targetList)) return true;
  if (tree.InsertStmt?.relation?.relname === 'bookings' && sets(tree.InsertStmt.onConflictClause?.targetList))
    return true;
  return Object.values(tree).some(writesBookingStatus);
}

const isStringNode = (node) =>
  (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral';

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
    const method = (call) =>
      call?.type === 'CallExpression' && call.callee.type === 'MemberExpression' && !call.callee.computed
        ? call.callee.property.name
        : undefined;
    const text = (node) => {
      if (node.parent?.type === 'TaggedTemplateExpression' || node.parent?.type === 'TSLiteralType') return;
      if (isStringNode(node) && statementsIn(node)) context.report({ node, messageId: 'text' });
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'drizzle-orm' || node.importKind === 'type') return;
        for (const s of node.specifiers) {
          if (
            s.type === 'ImportSpecifier' &&
            s.importKind !== 'type' &&
            (s.imported.name ?? s.imported.value) === 'sql'
          )
            context.report({ node: s, messageId: 'tag' });
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
        if (first && NEXT.get(first)?.includes(m) && !isDatabase(start.callee.object))
          context.report({ node: start, messageId: 'query', data: { what: first } });
      },
      Literal: text,
      TemplateLiteral: text,
    };
  },
};

/** The name a status write is listed under: its function, method or the constant holding it. */
function placeOf(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (
      (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') &&
      n.id
    )
      return n.id.name;
    if (n.type === 'MethodDefinition' || n.type === 'Property' || n.type === 'PropertyDefinition') {
      const name = nameOf(n.key) ?? n.key?.value;
      if (name && (n.value?.type === 'FunctionExpression' || n.value?.type === 'ArrowFunctionExpression')) return name;
    }
    if (
      n.type === 'VariableDeclarator' &&
      (n.init?.type === 'ArrowFunctionExpression' || n.init?.type === 'FunctionExpression')
    )
      return nameOf(n.id);
    // A statement built by a call, `const settle = prepared((shape) => sql…)` (src/server/db/prepared.ts).
    if (n.type === 'VariableDeclarator' && n.init?.type === 'CallExpression') return nameOf(n.id);
  }
  return '(top level)';
}

const oneStatusWriter = {
  meta: {
    type: 'problem',
    docs: { description: "Only the listed functions write a booking's status" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, allowed: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      write:
        "{{where}} writes a booking's status: every status change goes through the state machine, written by transitionBooking (bookings.repository.ts).",
    },
  },
  create(context) {
    const { root = 'src/server', allowed = [] } = context.options[0] ?? {};
    const file = context.filename.replaceAll('\\', '/');
    const base = `${context.cwd.replaceAll('\\', '/')}/${root}/`;
    const rel = file.startsWith(base) ? file.slice(base.length) : file;
    const report = (node) => {
      const where = `${rel}#${placeOf(node)}`;
      if (!allowed.includes(where)) context.report({ node, messageId: 'write', data: { where } });
    };
    const setsStatus = (node, seen = new Set()) => {
      if (!node || seen.has(node)) return false;
      seen.add(node);
      if (node.type === 'ObjectExpression') {
        return node.properties.some((p) =>
          p.type === 'SpreadElement'
            ? setsStatus(p.argument, seen)
            : !p.computed && (nameOf(p.key) ?? p.key.value) === 'status',
        );
      }
      if (node.type === 'Identifier') {
        // A constant in scope holding an object literal: read what it holds.
        let scope = context.sourceCode.getScope(node);
        for (; scope; scope = scope.upper) {
          const v = scope.set.get(node.name);
          if (v) return v.defs.some((d) => d.node.type === 'VariableDeclarator' && setsStatus(d.node.init, seen));
        }
      }
      return false;
    };
    const text = (node) => {
      if (!isStringNode(node) || node.parent?.type === 'TSLiteralType') return;
      const stmts = statementsIn(node);
      const all = readings(node);
      if (stmts ? writesBookingStatus(stmts) : tokensWriteBookingStatus(all.at(-1) ?? '')) report(node);
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || nameOf(callee) !== 'set') return;
        const update = callee.object;
        if (
          update?.type !== 'CallExpression' ||
          update.callee.type !== 'MemberExpression' ||
          nameOf(update.callee) !== 'update'
        )
          return;
        if (nameOf(update.arguments[0]) === 'bookings' && setsStatus(node.arguments[0])) report(node);
      },
      Literal: text,
      TemplateLiteral: text,
    };
  },
};

export default { rules: { 'only-in-repositories': onlyInRepositories, 'one-status-writer': oneStatusWriter } };
