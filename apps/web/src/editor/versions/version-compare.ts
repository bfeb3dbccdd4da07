import type { Grade } from '@cinegrade/color';
import { createValueStore, useValueStore } from '../../lib/value-store';

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

export const versionCompare = createValueStore<VersionCompare | null>(null);

/** The compared version of `assetId`, or null (a version of another asset never shows). */
export function useVersionCompare(assetId: string | null): VersionCompare | null {
  const compared = useValueStore(versionCompare);
  return compared !== null && compared.assetId === assetId ? compared : null;
}
