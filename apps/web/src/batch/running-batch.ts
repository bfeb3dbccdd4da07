/**
 * The batch this browser started and has not yet seen finish, remembered per person so that
 * reopening the page shows where it stands (the server holds the session; this is only its id).
 */
const KEY_PREFIX = 'cinegrade.batch.running:';

export function rememberedBatch(userId: string): string | null {
  try {
    return window.localStorage.getItem(KEY_PREFIX + userId);
  } catch {
    return null;
  }
}

export function rememberBatch(userId: string, batchId: string | null): void {
  try {
    if (batchId === null) window.localStorage.removeItem(KEY_PREFIX + userId);
    else window.localStorage.setItem(KEY_PREFIX + userId, batchId);
  } catch {
    // Storage refused (private mode, full): the batch still runs; a reload just will not find it.
  }
}
