import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PID_FILE, recordProcess, stopRecordedProcess, type LeftoverWarning } from './work-folder';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function workFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-work-folder-'));
  folders.push(folder);
  return folder;
}

function capturingWarn(): { warnings: { message: string; pid?: number; code?: string }[]; warn: LeftoverWarning } {
  const warnings: { message: string; pid?: number; code?: string }[] = [];
  return { warnings, warn: (message, { pid, error }) => warnings.push({ message, pid, code: (error as NodeJS.ErrnoException).code }) };
}

describe('recordProcess (the pid file a later run uses to stop a process its dead worker left)', () => {
  it('records the process so that the next run in the folder stops it, quietly', async () => {
    const work = workFolder();
    // A stand-in for ffmpeg: its command line names the work folder, as ffmpeg's output path does.
    const running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', work], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => running.once('exit', (_code, signal) => resolve(signal)));
    const { warnings, warn } = capturingWarn();
    try {
      await recordProcess(work, running.pid ?? 0, warn);
      expect(fs.readFileSync(path.join(work, PID_FILE), 'utf8')).toBe(String(running.pid));
      await stopRecordedProcess(work, warn);
      expect(await ended).toBe('SIGKILL');
      expect(warnings).toEqual([]);
    } finally {
      if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    }
  });

  it('reports a pid file it cannot write, with the pid and the error, instead of swallowing it', async () => {
    const gone = path.join(workFolder(), 'removed-meanwhile');
    const { warnings, warn } = capturingWarn();
    await expect(recordProcess(gone, 4242, warn)).resolves.toBeUndefined();
    expect(warnings).toEqual([{ message: expect.stringContaining('ffmpeg pid not recorded') as string, pid: 4242, code: 'ENOENT' }]);
  });
});
