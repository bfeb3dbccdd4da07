import { ADJUSTMENT_KEYS, DEFAULT_ADJUSTMENTS, EDITOR_ADJUSTMENT_KEYS, INPUT_TRANSFORMS, type InputTransformId } from '@cinegrade/color';
import { useState } from 'react';
import { Select } from '../../ui/primitives';
import { gradeStore, useGradeState } from '../grade-store';
import { AdjustmentSlider } from './AdjustmentSlider';
import { CurvesPanel } from './CurvesPanel';
import { SmartEnhancementPanel } from './SmartEnhancementPanel';
import { WheelsPanel, WheelsTools } from './WheelsPanel';
import './panels.css';

export type GradingMode = 'basic' | 'smart';

type GradingTab = 'sliders' | 'wheels' | 'curves';
const TAB_LABELS: Record<GradingTab, string> = { sliders: 'Sliders', wheels: 'Wheels', curves: 'Curves' };

/** Short names for the camera select; the engine's labels name the gamut too and show as the hint. */
const INPUT_NAMES: Record<InputTransformId, string> = { rec709: 'Rec.709', slog3: 'S-Log3', logc3: 'LogC3', vlog: 'V-Log', clog3: 'C-Log3' };

/**
 * Every slider of the grade back to 0, the three this panel does not show included (exposure,
 * tint and brightness, which Shot Match, Auto Grade and the batch editor set): after it the
 * picture is the look alone.
 */
function resetAllSliders(): void {
  gradeStore.change((grade) => ({ ...grade, adjustments: DEFAULT_ADJUSTMENTS }));
}

/**
 * Color Grading (docs/product-rules.md, 'Sliders' and 'Colour wheels and curves'): three tabs — the
 * camera input and the nine sliders, the colour wheels, the curves; or, with the Smart/Basic
 * toggle on Smart, the Smart Enhancement panel, which says that no plan has it yet. The mode
 * belongs to the editor screen.
 */
export function ColorGradingPanel({ mode, onModeChange }: { mode: GradingMode; onModeChange: (mode: GradingMode) => void }) {
  const [tab, setTab] = useState<GradingTab>('sliders');
  return (
    <section className="editor-panel grading-panel" aria-label="Color Grading">
      <header className="editor-panel-head">
        <h3>Color Grading</h3>
        <span className="spacer" />
        <div className="mode-toggle" role="group" aria-label="Color Grading mode">
          {(['basic', 'smart'] as const).map((value) => (
            <button key={value} type="button" className={`mode-toggle-item${mode === value ? ' mode-toggle-on' : ''}`} aria-pressed={mode === value} onClick={() => onModeChange(value)}>
              {value === 'basic' ? 'Basic' : 'Smart'}
            </button>
          ))}
        </div>
      </header>
      {mode === 'smart' ? (
        <SmartEnhancementPanel />
      ) : (
        <div className="grading-body">
          <div className="grading-tabs-row">
            <div className="grading-tabs" role="tablist" aria-label="Color Grading controls">
              {(['sliders', 'wheels', 'curves'] as const).map((value) => (
                <button key={value} type="button" role="tab" className="grading-tab" aria-selected={tab === value} onClick={() => setTab(value)}>
                  {TAB_LABELS[value]}
                </button>
              ))}
            </div>
            {tab === 'wheels' && <WheelsTools />}
          </div>
          {tab === 'wheels' && <WheelsPanel />}
          {tab === 'curves' && <CurvesPanel />}
          {tab === 'sliders' && <SliderControls />}
        </div>
      )}
    </section>
  );
}

/** The Sliders tab: the camera input and the nine sliders. */
function SliderControls() {
  const { grade } = useGradeState();
  const anySlider = ADJUSTMENT_KEYS.some((key) => grade.adjustments[key] !== DEFAULT_ADJUSTMENTS[key]);
  return (
    <>
      <div className="field input-transform">
        <label className="label" htmlFor="camera-input">
          Camera input
        </label>
        <Select<InputTransformId>
          id="camera-input"
          label="Camera input"
          value={grade.inputTransform}
          options={INPUT_TRANSFORMS.map((t) => ({ value: t.id, label: INPUT_NAMES[t.id], hint: <span className="select-hint">{t.label}</span> }))}
          onValueChange={(value) => gradeStore.change((g) => ({ ...g, inputTransform: value }))}
        />
      </div>
      {EDITOR_ADJUSTMENT_KEYS.map((key) => (
        <AdjustmentSlider key={key} adjustment={key} value={grade.adjustments[key]} />
      ))}
      <button type="button" className="btn btn-sm btn-block" disabled={!anySlider} onClick={resetAllSliders}>
        Reset all sliders
      </button>
    </>
  );
}
