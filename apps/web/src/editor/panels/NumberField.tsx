import { useEffect, useId, useState } from 'react';

/**
 * A small numeric field: typing a number in range applies it at once; anything else is shown
 * as typed until the field loses focus, when it goes back to the value in use.
 */
export function NumberField(props: { label: string; short: string; value: number; min: number; max: number; step: number; unit?: string; onChange: (value: number) => void }) {
  const id = useId();
  const shown = String(Math.round(props.value * 1000) / 1000);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <span className="number-field">
      <label htmlFor={id} title={props.label}>
        {props.short}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        aria-label={props.label}
        value={text}
        min={props.min}
        max={props.max}
        step={props.step}
        onChange={(event) => {
          setText(event.target.value);
          const value = event.target.valueAsNumber;
          if (Number.isFinite(value) && value >= props.min && value <= props.max) props.onChange(value);
        }}
        onBlur={() => setText(shown)}
      />
      {props.unit && <span className="number-field-unit">{props.unit}</span>}
    </span>
  );
}
