import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint rules (docs/engineering-rules.md, 'Layering'), run through the real
// eslint.config.js on small files: each rule must refuse what it is for and pass clean code.
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const fixtures = path.join(repoRoot, 'apps/server/test/lint-fixtures');

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: path.join(repoRoot, 'eslint.config.js'),
  // The fixtures are ignored by the normal run, and a virtual file has no type information.
  ignore: false,
  overrideConfig: tseslint.configs.disableTypeChecked,
});

interface Found {
  rule: string | null;
  message: string;
}

function problems(results: ESLint.LintResult[]): Found[] {
  return results.flatMap((result) => result.messages.map((m) => ({ rule: m.ruleId, message: m.message })));
}

/** Lints `code` as if it were the repository file `file`. */
async function lintAs(file: string, code: string): Promise<Found[]> {
  return problems(await eslint.lintText(code, { filePath: path.join(repoRoot, file) }));
}

describe('cinegrade/no-import-cycles', () => {
  it('refuses each import of a two-file cycle, a type-only import included', async () => {
    const found = problems(await eslint.lintFiles([path.join(fixtures, 'cycle/first.ts'), path.join(fixtures, 'cycle/second.ts')]));
    expect(found).toEqual([
      {
        rule: 'cinegrade/no-import-cycles',
        message: expect.stringContaining(
          'Import cycle: apps/server/test/lint-fixtures/cycle/first.ts → apps/server/test/lint-fixtures/cycle/second.ts → apps/server/test/lint-fixtures/cycle/first.ts',
        ) as string,
      },
      {
        rule: 'cinegrade/no-import-cycles',
        message: expect.stringContaining('cycle/second.ts → apps/server/test/lint-fixtures/cycle/first.ts → apps/server/test/lint-fixtures/cycle/second.ts') as string,
      },
    ]);
  });

  it('passes imports that do not lead back', async () => {
    expect(problems(await eslint.lintFiles([path.join(fixtures, 'chain/top.ts'), path.join(fixtures, 'chain/leaf.ts')]))).toEqual([]);
  });
});

describe('services decide, adapters do IO', () => {
  const readsFiles = "import fs from 'node:fs';\n\nexport const sizeOf = (file: string): number => fs.statSync(file).size;\n";

  it('refuses node:fs, the database and the S3 client in a service', async () => {
    expect(await lintAs('apps/server/src/assets/fixture.service.ts', readsFiles)).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('node:fs: only adapters and repositories do IO') as string },
    ]);
    const queries = "import type { Kysely } from 'kysely';\nimport { S3Client } from '@aws-sdk/client-s3';\n\nexport type Db = Kysely<object>;\nexport const client = new S3Client({});\n";
    const found = await lintAs('apps/server/src/auth/fixture.service.ts', queries);
    expect(found.map((f) => f.rule)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(found[0]?.message).toContain('kysely: only adapters and repositories do IO');
    expect(found[1]?.message).toContain('The S3 client');
  });

  it('refuses child_process, pg and the queue in a service', async () => {
    const code = "import { spawn } from 'node:child_process';\nimport pg from 'pg';\nimport PgBoss from 'pg-boss';\n\nexport const used = [spawn, pg, PgBoss];\n";
    const found = await lintAs('apps/server/src/exports/fixture.service.ts', code);
    expect(found).toEqual(
      ['node:child_process', 'pg', 'pg-boss'].map((name) => ({ rule: 'no-restricted-imports', message: expect.stringContaining(`${name}: only adapters and repositories do IO`) as string })),
    );
  });

  it('lets repositories, adapters and the adapter folders do IO', async () => {
    for (const file of ['apps/server/src/assets/fixture.repository.ts', 'apps/server/src/http/fixture.adapter.ts', 'apps/server/src/storage/fixture.ts', 'apps/server/src/services.ts']) {
      expect(await lintAs(file, readsFiles), file).toEqual([]);
    }
  });

  it('passes a service that uses only its collaborators', async () => {
    const code = "import type { AssetRepository } from './asset.repository';\n\nexport const count = async (assets: AssetRepository, userId: string): Promise<number> => (await assets.list(userId)).length;\n";
    expect(await lintAs('apps/server/src/assets/fixture.service.ts', code)).toEqual([]);
  });
});

