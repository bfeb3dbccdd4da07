import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { stopLeftoverRun } from './export-renderer.adapter';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function workFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-export-leftover-'));
  folders.push(folder);
  return folder;
}

function capturingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', (line) => lines.push(line)) };
}

describe('stopLeftoverRun (an export run starting where an earlier one died)', () => {
  it('is quiet when no earlier run left a pid file', async () => {
    const { lines, logger } = capturingLogger();
    await stopLeftoverRun(workFolder(), logger, 'export-1');
    expect(lines).toEqual([]);
  });

  it('logs a pid file it cannot read instead of swallowing the failure', async () => {
    const work = workFolder();
    // A folder where the file should be: reading it fails with EISDIR, not "not there".
    fs.mkdirSync(path.join(work, 'ffmpeg.pid'));
    const { lines, logger } = capturingLogger();
    await stopLeftoverRun(work, logger, 'export-2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN Export ffmpeg pid file not read; an earlier run may still be writing .*"exportId":"export-2".*EISDIR/);
  });

  it('stops a process left running in the folder, and leaves an unrelated process that reused the id alone', async () => {
    const work = workFolder();
    // A stand-in for the orphaned ffmpeg: its command line names the export's folder.
    const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', work], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    fs.writeFileSync(path.join(work, 'ffmpeg.pid'), String(orphan.pid));
    const unrelated = workFolder();
    fs.writeFileSync(path.join(unrelated, 'ffmpeg.pid'), String(process.pid));
    const { lines, logger } = capturingLogger();
    try {
      await stopLeftoverRun(unrelated, logger, 'export-3');
      await stopLeftoverRun(work, logger, 'export-3');
      expect(await ended).toBe('SIGKILL');
      expect(lines).toEqual([]);
    } finally {
      if (orphan.exitCode === null && orphan.signalCode === null) orphan.kill('SIGKILL');
    }
  });
});
