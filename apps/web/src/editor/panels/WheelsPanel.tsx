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
 * Offset, each a colour-balance puck and a master, and the CDL saturation. They change the grade
 * the monitors and the export share.
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
      <div className="wheels-footer">
        <NumberField
          label="Wheels saturation"
          short="Saturation"
          value={wheels.saturation}
          min={0}
          max={WHEEL_SATURATION_MAX}
          step={0.05}
          onChange={(saturation) => setWheels((w) => ({ ...w, saturation }), { coalesce: 'wheels:saturation' })}
        />
        <button type="button" className="btn btn-sm" disabled={areWheelsAtRest(grade.wheels)} onClick={() => setWheels(() => DEFAULT_WHEELS)}>
          Reset all wheels
        </button>
      </div>
    </div>
  );
}
