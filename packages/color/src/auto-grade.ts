/**
 * Smart Auto Grade: slider values that neutralise a colour cast and set exposure and contrast.
 * They are ordinary slider values, so the user can change them afterwards.
 */
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import type { AdjustmentKey, Adjustments } from './adjustments';
import { EXPOSURE_STOPS_AT_FULL } from './grade-program';
import { sliderValuesToNeutralise } from './white-balance';
import type { ImageStats } from './image-stats';
import { mergeImageStats } from './image-stats';
import { summariseStats } from './stats-summary';

/** Where the values will be shown: every slider, the editor's nine, or the batch editor's six. */
export type AutoGradeTarget = 'all' | 'editor' | 'batch';

/** Median luma the exposure aims for (typical of a well-exposed frame; 18 % grey encodes to 0.49). */
const TARGET_MEDIAN = 0.42;

function slider(v: number): number {
  const rounded = Math.round(Math.min(100, Math.max(-100, v)));
  return rounded === 0 ? 0 : rounded;
}

/**
 * Suggested adjustments for the measured picture:
 * - temperature and tint: the white balance that turns the grey-world estimate of the light into
 *   neutral (see `sliderValuesToNeutralise`); nothing for a greyscale picture or a cast under 3 steps;
 * - exposure: the stops that bring the median luma to 0.42, at most ±2, held back when highlights
 *   already clip;
 * - contrast: up when the picture uses less than 60 % of the tonal scale, down a little when both
 *   ends clip;
 * - highlights and shadows: recover clipped highlights, open crushed shadows.
 * For the editor (no exposure or tint slider) exposure is carried by shadows and highlights and
 * tint is left out; for the batch editor (no shadows or highlights slider) those are left out.
 */
export function suggestAutoGrade(stats: ImageStats | readonly ImageStats[], target: AutoGradeTarget = 'all'): Adjustments {
  const s = summariseStats(Array.isArray(stats) ? mergeImageStats(stats as readonly ImageStats[]) : (stats as ImageStats));
  const values: Record<AdjustmentKey, number> = { ...DEFAULT_ADJUSTMENTS };
  if (!s.greyscale) {
    const balance = sliderValuesToNeutralise(s.neutral);
    if (Math.abs(balance.temperature) >= 3) values.temperature = slider(balance.temperature);
    if (Math.abs(balance.tint) >= 3) values.tint = slider(balance.tint);
  }
  let stops = 2.4 * Math.log2(TARGET_MEDIAN / Math.max(0.01, s.luma.p50));
  if (stops > 0 && s.clipping.highlights > 0.02) stops *= 0.5;
  stops = Math.min(EXPOSURE_STOPS_AT_FULL, Math.max(-EXPOSURE_STOPS_AT_FULL, stops));
  if (Math.abs(stops) >= 0.15) values.exposure = slider((stops / EXPOSURE_STOPS_AT_FULL) * 100);
  if (s.tonalRange < 0.6) values.contrast = slider(Math.min(40, (0.6 - s.tonalRange) * 120));
  else if (s.clipping.highlights > 0.02 && s.clipping.shadows > 0.02) values.contrast = -15;
  if (s.clipping.highlights > 0.01) values.highlights = slider(-Math.min(50, 10 + s.clipping.highlights * 400));
  if (s.clipping.shadows > 0.02 || s.luma.p05 < 0.02) values.shadows = slider(Math.min(40, 10 + s.clipping.shadows * 300));
  if (target === 'editor') {
    values.shadows = slider(values.shadows + values.exposure * 0.5);
    values.highlights = slider(values.highlights + values.exposure * 0.3);
    values.exposure = 0;
    values.tint = 0;
  } else if (target === 'batch') {
    values.shadows = 0;
    values.highlights = 0;
  }
  return values;
}
