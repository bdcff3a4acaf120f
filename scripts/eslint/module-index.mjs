import path from 'node:path';

/**
 * `server-modules/through-index`: code outside a module of src/server/modules reaches it only through
 * its `index.ts`, the module's public face (ARCHITECTURE.md, decision 143). The specifier is resolved
 * against the importing file, so a module's own files and a subfolder named like another module read
 * right; static imports, re-exports and `import()` are checked.
 */

/** [module folder, the path inside it] of a file under `modulesDir`, or undefined. */
function placeIn(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel) || !rel.includes(path.sep)) return undefined;
  const [folder, ...rest] = rel.split(path.sep);
  return [folder, rest.join('/')];
}

const throughIndex = {
  meta: {
    type: 'problem',
    docs: { description: 'Another module of src/server/modules is imported only through its index.ts' },
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      deep: "'{{spec}}' reaches into the module '{{to}}': import it through '{{to}}/index' (export what you need there), or pass the collaborator in from compose.ts.",
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0]?.modulesDir ?? 'src/server/modules');
    const file = context.filename;
    const from = placeIn(modulesDir, file)?.[0];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = placeIn(modulesDir, path.resolve(path.dirname(file), spec));
      if (!target || target[0] === from) return;
      const inside = target[1].replace(/\.(?:js|ts)$/, '');
      if (inside !== 'index') context.report({ node, messageId: 'deep', data: { spec, to: target[0] } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'through-index': throughIndex } };
