import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Rules of the server read from the syntax tree (ARCHITECTURE.md, Invariants; decision 186).
 *
 * `server/throw-app-error`: every failure the server throws is an AppError with a stable code. A
 * `throw` must throw `new AppError(…)`, a factory's answer (`notFound('Booking')`), or a caught value
 * thrown on (`throw err`). Refused: `new` of any other class (`new Error`, `new TypeError`, a private
 * subclass), a call of an error constructor without `new` (`Error('…')`), a method's answer
 * (`Object.assign(new Error(…), …)`), and literals, templates and objects. Both arms of `a ? b : c` and
 * `a ?? b` are read. Without type information a factory is trusted by its name: a capitalised name
 * ending in `Error` is a constructor.
 *
 * `server/no-double-cast`: no `as unknown as` (nor `<T><unknown>`): a cast through unknown says
 * nothing the compiler can check.
 *
 * `server/no-module-off-app`: no module reads another off the Fastify instance (decision 108). The
 * names are what the code decorates the app with (`app.decorate('name', …)`) in the folders compose.ts
 * builds (`dirs`), read once per run with the TypeScript parser, less the app's own guards and
 * settings (`own`). A new module's decoration is covered the day it is written.
 */

const CONSTRUCTOR = /^(?:[A-Z]\w*)?Error$/;

const throwAppError = {
  meta: {
    type: 'problem',
    docs: { description: 'Every failure the server throws is an AppError' },
    schema: [],
    messages: {
      plain:
        "throw an AppError with a stable code from src/shared/errors.ts ('internal' for a broken invariant no client causes), not {{what}}",
    },
  },
  create(context) {
    const report = (node, what) => context.report({ node, messageId: 'plain', data: { what } });
    const check = (node) => {
      switch (node?.type) {
        case 'NewExpression':
          if (!(node.callee.type === 'Identifier' && node.callee.name === 'AppError'))
            report(node, `new ${context.sourceCode.getText(node.callee)}(…)`);
          return;
        case 'CallExpression':
          if (node.callee.type !== 'Identifier')
            report(node, `what ${context.sourceCode.getText(node.callee)}(…) answers`);
          else if (CONSTRUCTOR.test(node.callee.name)) report(node, `${node.callee.name}(…)`);
          return;
        case 'ConditionalExpression':
          check(node.consequent);
          check(node.alternate);
          return;
        case 'LogicalExpression':
          check(node.left);
          check(node.right);
          return;
        case 'SequenceExpression':
          check(node.expressions.at(-1));
          return;
        case 'TSAsExpression':
        case 'TSNonNullExpression':
        case 'TSSatisfiesExpression':
          check(node.expression);
          return;
        case 'Identifier':
        case 'MemberExpression':
        case 'AwaitExpression':
          return; // a caught or held value thrown on
        default:
          report(node, 'a value that is no error');
      }
    };
    return { ThrowStatement: (node) => check(node.argument) };
  },
};

const noDoubleCast = {
  meta: {
    type: 'problem',
    docs: { description: 'No cast through unknown' },
    schema: [],
    messages: {
      cast: 'a cast through unknown checks nothing: give the value its real type (a type guard, a zod parse, a typed wrapper of the library)',
    },
  },
  create(context) {
    const check = (node) => {
      const inner = node.expression;
      if (
        (inner.type === 'TSAsExpression' || inner.type === 'TSTypeAssertion') &&
        inner.typeAnnotation.type === 'TSUnknownKeyword'
      )
        context.report({ node, messageId: 'cast' });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

function tsFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) tsFiles(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** The names decorated with `x.decorate('name', …)` in the files of `dirs`. */
function decorations(dirs) {
  const names = new Set();
  for (const file of dirs.flatMap((d) => tsFiles(d))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('decorate')) continue;
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'decorate'
      ) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first)) names.add(first.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  }
  return names;
}

const cache = new Map();

const noModuleOffApp = {
  meta: {
    type: 'problem',
    docs: { description: 'No module reads another off the Fastify instance' },
    schema: [
      {
        type: 'object',
        properties: {
          dirs: { type: 'array', items: { type: 'string' } },
          own: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      lookup:
        "'app.{{name}}' reads a module off the app: declare the need in the module's index.ts and let compose.ts hand it over (decision 108)",
    },
  },
  create(context) {
    const { dirs = [], own = [] } = context.options[0] ?? {};
    const key = JSON.stringify([context.cwd, dirs, own]);
    if (!cache.has(key)) {
      const names = decorations(dirs.map((d) => path.resolve(context.cwd, d)));
      for (const o of own) names.delete(o);
      cache.set(key, names);
    }
    const names = cache.get(key);
    const isApp = (node) =>
      (node.type === 'Identifier' && node.name === 'app') ||
      (node.type === 'MemberExpression' && !node.computed && node.property.name === 'app');
    return {
      MemberExpression(node) {
        if (
          !node.computed &&
          node.property.type === 'Identifier' &&
          names.has(node.property.name) &&
          isApp(node.object)
        )
          context.report({ node, messageId: 'lookup', data: { name: node.property.name } });
      },
    };
  },
};

export default {
  rules: { 'throw-app-error': throwAppError, 'no-double-cast': noDoubleCast, 'no-module-off-app': noModuleOffApp },
};
