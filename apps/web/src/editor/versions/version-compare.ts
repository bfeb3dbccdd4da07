import { useSyncExternalStore } from 'react';
import type { Grade } from '@cinegrade/color';

/**
 * Which saved version the split wipe compares the current grade with: the version graded left of
 * the divider, the current grade right of it (docs/product-rules.md, 'Grade versions'). Null: the
 * split wipe shows the original left, as without versions.
 */
export interface VersionCompare {
  readonly assetId: string;
  readonly versionId: string;
  readonly name: string;
  readonly grade: Grade;
}

let current: VersionCompare | null = null;
const listeners = new Set<() => void>();

export const versionCompare = {
  get: (): VersionCompare | null => current,
  set: (next: VersionCompare | null): void => {
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The compared version of `assetId`, or null (a version of another asset never shows). */
export function useVersionCompare(assetId: string | null): VersionCompare | null {
  const compared = useSyncExternalStore(versionCompare.subscribe, versionCompare.get, versionCompare.get);
  return compared !== null && compared.assetId === assetId ? compared : null;
}
