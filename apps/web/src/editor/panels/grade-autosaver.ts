import type { Grade } from '@cinegrade/color';
import { savedGradeFromGrade, type SavedGrade } from '@cinegrade/contract';
import { ApiError } from '../../api/client';
import type { GradeState, GradeStore } from '../grade-store';

/** Quiet time after the last change before it is saved: a drag sends one request, not fifty. */
export const SAVE_DEBOUNCE_MS = 800;

export type SendGrade = (assetId: string, saved: SavedGrade, keepalive: boolean) => Promise<void>;

/**
 * Saves the open asset's grade (a change saves selected_lut or color_settings on that asset),
 * debounced, one request at a time, the newest grade winning.
 * `flush` sends what is waiting at once (the asset is switched or closed, the page is hidden).
 *
 * A grade is "unsaved" from its change until the server has accepted it, so reopening the asset
 * in the meantime shows this tab's edits, not a row fetched before they landed. A refusal (4xx:
 * e.g. a premium look after a downgrade) drops the edit — the server kept what it had — and says
 * why; a failure to reach the server keeps it for the next attempt, and a 429 (too many requests)
 * keeps it and sends it again once the server's `retryAfter` has passed.
 */
export class GradeAutosaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queued: { assetId: string; grade: Grade } | null = null;
  private sending: Promise<void> | null = null;
  private readonly unsaved = new Map<string, Grade>();
  private readonly lastSaved = new Map<string, string>();

  constructor(
    private readonly send: SendGrade,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = SAVE_DEBOUNCE_MS,
  ) {}

  /** Follows a store: every edit (not a load) of an asset's grade is queued for saving. */
  attach(store: GradeStore): () => void {
    return store.subscribe(() => this.noteChange(store.getState()));
  }

  /** A grade was loaded from the server (or from this tab's unsaved edits): saving it again is not needed. */
  noteLoaded(assetId: string, grade: Grade): void {
    if (!this.unsaved.has(assetId)) this.lastSaved.set(assetId, JSON.stringify(savedGradeFromGrade(grade)));
  }

  noteChange(state: GradeState): void {
    if (state.assetId === null || state.revision === 0) return;
    this.queued = { assetId: state.assetId, grade: state.grade };
    this.unsaved.set(state.assetId, state.grade);
    this.retryIn(this.delayMs);
  }

  /** Sends what is queued after `ms`, unless something sends it sooner. */
  private retryIn(ms: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain(false);
    }, ms);
  }

  /** This tab's edits of an asset the server has not accepted yet, if any. */
  unsavedGrade(assetId: string): Grade | undefined {
    return this.unsaved.get(assetId);
  }

  /** Sends what is waiting now; resolves when everything queued has been answered. */
  flush(keepalive = false): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    return this.drain(keepalive);
  }

  private async drain(keepalive: boolean): Promise<void> {
    // One request at a time: a later grade waits for the earlier answer, then goes (only the newest).
    while (this.sending) await this.sending;
    const next = this.queued;
    if (!next) return;
    this.queued = null;
    const saved = savedGradeFromGrade(next.grade);
    const json = JSON.stringify(saved);
    if (this.lastSaved.get(next.assetId) === json) {
      if (this.unsaved.get(next.assetId) === next.grade) this.unsaved.delete(next.assetId);
      return;
    }
    this.sending = this.send(next.assetId, saved, keepalive).then(
      () => {
        this.lastSaved.set(next.assetId, json);
        if (this.unsaved.get(next.assetId) === next.grade) this.unsaved.delete(next.assetId);
      },
      (error: unknown) => {
        const wait = error instanceof ApiError && error.status === 429;
        const refused = !wait && error instanceof ApiError && error.status >= 400 && error.status < 500;
        if (refused) {
          if (this.unsaved.get(next.assetId) === next.grade) this.unsaved.delete(next.assetId);
        } else if (!this.queued) {
          // Not reached, or told to wait: try again with the next change or flush, or once the wait is over.
          this.queued = next;
          if (wait) this.retryIn((error.retryAfter ?? 1) * 1000);
        }
        this.onError(error);
      },
    );
    try {
      await this.sending;
    } finally {
      this.sending = null;
    }
  }
}
