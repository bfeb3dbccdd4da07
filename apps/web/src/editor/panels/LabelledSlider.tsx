import { Slider } from 'radix-ui';
import { useId } from 'react';

/**
 * One labelled slider on Radix's Slider (keyboard: arrows ±1, Page Up/Down ±10, Home/End), with
 * its value and an optional reset. Values are integers (step 1).
 */
export function LabelledSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  onReset?: () => void;
  resetValue?: number;
  description?: string;
  disabled?: boolean;
  unit?: string;
}) {
  const id = useId();
  const signed = props.min < 0 && props.value > 0 ? `+${props.value}` : String(props.value);
  return (
    <div className="grade-slider" data-testid={`slider-${props.label}`}>
      <div className="grade-slider-head">
        <label id={`${id}-label`} htmlFor={`${id}-thumb`} className="grade-slider-label" title={props.description}>
          {props.label}
        </label>
        <output className="grade-slider-value" aria-live="off" htmlFor={`${id}-thumb`}>
          {signed}
          {props.unit ?? ''}
        </output>
        {props.onReset && (
          <button
            type="button"
            className="btn-icon grade-slider-reset"
            aria-label={`Reset ${props.label}`}
            title={`Reset ${props.label}`}
            disabled={props.disabled || props.value === (props.resetValue ?? 0)}
            onClick={props.onReset}
          >
            ↺
          </button>
        )}
      </div>
      <Slider.Root
        className="slider-root"
        min={props.min}
        max={props.max}
        step={1}
        value={[props.value]}
        disabled={props.disabled}
        onValueChange={([value]) => value !== undefined && props.onChange(Math.round(value))}
      >
        <Slider.Track className="slider-track">
          <Slider.Range className="slider-range" />
        </Slider.Track>
        <Slider.Thumb id={`${id}-thumb`} className="slider-thumb" aria-label={props.label} />
      </Slider.Root>
    </div>
  );
}
