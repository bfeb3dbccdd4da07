import type { Wheel } from '@cinegrade/color';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { LabelledSlider } from './LabelledSlider';
import { NumberField } from './NumberField';

/** A puck position on the disc: x right, y up, radius 1 at the rim. */
interface Point {
  readonly x: number;
  readonly y: number;
}

const DEG = Math.PI / 180;
/** Drag distance is divided by this with Shift or Alt held (docs/product-rules.md, 'Colour wheels and curves'). */
export const FINE_DRAG_FACTOR = 10;
/** Arrow keys move the puck by this much of the radius (a tenth of it with Shift). */
export const WHEEL_NUDGE = 0.01;

export function puckOf(wheel: Wheel): Point {
  return { x: wheel.amount * Math.cos(wheel.hue * DEG), y: wheel.amount * Math.sin(wheel.hue * DEG) };
}

/** The hue and amount of a puck position, kept on the disc and rounded (0.1°, 0.001). */
export function balanceOf(point: Point): Pick<Wheel, 'hue' | 'amount'> {
  const amount = Math.round(Math.min(1, Math.hypot(point.x, point.y)) * 1000) / 1000;
  if (amount === 0) return { hue: 0, amount: 0 };
  let hue = Math.round((Math.atan2(point.y, point.x) / DEG) * 10) / 10;
  if (hue < 0) hue += 360;
  if (hue >= 360) hue -= 360;
  // −0 (a pointer exactly level with the centre) is saved as 0.
  return { hue: hue === 0 ? 0 : hue, amount };
}

export interface WheelChange {
  /** An undo-coalescing key: a drag or a run of nudges is one step. */
  readonly coalesce?: string;
}

/**
 * One colour wheel: a colour-balance puck dragged on a disc (hue is the direction, amount the
 * distance from the centre), a master luminance slider, and numeric fields. Dragging with Shift
 * or Alt moves the puck a tenth as far; arrow keys nudge it; double-click resets the balance.
 */
export function ColorWheel({ label, wheel, onChange }: { label: string; wheel: Wheel; onChange: (wheel: Wheel, change: WheelChange) => void }) {
  const disc = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: number; last: Point; puck: Point } | null>(null);
  const key = `wheel:${label}`;
  const puck = puckOf(wheel);

  /** The pointer's position in disc units (centre 0, rim 1, y up). */
  const discPoint = (clientX: number, clientY: number): Point => {
    const box = disc.current!.getBoundingClientRect();
    const radius = box.width / 2 || 1;
    return { x: (clientX - box.left - box.width / 2) / radius, y: -(clientY - box.top - box.height / 2) / radius };
  };

  const moveTo = (point: Point) => onChange({ ...wheel, ...balanceOf(point) }, { coalesce: key });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const at = discPoint(event.clientX, event.clientY);
    const fine = event.shiftKey || event.altKey;
    // A plain press puts the puck under the pointer; in fine mode the puck stays and the drag moves it.
    const start = fine ? puck : at;
    drag.current = { pointer: event.pointerId, last: at, puck: start };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.querySelector<HTMLElement>('.wheel-puck')?.focus();
    if (!fine) moveTo(start);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const at = discPoint(event.clientX, event.clientY);
    const scale = event.shiftKey || event.altKey ? 1 / FINE_DRAG_FACTOR : 1;
    const next = { x: current.puck.x + (at.x - current.last.x) * scale, y: current.puck.y + (at.y - current.last.y) * scale };
    const length = Math.hypot(next.x, next.y);
    const onDisc = length > 1 ? { x: next.x / length, y: next.y / length } : next;
    drag.current = { pointer: current.pointer, last: at, puck: onDisc };
    moveTo(onDisc);
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? WHEEL_NUDGE / 10 : WHEEL_NUDGE;
    const delta: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: step }, ArrowDown: { x: 0, y: -step } };
    const move = delta[event.key];
    if (move) {
      event.preventDefault();
      moveTo({ x: puck.x + move.x, y: puck.y + move.y });
    } else if (event.key === 'Delete' || event.key === 'Backspace' || event.key === 'Home') {
      event.preventDefault();
      onChange({ ...wheel, hue: 0, amount: 0 }, {});
    }
  };

  const atRest = wheel.amount === 0 && wheel.master === 0;
  return (
    <div className="color-wheel" role="group" aria-label={`${label} wheel`}>
      <div className="color-wheel-head">
        <span className="color-wheel-title">{label}</span>
        <button type="button" className="btn-icon" aria-label={`Reset ${label}`} title={`Reset ${label}`} disabled={atRest} onClick={() => onChange({ hue: 0, amount: 0, master: 0 }, {})}>
          ↺
        </button>
      </div>
      <div
        ref={disc}
        className="wheel-disc"
        data-testid={`wheel-disc-${label}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => onChange({ ...wheel, hue: 0, amount: 0 }, {})}
        title="Drag to balance colour; Shift or Alt for fine moves; double-click to reset"
      >
        <div
          className="wheel-puck"
          role="slider"
          tabIndex={0}
          aria-label={`${label} colour balance`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(wheel.amount * 100)}
          aria-valuetext={wheel.amount === 0 ? 'Neutral' : `Hue ${wheel.hue.toFixed(0)}°, amount ${Math.round(wheel.amount * 100)}%`}
          style={{ left: `${50 + puck.x * 50}%`, top: `${50 - puck.y * 50}%` }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="wheel-fields">
        <NumberField label={`${label} hue`} short="Hue" unit="°" value={wheel.hue} min={0} max={359.9} step={1} onChange={(hue) => onChange({ ...wheel, hue }, { coalesce: `${key}:hue` })} />
        <NumberField label={`${label} amount`} short="Amt" value={wheel.amount} min={0} max={1} step={0.01} onChange={(amount) => onChange({ ...wheel, amount }, { coalesce: `${key}:amount` })} />
      </div>
      <div onDoubleClick={() => onChange({ ...wheel, master: 0 }, {})}>
        <LabelledSlider
          label={`${label} master`}
          value={Math.round(wheel.master * 100)}
          min={-100}
          max={100}
          onChange={(value) => onChange({ ...wheel, master: value / 100 }, { coalesce: `${key}:master` })}
        />
      </div>
    </div>
  );
}
