import { CURVE_MAX_POINTS, type CurvePoint } from '@cinegrade/color';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** How close (in curve units) a press must be to a point to grab it instead of adding one. */
export const GRAB_DISTANCE = 0.04;
/** Dragged this far outside the box, a point is removed when released. */
export const REMOVE_DISTANCE = 0.1;
/** Points keep this much x apart (points go left to right). */
const MIN_GAP = 0.005;
export const CURVE_NUDGE = 0.01;

export interface CurveChange {
  readonly coalesce?: string;
}

export interface CurveEditorProps {
  /** Names the curve for assistive technology, e.g. "Red curve". */
  readonly label: string;
  readonly points: readonly CurvePoint[];
  readonly onChange: (points: CurvePoint[], change: CurveChange) => void;
  /** The curve through the points, as the engine evaluates it (for the drawn line). */
  readonly evaluate: (points: readonly CurvePoint[]) => (x: number) => number;
  /** The x of a hue curve is periodic: 1 is 0 again, so points stay below 1. */
  readonly periodic: boolean;
  /** Called instead of a plain insert for the first point of a curve (hue curves add anchors). */
  readonly firstPoint?: (point: CurvePoint) => CurvePoint[];
  readonly color: string;
  /** Counts per level (256), drawn behind the curve. */
  readonly histogram?: Float32Array | null;
  /** A CSS background for the box (the hue spectrum for hue curves). */
  readonly background?: string;
  /** The resting line: the diagonal (custom curves) or y = 0.5 (hue curves). */
  readonly neutral: 'diagonal' | 'middle';
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);
const round = (v: number) => Math.round(v * 1000) / 1000;

/** Inserts `point` in x order; null when the curve is full or a point already sits at that x. */
export function insertPoint(points: readonly CurvePoint[], point: CurvePoint): { points: CurvePoint[]; index: number } | null {
  if (points.length >= CURVE_MAX_POINTS || points.some((p) => Math.abs(p.x - point.x) < MIN_GAP)) return null;
  const index = points.filter((p) => p.x < point.x).length;
  return { points: [...points.slice(0, index), point, ...points.slice(index)], index };
}

function histogramPath(counts: Float32Array): string {
  let max = 0;
  for (const c of counts) max = Math.max(max, Math.sqrt(c));
  if (max === 0) return '';
  const n = counts.length;
  const parts = ['M0,100'];
  for (let i = 0; i < n; i++) parts.push(`L${((i + 0.5) / n) * 100},${100 - (Math.sqrt(counts[i]!) / max) * 100}`);
  parts.push('L100,100Z');
  return parts.join(' ');
}

/**
 * A curve editor: pressing on the box adds a point (and drags it), pressing a point drags it,
 * double-clicking a point or dragging it out of the box removes it. Points take focus; arrow keys
 * nudge the focused point (Shift: a tenth), Delete removes it.
 */
