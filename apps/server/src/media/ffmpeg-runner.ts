import { spawn } from 'node:child_process';

/**
 * Runs ffmpeg or ffprobe with an argument array (never a shell), a wall-clock limit, and the
 * tail of stderr kept for the error a person reads. A crash or hang of the child never takes
 * this process down: it becomes a rejected promise.
 */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut = false,
    /** The binary could not be run at all (missing, not executable): the server's fault, never the file's. */
    readonly notStarted = false,
    /** The signal that ended ffmpeg when neither its time limit nor its caller stopped it (another process killed it). */
    readonly killedBy: string | null = null,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** Called with ffmpeg's `-progress pipe:1` output time in seconds. */
  onProgress?: (outTimeSeconds: number) => void;
  signal?: AbortSignal;
  /** Called with the child's process id once it has started (to find it again after a crash). */
  onSpawn?: (pid: number) => void;
  /** Called with each line of stdout, which is then not kept (for long listings such as packet timings). */
  onLine?: (line: string) => void;
}

const STDERR_TAIL = 4096;

export function runTool(binary: string, args: string[], options: RunOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let pending = '';
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!options.onProgress && !options.onLine) {
        stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        options.onLine?.(line);
        const match = options.onProgress ? /^out_time_us=(\d+)/.exec(line) : null;
        if (match) options.onProgress?.(Number(match[1]) / 1e6);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`Could not start ${binary}: ${error.message}`, stderr, false, true));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0) {
        if (pending !== '') options.onLine?.(pending);
        return resolve({ stdout, stderr });
      }
      if (timedOut) return reject(new FfmpegError(`Processing took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped.`, stderr, true));
      if (options.signal?.aborted) return reject(new FfmpegError('Processing was cancelled.', stderr));
      const lastLine = stderr.trim().split('\n').pop() ?? '';
      reject(new FfmpegError(lastLine ? `ffmpeg failed: ${lastLine}` : `ffmpeg failed (${signal ?? `exit ${code}`}).`, stderr, false, false, signal));
    });
  });
}
