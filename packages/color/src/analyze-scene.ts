/**
 * Smart Analyze (docs/product-rules.md, 'Smart Analyze'): statistics of a frame (or several frames
 * of a video) in, the scene analysis and ranked look recommendations out.
 */
import type { LookTier } from './look-types';
import type { Recommendation } from './confidence';
import { mergeImageStats } from './image-stats';
import type { ImageStats } from './image-stats';
import { recommendLooks } from './recommend';
import { describeSceneWithClaims } from './scene-analysis';
import type { SceneAnalysis } from './scene-analysis';
import { summariseStats } from './stats-summary';

export interface SceneAnalysisResult {
  readonly sceneAnalysis: SceneAnalysis;
  readonly recommendations: readonly Recommendation[];
}

export interface AnalyzeOptions {
  /** 'free' for users without premium looks (they get usable looks first), else 'premium'. */
  readonly tier: LookTier;
  /** Maximum number of recommendations (default 5). */
  readonly limit?: number;
}

/** Analyses one image's statistics, or several frames' statistics as one scene. */
export function analyzeScene(stats: ImageStats | readonly ImageStats[], options: AnalyzeOptions): SceneAnalysisResult {
  const merged = Array.isArray(stats) ? mergeImageStats(stats as readonly ImageStats[]) : (stats as ImageStats);
  const summary = summariseStats(merged);
  const scene = describeSceneWithClaims(summary);
  return { sceneAnalysis: scene.sceneAnalysis, recommendations: recommendLooks(summary, { ...options, sceneClaims: scene.claims }) };
}