export function CurveEditor(props: CurveEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: number; index: number } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const { points, onChange, periodic } = props;
  const key = `curve:${props.label}`;
  const xMax = periodic ? 0.999 : 1;

  const curvePoint = (clientX: number, clientY: number): { point: CurvePoint; outside: boolean } => {
    const rect = box.current!.getBoundingClientRect();
    const x = (clientX - rect.left) / (rect.width || 1);
    const y = 1 - (clientY - rect.top) / (rect.height || 1);
    const outside = x < -REMOVE_DISTANCE || x > 1 + REMOVE_DISTANCE || y < -REMOVE_DISTANCE || y > 1 + REMOVE_DISTANCE;
    return { point: { x: round(clamp(x, 0, xMax)), y: round(clamp(y, 0, 1)) }, outside };
  };

  /** `index` moved to `to`, kept between its neighbours. */
  const moved = (index: number, to: CurvePoint): CurvePoint[] => {
    const lo = index > 0 ? points[index - 1]!.x + MIN_GAP : 0;
    const hi = index < points.length - 1 ? points[index + 1]!.x - MIN_GAP : xMax;
    return points.map((p, i) => (i === index ? { x: round(clamp(to.x, lo, hi)), y: round(clamp(to.y, 0, 1)) } : p));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const { point } = curvePoint(event.clientX, event.clientY);
    let index = points.findIndex((p) => Math.hypot(p.x - point.x, p.y - point.y) < GRAB_DISTANCE);
    if (index < 0) {
      const added = points.length === 0 && props.firstPoint ? { points: props.firstPoint(point), index: -1 } : insertPoint(points, point);
      if (!added) return;
      index = added.index < 0 ? added.points.findIndex((p) => p.x === point.x) : added.index;
      onChange(added.points, {});
    }
    drag.current = { pointer: event.pointerId, index };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const { point, outside } = curvePoint(event.clientX, event.clientY);
    setRemoving(outside ? current.index : null);
    if (!outside) onChange(moved(current.index, point), { coalesce: key });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    if (curvePoint(event.clientX, event.clientY).outside) onChange(points.filter((_, i) => i !== current.index), {});
    setRemoving(null);
  };

  const remove = (index: number) => onChange(points.filter((_, i) => i !== index), {});

  const onPointKey = (index: number, event: KeyboardEvent<SVGCircleElement>) => {
    const step = event.shiftKey ? CURVE_NUDGE / 10 : CURVE_NUDGE;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[event.key];
    const p = points[index]!;
    if (move) {
      event.preventDefault();
      onChange(moved(index, { x: p.x + move[0], y: p.y + move[1] }), { coalesce: `${key}:keys` });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index);
    }
  };

  const f = props.evaluate(points);
  const line = Array.from({ length: 129 }, (_, i) => {
    const x = i / 128;
    return `${i === 0 ? 'M' : 'L'}${x * 100},${(1 - clamp(f(periodic ? Math.min(x, 0.99999) : x), 0, 1)) * 100}`;
  }).join(' ');
  return (
    <div
      ref={box}
      className="curve-editor"
      data-testid={`curve-editor-${props.label}`}
      style={props.background ? { background: props.background } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setRemoving(null);
      }}
    >
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="group" aria-label={props.label}>
        {props.histogram && <path d={histogramPath(props.histogram)} fill="rgb(255 255 255 / 14%)" data-testid="curve-histogram" />}
        {[25, 50, 75].map((v) => (
          <g key={v} stroke="rgb(255 255 255 / 10%)" strokeWidth={0.4}>
            <line x1={v} y1={0} x2={v} y2={100} />
            <line x1={0} y1={v} x2={100} y2={v} />
          </g>
        ))}
        {props.neutral === 'diagonal' ? (
          <line x1={0} y1={100} x2={100} y2={0} stroke="rgb(255 255 255 / 25%)" strokeWidth={0.5} />
        ) : (
          <line x1={0} y1={50} x2={100} y2={50} stroke="rgb(255 255 255 / 35%)" strokeWidth={0.5} />
        )}
        <path d={line} fill="none" stroke={props.color} strokeWidth={1.2} vectorEffect="non-scaling-stroke" />
        {points.map((p, i) => (
          <circle
            key={i}
            className="curve-point"
            cx={p.x * 100}
            cy={(1 - p.y) * 100}
            r={focused === i ? 3 : 2.4}
            fill={removing === i ? 'transparent' : props.color}
            stroke="#000"
            strokeWidth={0.6}
            tabIndex={0}
            role="slider"
            aria-label={`${props.label} point ${i + 1}`}
            aria-valuemin={0}
            aria-valuemax={1}
            aria-valuenow={p.y}
            aria-valuetext={`input ${p.x.toFixed(3)}, output ${p.y.toFixed(3)}`}
            onDoubleClick={(event) => {
              event.stopPropagation();
              remove(i);
            }}
            onFocus={() => setFocused(i)}
            onBlur={() => setFocused(null)}
            onKeyDown={(event) => onPointKey(i, event)}
          />
        ))}
      </svg>
    </div>
  );
}
