#!/usr/bin/env node
// Keeps the repository self-explanatory: no file may cite documents a fresh clone does not have
// (the product specification and design notes kept outside the repository, by file name, by
// "part N §" section or by relative path) or numbers of our own issue tracker. Rules are written
// in docs/ (product-rules.md, engineering-rules.md, ...) and cited from there by section name;
// see docs/engineering-rules.md, 'Names and files'. Outside standards (an RFC section, a codec
// annex, a third-party project's ticket) are fine.
//
// `node scripts/check-citations.mjs` checks every tracked (and untracked, not ignored) file and
// prints file:line for each offender; it first runs its own fixtures, so a broken pattern cannot
// pass silently. `--self-test` runs only the fixtures. Run by `npm run lint`.
//
// The patterns and fixtures are assembled from pieces, so this file never contains what it looks
// for and checks itself like any other file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTION = '\u00a7';

/** What a citation of an outside document looks like, each with the reason printed beside it. */
export const CITATION_RULES = [
  { name: 'design notes', pattern: new RegExp(`\\b${'DESIGN'}\\.md\\b`) },
  { name: 'style notes', pattern: new RegExp(`\\b${'STYLE'}\\.md\\b`) },
  { name: 'specification part', pattern: new RegExp(`\\b${'spec'} ${'part'}\\b`, 'i') },
  { name: 'specification section', pattern: new RegExp(`\\b(?:${'part'} [0-9]+|${'spec'}'?s?) ${SECTION}`, 'i') },
  { name: 'shared folder', pattern: new RegExp(`\\.\\./${'shared'}\\b`) },
  { name: 'issue number', pattern: new RegExp(`\\b${'issue'}s? #?[0-9]+\\b`, 'i') },
];

/** The lines of `text` that cite an outside document: 1-based line number, rule and the line. */
export function findCitations(text) {
  const found = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    for (const rule of CITATION_RULES) {
      if (rule.pattern.test(line)) {
        found.push({ line: index + 1, rule: rule.name, text: line.trim() });
        break;
      }
    }
  }
  return found;
}

const join = (...parts) => parts.join('');

/** Each must be flagged... */
const MUST_FLAG = [
  join('see ', 'DESIGN', '.md ', SECTION, '3'),
  join('// one error type (', 'STYLE', '.md ', SECTION, '6)'),
  join(' * The slider range (', 'spec', ' part', ' 1 ', SECTION, '5).'),
  join('limits of part', ' 2 ', SECTION, '9'),
  join('the wait (', 'spec', ' ', SECTION, '8)'),
  join('principles in `', '..', '/shared', '` here'),
  join('The benchmark (', 'issue', ' 6).'),
  join('fixed in ', 'Issue', ' #12'),
  join('it(', "'", 'has the sections of ', 'spec', ' part', ' 2 ', SECTION, '2.9', "'", ')'),
];
/** ...and none of these. */
const MUST_PASS = [
  "(docs/product-rules.md, 'Tiers')",
  join('Parses a range (RFC 9110 ', SECTION, '14.1.2)'),
  join('derived as in SMPTE RP 177-1993 ', SECTION, '3.3'),
  'Please try again or contact support if the issue persists',
  'jamhall/s3rver#330, open since 2018',
  'the issue of frame rates',
  'export-parity.test.ts holds the spec of the filter graph',
];

/** Throws when a fixture is judged wrongly. */
export function selfTest() {
  const missed = MUST_FLAG.filter((line) => findCitations(line).length === 0);
  const wrong = MUST_PASS.filter((line) => findCitations(line).length > 0);
  if (missed.length > 0 || wrong.length > 0) {
    const lines = [...missed.map((l) => `  not flagged: ${l}`), ...wrong.map((l) => `  flagged: ${l}`)];
    throw new Error(`check-citations: its patterns are wrong:\n${lines.join('\n')}`);
  }
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'data', '.tmp', 'coverage']);

function walk(directory, base, out) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path.join(directory, entry.name), base, out);
    } else if (entry.isFile()) {
      out.push(path.relative(base, path.join(directory, entry.name)));
    }
  }
  return out;
}

/** Files git tracks plus untracked ones it does not ignore; without git, every file but build output. */
function repositoryFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return [...new Set(listed.split('\0').filter(Boolean))];
  } catch {
    return walk(root, root, []);
  }
}

function isText(buffer) {
  return !buffer.subarray(0, 8000).includes(0);
}

export function checkRepository(root = ROOT) {
  const offenders = [];
  let checked = 0;
  for (const file of repositoryFiles(root)) {
    if (file.split('/').includes('node_modules')) continue;
    const full = path.join(root, file);
    let buffer;
    try {
      buffer = fs.readFileSync(full);
    } catch {
      continue; // deleted in the working tree but not yet in the index
    }
    if (!isText(buffer)) continue;
    checked++;
    for (const hit of findCitations(buffer.toString('utf8'))) offenders.push({ file, ...hit });
  }
  return { checked, offenders };
}

function main(argv) {
  selfTest();
  if (argv.includes('--self-test')) {
    console.log(`check-citations: self-test passed (${MUST_FLAG.length} flagged, ${MUST_PASS.length} passed)`);
    return 0;
  }
  const { checked, offenders } = checkRepository();
  if (offenders.length === 0) {
    console.log(`check-citations: ${checked} files cite no outside documents or issue numbers`);
    return 0;
  }
  for (const o of offenders) console.error(`${o.file}:${o.line}: cites ${o.rule}: ${o.text.slice(0, 160)}`);
  console.error(
    `\ncheck-citations: ${offenders.length} citation(s) of documents the repository does not contain, or of issue numbers.\n` +
      'Explain the rule where it is used, or cite the repo\'s own docs by section, e.g. "(docs/product-rules.md, \'Tiers\')".',
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
