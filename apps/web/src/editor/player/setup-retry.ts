import { PLAYER_SETUP_DELAY_MS } from '@cinegrade/contract';

/**
 * Sets a player up, trying again every 100 ms until it succeeds (players for
 * both monitors are set up with retries after a 100 ms delay). `attempt` answers whether it could
 * set up (the element exists and is attached); it is tried at once, then after each delay, at most
 * `maxAttempts` times. Answers a function that stops the retries and tears down what was set up.
 */
export function setupWithRetry(
  attempt: () => (() => void) | null,
  options: { delayMs?: number; maxAttempts?: number; onGiveUp?: () => void } = {},
): () => void {
  const delayMs = options.delayMs ?? PLAYER_SETUP_DELAY_MS;
  const maxAttempts = options.maxAttempts ?? 50;
  let teardown: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let tries = 0;
  const run = () => {
    if (stopped) return;
    tries++;
    teardown = attempt();
    if (teardown) return;
    if (tries >= maxAttempts) options.onGiveUp?.();
    else timer = setTimeout(run, delayMs);
  };
  run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    teardown?.();
    teardown = null;
  };
}
