import { useMemo } from 'react';
import type { LookRecommendation } from '@cinegrade/contract';
import { createValueStore, useValueStore } from '../../lib/value-store';
import type { AnalysisOutcome } from './analyze-scene-client';

/**
 * Smart Analyze's last outcome, with the media it was made for. Smart Auto Grade writes it; the
 * Hollywood LUTs catalogue reads it to highlight the recommended looks (docs/product-rules.md,
 * 'Looks'). Results for other media are not shown.
 */
export interface AnalysisResult {
  readonly key: string | null;
  readonly outcome: AnalysisOutcome;
}

export const analysisStore = createValueStore<AnalysisResult | null>(null);

/** The outcome of Smart Analyze for the media `key`, or null when it was not run on it. */
export function useAnalysisOutcome(key: string | null): AnalysisOutcome | null {
  const result = useValueStore(analysisStore);
  return result?.key === key ? result.outcome : null;
}

const NO_RECOMMENDATIONS: ReadonlyMap<string, LookRecommendation> = new Map();

/** The recommendations for the media `key`, by look id (empty without an analysis). */
export function useRecommendations(key: string | null): ReadonlyMap<string, LookRecommendation> {
  const recommendations = useAnalysisOutcome(key)?.recommendations;
  return useMemo(() => (recommendations ? new Map(recommendations.map((r) => [r.lut, r])) : NO_RECOMMENDATIONS), [recommendations]);
}
