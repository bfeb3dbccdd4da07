// The repository's own lint rules (docs/engineering-rules.md, 'Layering'), registered in
// eslint.config.js as the plugin `cinegrade`.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathBack, resolveSpecifier } from './import-graph.mjs';

/** The repository root: file names in messages are relative to it, whichever workspace lints. */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const shown = (file) => path.relative(repoRoot, file).split(path.sep).join('/');
const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../');

/** Calls `check(sourceNode, specifier)` for every import, re-export and dynamic import with a literal source. */
function eachImport(check) {
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(source, source.value);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

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
    return eachImport((source, specifier) => {
      if (!isRelative(specifier)) return;
      const target = resolveSpecifier(file, specifier);
      if (target === null) return;
      const route = pathBack(target, file);
      if (route === null) return;
      context.report({ node: source, messageId: 'cycle', data: { route: [file, ...route].map(shown).join(' → ') } });
    });
  },
};

/**
 * An allow-list of imports for one part of the repository: packages by name (`name` also allows
 * `name/…`; `prefix*` allows every name starting with `prefix`), and relative imports only when
 * the file they name lies inside one of `folders` (relative to the repository root).
 * @type {import('eslint').Rule.RuleModule}
 */
const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Allow only the listed packages and folders to be imported.' },
    schema: [
      {
        type: 'object',
        properties: {
          packages: { type: 'array', items: { type: 'string' } },
          folders: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string' },
        },
        required: ['packages', 'folders', 'reason'],
        additionalProperties: false,
      },
    ],
    messages: { outside: "'{{specifier}}' is not among the imports allowed here ({{allowed}}): {{reason}}" },
  },
  create(context) {
    const { packages, folders, reason } = context.options[0];
    const file = context.physicalFilename;
    const allowed = [...packages, ...folders.map((f) => `${f}/`)].join(', ');
    const packageAllowed = (specifier) =>
      packages.some((p) => (p.endsWith('*') ? specifier.startsWith(p.slice(0, -1)) : specifier === p || specifier.startsWith(`${p}/`)));
    const folderAllowed = (specifier) => {
      const target = shown(path.resolve(path.dirname(file), specifier));
      return folders.some((f) => target === f || target.startsWith(`${f}/`));
    };
    return eachImport((source, specifier) => {
      if (isRelative(specifier) ? folderAllowed(specifier) : packageAllowed(specifier)) return;
      context.report({ node: source, messageId: 'outside', data: { specifier, allowed, reason } });
    });
  },
};

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const builtins = new Set(builtinModules);

/** The nearest package.json above a folder, read once per lint run: its name and what it declares. */
const manifests = new Map();
function manifestFor(folder) {
  if (manifests.has(folder)) return manifests.get(folder);
  const file = path.join(folder, 'package.json');
  let found = null;
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    found = { file, name: json.name, declared: new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(json[field] ?? {}))) };
  } else if (path.dirname(folder) !== folder) {
    found = manifestFor(path.dirname(folder));
  }
  manifests.set(folder, found);
  return found;
}

/** 'zod' → 'zod', '@scope/name/sub' → '@scope/name', 'node:fs' → null (built in). */
function packageOf(specifier) {
  const bare = specifier.split('?')[0];
  if (bare.startsWith('node:') || builtins.has(bare) || builtins.has(bare.split('/')[0])) return null;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Every package a file imports is declared by the nearest package.json (its dependencies, dev,
 * peer or optional), or is that package itself: a workspace that leans on what another workspace
 * happened to install breaks when it is installed alone (docs/engineering-rules.md, 'Layering').
 * @type {import('eslint').Rule.RuleModule}
 */
const declaredDependencies = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import of a package the nearest package.json does not declare.' },
    schema: [],
    messages: { undeclared: "'{{name}}' is imported here but {{manifest}} does not declare it: add it to its dependencies (or devDependencies for tests and tools)." },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const manifest = manifestFor(path.dirname(file));
    if (!manifest) return {};
    return eachImport((source, specifier) => {
      if (isRelative(specifier) || specifier.startsWith('/')) return;
      const name = packageOf(specifier);
      if (name === null || name === manifest.name || manifest.declared.has(name)) return;
      context.report({ node: source, messageId: 'undeclared', data: { name, manifest: shown(manifest.file) } });
    });
  },
};

export default {
  meta: { name: 'cinegrade' },
  rules: { 'no-import-cycles': noImportCycles, 'allowed-imports': allowedImports, 'declared-dependencies': declaredDependencies },
};