describe('one ffmpeg resolver', () => {
  it('refuses running the bare ffmpeg or ffprobe name anywhere, which would skip FFMPEG_PATH and FFPROBE_PATH', async () => {
    const code = "import { execFileSync, spawn } from 'node:child_process';\n\nexecFileSync('ffmpeg', ['-version']);\nspawn('ffprobe', ['-version']);\n";
    for (const file of ['apps/server/bench/fixture-bench.ts', 'e2e/support/fixture.ts', 'packages/color/src/testing/fixture.ts']) {
      const found = await lintAs(file, code);
      expect(found.filter((f) => f.rule === 'no-restricted-syntax').map((f) => f.message), file).toEqual([
        expect.stringContaining('Run the ffmpeg that resolveMediaBinaries() finds') as string,
        expect.stringContaining('Run the ffmpeg that resolveMediaBinaries() finds') as string,
      ]);
    }
  });

  it('passes the binary the resolver found, and other programs by name', async () => {
    const code = "import { execFileSync } from 'node:child_process';\nimport { resolveMediaBinaries } from '../src/media/binaries';\n\nexecFileSync(resolveMediaBinaries().ffmpeg, ['-version']);\nexecFileSync('unzip', ['-v']);\n";
    expect(await lintAs('apps/server/bench/fixture-bench.ts', code)).toEqual([]);
  });
});

describe('e2e imports', () => {
  it("refuses the server's and the web app's source", async () => {
    const code = "import { AssetService } from '../../apps/server/src/assets/asset.service';\nimport { queryClient } from '../../apps/web/src/api/query-client';\n\nexport const used = [AssetService, queryClient];\n";
    const found = await lintAs('e2e/tests/fixture.test.ts', code);
    expect(found.map((f) => f.rule)).toEqual(['cinegrade/allowed-imports', 'cinegrade/allowed-imports']);
    expect(found[0]?.message).toContain("'../../apps/server/src/assets/asset.service' is not among the imports allowed here");
  });

  it('passes its support code, the fixture scripts, the packages, vitest, playwright-core and Node', async () => {
    const code = [
      "import path from 'node:path';",
      "import type { Page } from 'playwright-core';",
      "import { expect, it } from 'vitest';",
      "import { MESSAGES } from '@cinegrade/contract';",
      "import { mediaFixtures } from '../../scripts/media-fixtures.mjs';",
      "import { openBrowser } from '../support/browser';",
      '',
      'export const used = [path, expect, it, MESSAGES, mediaFixtures, openBrowser];',
      'export type Used = Page;',
      '',
    ].join('\n');
    expect(await lintAs('e2e/tests/fixture.test.ts', code)).toEqual([]);
  });
});

describe('cinegrade/declared-dependencies', () => {
  it("refuses a package the workspace's package.json does not declare, naming it and the file to add it to", async () => {
    const code = "import leftPad from 'left-pad';\nimport type { Page } from 'playwright-core';\n\nexport const used: [unknown, Page | null] = [leftPad, null];\n";
    const found = await lintAs('packages/contract/src/fixture.ts', code);
    expect(found.filter((f) => f.rule === 'cinegrade/declared-dependencies').map((f) => f.message)).toEqual([
      "'left-pad' is imported here but packages/contract/package.json does not declare it: add it to its dependencies (or devDependencies for tests and tools).",
      "'playwright-core' is imported here but packages/contract/package.json does not declare it: add it to its dependencies (or devDependencies for tests and tools).",
    ]);
  });

  it('passes declared packages (a scoped one by its scope and name), the package itself, and Node', async () => {
    const code = [
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { Hono } from 'hono';",
      "import { S3Client } from '@aws-sdk/client-s3';",
      "import { MESSAGES } from '@cinegrade/contract';",
      "import { it } from 'vitest';",
      '',
      'export const used = [fs, path, Hono, S3Client, MESSAGES, it];',
      '',
    ].join('\n');
    expect(await lintAs('apps/server/src/storage/fixture.adapter.ts', code)).toEqual([]);
  });
});

describe('React hooks in the web app', () => {
  it('refuses a hook called conditionally and an effect that does not name what it reads', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      '',
      'export function Panel({ open, name }: { open: boolean; name: string }) {',
      '  if (open) useState(0);',
      '  useEffect(() => {',
      '    document.title = name;',
      '  }, []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const found = await lintAs('apps/web/src/fixture-panel.tsx', code);
    expect(found.map((f) => f.rule).sort()).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });
});
