/**
 * How long end-to-end tests wait, sized for a slow, busy machine (two cores shared with other
 * work, Chromium drawing WebGL in software). Every wait is for a condition and ends as soon as it
 * holds; one that runs out names what it waited for. Never a fixed sleep in the hope that
 * something has happened by then (docs/engineering-rules.md, 'Tests').
 */
export const WAIT = {
  /** A page, a dialog, a toast, a saved setting: anything the app does without ffmpeg. */
  pageMs: 60_000,
  /** A server process starting or stopping. */
  serverMs: 120_000,
  /** An upload processed into an asset (probe, thumbnail, proxy), a video decoding in the browser. */
  mediaMs: 180_000,
  /** An export rendered and downloaded. */
  renderMs: 300_000,
} as const;

/**
 * Waits for `promise` (a Playwright wait given the same limit, say) and, when it fails, says what
 * was awaited: "Waited 180 s for the asset card of "clip" to appear: <the cause>".
 */
export async function waitingFor<T>(what: string, timeoutMs: number, promise: Promise<T> | ((timeoutMs: number) => Promise<T>)): Promise<T> {
  try {
    return await (typeof promise === 'function' ? promise(timeoutMs) : promise);
  } catch (error) {
    const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Waited ${Math.round(timeoutMs / 1000)} s for ${what}: ${cause}`, { cause: error });
  }
}

/** Polls `check` until it answers true or the time runs out, then fails naming `what`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number = WAIT.pageMs, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Waited ${Math.round(timeoutMs / 1000)} s for ${what}, in vain`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Options for `expect.poll`, whose own default gives up after one second: the limit, and what it waits for. */
export function pollFor(what: string, timeoutMs: number = WAIT.pageMs): { timeout: number; interval: number; message: string } {
  return { timeout: timeoutMs, interval: 200, message: `waiting up to ${Math.round(timeoutMs / 1000)} s for ${what}` };
}

/**
 * Taps `target` until `done` holds: at most three taps, each given a third of `timeoutMs` to show
 * its effect. A tap synthesised through the DevTools protocol reaches a software-rendered page
 * that may be busy drawing; when Chromium sees its touch start and end too far apart it reads a
 * long press, which makes no click. A person would tap again, and so does this. A control that
 * never answers still fails, naming `what`.
 */
export async function tapUntil(what: string, target: { tap(): Promise<void> }, done: (timeoutMs: number) => Promise<unknown>, timeoutMs: number = WAIT.pageMs): Promise<void> {
  const attempts = 3;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await target.tap();
    try {
      await done(Math.round(timeoutMs / attempts));
      return;
    } catch (error) {
      last = error;
    }
  }
  const cause = last instanceof Error ? last.message.split('\n')[0] : String(last);
  throw new Error(`Tapped ${attempts} times over ${Math.round(timeoutMs / 1000)} s and waited for ${what}, in vain: ${cause}`, { cause: last });
}
