// The repository's own lint rules (docs/engineering-rules.md, 'Layering'), registered in
// eslint.config.js as the plugin `cinegrade`.
import path from 'node:path';
import { pathBack, resolveSpecifier } from './import-graph.mjs';

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import that leads back to the importing file (type-only imports count).' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{route}}. Move what both sides need into a module that imports neither (docs/engineering-rules.md, "Layering").',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
      const target = resolveSpecifier(file, specifier);
      if (target === null) return;
      const route = pathBack(target, file);
      if (route === null) return;
      const names = [file, ...route].map((f) => path.relative(root, f) || path.basename(f));
      context.report({ node: source, messageId: 'cycle', data: { route: names.join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default {
  meta: { name: 'cinegrade' },
  rules: { 'no-import-cycles': noImportCycles },
};
