// The repository's relative import graph, read straight from the files: the edges of one file
// are its relative specifiers (`import`, `import type`, `export … from`, `import()`), resolved the
// way TypeScript resolves them here (`./x.js` is `./x.ts` on disk). Shared by the lint rule
// `cinegrade/no-import-cycles` and kept cheap: each file is read and scanned once per process
// (and again only when its modification time changes), with TypeScript's import pre-scanner
// rather than a full parse.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
/** What an emitted extension in a specifier stands for on disk. */
const extensionMap = { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'], '.jsx': ['.tsx', '.jsx'] };

const fileCache = new Map(); // absolute path -> { mtimeMs, specifiers }
const resolveCache = new Map(); // `${dir}\0${specifier}` -> absolute path | null

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Relative specifiers in a source text, type-only ones included. */
export function specifiersOf(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/** The file a relative specifier names, or null when it is not a source file in the tree. */
export function resolveSpecifier(fromFile, specifier) {
  const dir = path.dirname(fromFile);
  const key = `${dir}\0${specifier}`;
  if (resolveCache.has(key)) return resolveCache.get(key);
  const base = path.resolve(dir, specifier);
  const ext = path.extname(base);
  const candidates = [];
  if (extensionMap[ext]) candidates.push(...extensionMap[ext].map((e) => base.slice(0, -ext.length) + e));
  else if (sourceExtensions.includes(ext)) candidates.push(base);
  else candidates.push(...sourceExtensions.map((e) => base + e), ...sourceExtensions.map((e) => path.join(base, `index${e}`)));
  const found = candidates.find(isFile) ?? null;
  resolveCache.set(key, found);
  return found;
}

function edgesOnDisk(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = fileCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.edges;
  const edges = specifiersOf(fs.readFileSync(file, 'utf8'))
    .map((s) => resolveSpecifier(file, s))
    .filter((f) => f !== null);
  fileCache.set(file, { mtimeMs: stat.mtimeMs, edges });
  return edges;
}

/**
 * The shortest import path from `start` back to `target` (both absolute), as a list of files
 * beginning with `start`, or null when `start` does not lead back. `target`'s own edges are
 * never followed from disk, so the file being linted counts with its current text.
 */
export function pathBack(start, target) {
  if (start === target) return [start];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of edgesOnDisk(file)) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      if (next === target) {
        const route = [];
        for (let at = next; at !== null; at = previous.get(at)) route.unshift(at);
        return route;
      }
      queue.push(next);
    }
  }
  return null;
}
