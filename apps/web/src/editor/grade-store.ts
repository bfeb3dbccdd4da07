import { useSyncExternalStore } from 'react';
import { DEFAULT_GRADE, type Grade } from '@cinegrade/color';

/**
 * The open media's grade, with undo and redo (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z). Kept outside
 * React so the monitors, the panels, the header's Export menu and the autosaver read one value.
 */
export interface GradeState {
  /** The asset whose grade this is; null for the signed-out trial file or when nothing is open. */
  readonly assetId: string | null;
  readonly grade: Grade;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Counts edits (change, undo, redo) since the last load; loading resets it to 0. */
  readonly revision: number;
}

export interface ChangeOptions {
  /**
   * Changes with the same key that follow each other within `COALESCE_MS` form one undo step, so
   * dragging a slider through fifty values undoes in one press.
   */
  coalesce?: string;
}

export interface GradeStore {
  getState: () => GradeState;
  subscribe: (listener: () => void) => () => void;
  /** Opens a grade (a newly opened asset): no history. */
  load: (assetId: string | null, grade: Grade) => void;
  change: (update: Grade | ((grade: Grade) => Grade), options?: ChangeOptions) => void;
  undo: () => void;
  redo: () => void;
}

export const COALESCE_MS = 1000;
/** Undo steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export function createGradeStore(now: () => number = () => Date.now()): GradeStore {
  let past: Grade[] = [];
  let future: Grade[] = [];
  let lastChange: { key: string; at: number } | null = null;
  let state: GradeState = { assetId: null, grade: DEFAULT_GRADE, canUndo: false, canRedo: false, revision: 0 };
  const listeners = new Set<() => void>();

  const publish = (assetId: string | null, grade: Grade, revision: number) => {
    state = { assetId, grade, canUndo: past.length > 0, canRedo: future.length > 0, revision };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(assetId, grade) {
      past = [];
      future = [];
      lastChange = null;
      publish(assetId, grade, 0);
    },
    change(update, options = {}) {
      const next = typeof update === 'function' ? update(state.grade) : update;
      if (sameGrade(next, state.grade)) return;
      const at = now();
      const merges = options.coalesce !== undefined && lastChange?.key === options.coalesce && at - lastChange.at < COALESCE_MS;
      if (!merges) {
        past.push(state.grade);
        if (past.length > HISTORY_LIMIT) past.shift();
      }
      future = [];
      lastChange = options.coalesce === undefined ? null : { key: options.coalesce, at };
      publish(state.assetId, next, state.revision + 1);
    },
    undo() {
      const previous = past.pop();
      if (!previous) return;
      future.push(state.grade);
      lastChange = null;
      publish(state.assetId, previous, state.revision + 1);
    },
    redo() {
      const next = future.pop();
      if (!next) return;
      past.push(state.grade);
      lastChange = null;
      publish(state.assetId, next, state.revision + 1);
    },
  };
}

export function sameGrade(a: Grade, b: Grade): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The one grade store of the app. */
export const gradeStore = createGradeStore();

export function useGradeState(store: GradeStore = gradeStore): GradeState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
