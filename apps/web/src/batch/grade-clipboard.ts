import type { SavedGrade } from '@cinegrade/contract';
import { createValueStore, useValueStore } from '../lib/value-store';

/**
 * The copied grade of this tab (Copy Grade in My Assets or the batch editor), pasted onto other
 * assets with Paste Grade. It is the grade as saved on an asset, with where it came from.
 */
export interface CopiedGrade {
  readonly grade: SavedGrade;
  readonly from: string;
}

const copied = createValueStore<CopiedGrade | null>(null);

export function copyGrade(grade: SavedGrade, from: string): void {
  copied.set({ grade, from });
}

export function useCopiedGrade(): CopiedGrade | null {
  return useValueStore(copied);
}
