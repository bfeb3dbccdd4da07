import { useSyncExternalStore } from 'react';
import type { SavedGrade } from '@cinegrade/contract';

/**
 * The copied grade of this tab (Copy Grade in My Assets or the batch editor), pasted onto other
 * assets with Paste Grade. It is the grade as saved on an asset, with where it came from.
 */
export interface CopiedGrade {
  readonly grade: SavedGrade;
  readonly from: string;
}

let copied: CopiedGrade | null = null;
const listeners = new Set<() => void>();

export function copyGrade(grade: SavedGrade, from: string): void {
  copied = { grade, from };
  for (const listener of listeners) listener();
}

export function useCopiedGrade(): CopiedGrade | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => copied,
  );
}
