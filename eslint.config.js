// One lint configuration for every workspace: type-aware rules plus the package boundaries of
// docs/engineering-rules.md ('Layering'), checked by a tool rather than by convention.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import cinegrade from './scripts/lint/plugin.mjs';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'stream', 'http', 'url', 'util', 'events', 'buffer'];

const serverPackagePatterns = [
  { group: ['@cinegrade/web', '@cinegrade/e2e'], message: 'The server does not import other apps.' },
  { group: ['@cinegrade/*/*'], message: 'Import a package through its index, not its files.' },
];

// Services decide, adapters do IO (docs/engineering-rules.md, 'Layering'). Adapters are the files
// below: whole folders of IO (database, queue, storage, uploads, ffmpeg, process), repositories,
// `*.adapter.ts`, and the entry points that wire everything together. Tests may touch files.
const serverAdapters = [
  'apps/server/src/{db,jobs,storage,uploads,media,platform}/**',
  'apps/server/src/**/*.{repository,adapter}.ts',
  'apps/server/src/{services,main,worker-main,admin-main}.ts',
  'apps/server/src/**/*.test.ts',
];
const onlyAdapters = 'only adapters and repositories do IO (docs/engineering-rules.md, "Layering"): put this behind one.';
const serverIoPaths = ['kysely', 'pg', '@electric-sql/pglite', 'pg-boss', 'child_process', 'node:child_process', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map(
  (name) => ({ name, message: `${name}: ${onlyAdapters}` }),
);

export default tseslint.config(
  // lint-fixtures break the rules on purpose; apps/server/test/lint-rules.test.ts lints them.
  { ignores: ['**/lint-fixtures/**', '**/*.d.mts', '**/dist/**', '**/node_modules/**', '**/data/**', '**/.tmp/**', '**/*.config.js', '**/*.config.ts', '**/vite.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.es2022 },
    },
    plugins: { cinegrade },
    rules: {
      'cinegrade/no-import-cycles': 'error',
      'cinegrade/declared-dependencies': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Name every export (docs/engineering-rules.md, "Exports"): no export *.' },
        {
          // One resolver finds ffmpeg for the whole repository (scripts/ffmpeg-binaries.mjs):
          // FFMPEG_PATH / FFPROBE_PATH, then PATH. Running the bare name would skip the variables.
          selector: "CallExpression[callee.name=/^(?:spawn|spawnSync|execFile|execFileSync)$/][arguments.0.value=/^ff(?:mpeg|probe)$/]",
          message: 'Run the ffmpeg that resolveMediaBinaries() finds (scripts/ffmpeg-binaries.mjs), not the bare name: FFMPEG_PATH and FFPROBE_PATH must apply everywhere.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@cinegrade/*/*'], message: 'Import a package through its index, not its files.' }] },
      ],
    },
  },
  {
    // The colour engine is pure: no DOM, no Node, no dependencies (docs/engineering-rules.md, 'Layering').
    files: ['packages/color/src/**/*.ts'],
    ignores: ['packages/color/src/**/*.test.ts', 'packages/color/src/**/*.bench.ts', 'packages/color/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@cinegrade/*', ...nodeBuiltins], message: 'packages/color imports nothing (docs/engineering-rules.md, "Layering").' },
            { group: ['[a-z@]*', '!./*', '!../*'], message: 'packages/color has no dependencies.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', 'navigator', 'fetch'],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@cinegrade/server', '@cinegrade/web', '@cinegrade/e2e'], message: 'packages never import apps.' },
            { group: ['@cinegrade/*/*'], message: 'Import a package through its index, not its files.' },
            { group: nodeBuiltins, message: 'packages/contract runs in the browser too: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', { patterns: serverPackagePatterns }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: serverAdapters,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: serverIoPaths, patterns: [...serverPackagePatterns, { group: ['@aws-sdk/*'], message: `The S3 client: ${onlyAdapters}` }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Hooks are called in the same order every render, and an effect or memo names everything it reads.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@cinegrade/server', '@cinegrade/e2e'], message: 'The web app does not import other apps.' },
            { group: ['@cinegrade/*/*'], message: 'Import a package through its index, not its files.' },
            { group: nodeBuiltins, message: 'The web app runs in the browser: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    // e2e drives the product from outside, as a person and a browser do: its own support code,
    // the shared fixture scripts, the packages (the engine computes expected colours), the test
    // tools and Node; never the apps' source (docs/engineering-rules.md, 'Layering').
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'cinegrade/allowed-imports': [
        'error',
        {
          packages: ['vitest', 'playwright-core', 'node:*', '@cinegrade/contract', '@cinegrade/color'],
          folders: ['e2e', 'scripts'],
          reason: 'e2e tests use the product from outside, not the apps\' source (docs/engineering-rules.md, "Layering").',
        },
      ],
    },
  },
  {
    // Plain Node scripts outside every tsconfig: lint them without type information.
    files: ['scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
