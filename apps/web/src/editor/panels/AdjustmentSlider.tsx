import { ADJUSTMENT_INFO, ADJUSTMENT_MAX, ADJUSTMENT_MIN, type AdjustmentKey } from '@cinegrade/color';
import { gradeStore } from '../grade-store';
import { LabelledSlider } from './LabelledSlider';

function setAdjustment(key: AdjustmentKey, value: number): void {
  // One coalescing key per slider: a drag through fifty values is one undo step.
  gradeStore.change((grade) => ({ ...grade, adjustments: { ...grade.adjustments, [key]: value } }), { coalesce: `slider:${key}` });
}

/**
 * One of the grade's sliders (`adjustment`, −100..100) with its label, tooltip and reset, editing
 * the grade store: Color Grading's nine, and the Exposure and Tint that Shot Match sets.
 */
export function AdjustmentSlider({ adjustment, value }: { adjustment: AdjustmentKey; value: number }) {
  return (
    <LabelledSlider
      label={ADJUSTMENT_INFO[adjustment].label}
      description={ADJUSTMENT_INFO[adjustment].description}
      value={value}
      min={ADJUSTMENT_MIN}
      max={ADJUSTMENT_MAX}
      onChange={(next) => setAdjustment(adjustment, next)}
      onReset={() => gradeStore.change((g) => ({ ...g, adjustments: { ...g.adjustments, [adjustment]: 0 } }))}
    />
  );
}
