import { DEFAULT_WHEELS, WHEEL_NAMES, WHEEL_SATURATION_MAX, areWheelsAtRest, type Wheel, type WheelName, type Wheels } from '@cinegrade/color';
import { gradeStore, useGradeState } from '../grade-store';
import { ColorWheel, type WheelChange } from './ColorWheel';
import { NumberField } from './NumberField';

const LABELS: Record<WheelName, string> = { lift: 'Lift', gamma: 'Gamma', gain: 'Gain', offset: 'Offset' };

function setWheels(update: (wheels: Wheels) => Wheels, change: WheelChange = {}): void {
  gradeStore.change((grade) => ({ ...grade, wheels: update(grade.wheels ?? DEFAULT_WHEELS) }), change);
}

/**
 * The Wheels tab of Color Grading (docs/product-rules.md, 'Colour wheels and curves'): Lift, Gamma, Gain and
 * Offset, each a colour-balance puck and a master, side by side. They change the grade the
 * monitors and the export share. The CDL saturation and Reset all wheels (`WheelsTools`) sit in
 * the tab row, so the four wheels keep the area's height.
 */
export function WheelsPanel() {
  const { grade } = useGradeState();
  const wheels = grade.wheels ?? DEFAULT_WHEELS;
  return (
    <div className="wheels-panel">
      <div className="wheels-grid">
        {WHEEL_NAMES.map((name) => (
          <ColorWheel key={name} label={LABELS[name]} wheel={wheels[name]} onChange={(wheel: Wheel, change) => setWheels((w) => ({ ...w, [name]: wheel }), change)} />
        ))}
      </div>
    </div>
  );
}

/** The wheels' saturation and Reset all wheels, beside the Color Grading tabs while Wheels is shown. */
export function WheelsTools() {
  const { grade } = useGradeState();
  const wheels = grade.wheels ?? DEFAULT_WHEELS;
  return (
    <div className="wheels-footer">
        <NumberField
          label="Wheels saturation"
          short="Sat"
          value={wheels.saturation}
          min={0}
          max={WHEEL_SATURATION_MAX}
          step={0.05}
          onChange={(saturation) => setWheels((w) => ({ ...w, saturation }), { coalesce: 'wheels:saturation' })}
        />
        <button type="button" className="btn-icon wheels-reset" aria-label="Reset all wheels" title="Reset all wheels" disabled={areWheelsAtRest(grade.wheels)} onClick={() => setWheels(() => DEFAULT_WHEELS)}>
          ↺
      </button>
    </div>
  );
}
