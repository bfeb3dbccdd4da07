/**
 * How long server tests wait for things, sized for a slow, busy machine (two cores shared with
 * other work). A wait that runs out names what it waited for; a test never sleeps a fixed time
 * expecting something to have happened by then (docs/engineering-rules.md, 'Tests').
 */
export const WAIT = {
  /** A request, a database row, a server starting or stopping. */
  serverMs: 60_000,
  /** ffmpeg probing or transcoding a short clip, a thumbnail. */
  mediaMs: 180_000,
  /** An export rendering from start to finish. */
  renderMs: 300_000,
} as const;

/** Polls until `check` answers a value (not undefined) or the time runs out. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number = WAIT.serverMs, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `promise`'s outcome, or an error naming what was awaited if it takes longer than `timeoutMs`. */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs: number = WAIT.serverMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
