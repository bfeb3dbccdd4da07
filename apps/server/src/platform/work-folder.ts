import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `work` with a new private folder under the system's temp folder (its name starts with
 * `prefix`) and removes the folder and everything in it afterwards, whether `work` succeeded or
 * threw. The services that need scratch files (deriving a thumbnail, decoding a frame) get them
 * here rather than touching the file system themselves (docs/engineering-rules.md, 'Layering').
 */
export async function withWorkFolder<T>(prefix: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    return await work(folder);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/**
 * Like `withWorkFolder`, but the folder is named after the work (`<tmp>/<name>`), so another run
 * of the same work (a retry on this machine) finds what an earlier one left: its pid file and its
 * partial output. Whatever was there is removed first.
 */
export async function withNamedWorkFolder<T>(name: string, warn: LeftoverWarning, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = path.join(os.tmpdir(), name);
  await stopRecordedProcess(folder, warn);
  await fs.promises.rm(folder, { recursive: true, force: true });
  await fs.promises.mkdir(folder, { recursive: true });
  try {
    return await work(folder);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** The file in a work folder that names the process working in it (see `stopRecordedProcess`). */
export const PID_FILE = 'ffmpeg.pid';

/** How the stopping of a leftover process reports what it could not do (a logger's `warn`, with the work's ids). */
export type LeftoverWarning = (message: string, details: { pid?: number; error: unknown }) => void;

/**
 * A worker killed outright leaves its ffmpeg running, orphaned, writing into its work folder.
 * The next run of the same work on this machine stops it before starting over (Linux /proc; the
 * command line must name the folder, so an unrelated process that reused the id is left alone).
 * What is expected (no pid file, the process already gone) is quiet; any other failure is reported,
 * as an orphaned ffmpeg may then keep writing into the folder.
 */
export async function stopRecordedProcess(folder: string, warn: LeftoverWarning): Promise<void> {
  const recorded = await fs.promises.readFile(path.join(folder, PID_FILE), 'utf8').catch((error: unknown) => {
    if (!isErrorCode(error, 'ENOENT')) warn('ffmpeg pid file not read; an earlier run may still be writing', { error });
    return '';
  });
  const pid = Number(recorded);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const commandLine = await fs.promises.readFile(`/proc/${pid}/cmdline`, 'utf8').catch((error: unknown) => {
    if (!isErrorCode(error, 'ENOENT')) warn('ffmpeg left by an earlier run not checked', { pid, error });
    return '';
  });
  if (!commandLine.includes(folder)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    // ESRCH: it ended between the check and the kill.
    if (!isErrorCode(error, 'ESRCH')) warn('ffmpeg left by an earlier run not stopped', { pid, error });
  }
}

/**
 * Records `pid` in the work folder's pid file as soon as the process starts, for
 * `stopRecordedProcess` in a later run. Never throws: the work goes on without it, but a failure is
 * reported, since a retry on this machine could then not stop the process should this worker die.
 */
export async function recordProcess(folder: string, pid: number, warn: LeftoverWarning): Promise<void> {
  await fs.promises.writeFile(path.join(folder, PID_FILE), String(pid)).catch((error: unknown) => {
    warn('ffmpeg pid not recorded; should this worker die, a retry here cannot stop it', { pid, error });
  });
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
