import {
  DEFAULT_CURVES,
  DEFAULT_HUE_CURVES,
  HUE_CURVE_NEUTRAL,
  hueCurveFunction,
  hueOf,
  isHueAxis,
  monotoneCurve,
  type CurveName,
  type CurvePoint,
  type HueCurveName,
} from '@cinegrade/color';
import { useCallback, useEffect, useState } from 'react';
import { useEditorMedia } from '../editor-media';
import { gradeStore, useGradeState } from '../grade-store';
import { accumulateScopes, histogram, luma } from '../scopes/scope-data';
import { CurveEditor, insertPoint, type CurveChange } from './CurveEditor';

type AnyCurve = CurveName | HueCurveName;

interface CurveInfo {
  readonly name: AnyCurve;
  readonly label: string;
  readonly color: string;
  /** The PROGRAM histogram channel drawn behind (0..2 R, G, B, 3 luma), or none. */
  readonly channel: 0 | 1 | 2 | 3 | null;
}

const CURVES: readonly CurveInfo[] = [
  { name: 'master', label: 'Luma', color: '#e8e8e8', channel: 3 },
  { name: 'red', label: 'Red', color: '#ff5a5a', channel: 0 },
  { name: 'green', label: 'Green', color: '#5ad85a', channel: 1 },
  { name: 'blue', label: 'Blue', color: '#5a8cff', channel: 2 },
  { name: 'hueVsHue', label: 'Hue vs Hue', color: '#e8e8e8', channel: null },
  { name: 'hueVsSat', label: 'Hue vs Sat', color: '#e8e8e8', channel: null },
  { name: 'hueVsLum', label: 'Hue vs Lum', color: '#e8e8e8', channel: null },
  { name: 'lumVsSat', label: 'Lum vs Sat', color: '#e8e8e8', channel: 3 },
];

/** HSV hue from 0 to 1, left to right, as the hue curves' x. */
const HUE_SPECTRUM = 'linear-gradient(to right, rgb(255 0 0 / 30%), rgb(255 255 0 / 30%), rgb(0 255 0 / 30%), rgb(0 255 255 / 30%), rgb(0 0 255 / 30%), rgb(255 0 255 / 30%), rgb(255 0 0 / 30%))';

/** Where the sampler's neutral anchors go either side of a first point on a hue curve (1/8 of the circle). */
export const HUE_ANCHOR_SPREAD = 0.125;

const isHueCurve = (name: AnyCurve): name is HueCurveName => name === 'hueVsHue' || name === 'hueVsSat' || name === 'hueVsLum' || name === 'lumVsSat';

function pointsOf(grade: ReturnType<typeof gradeStore.getState>['grade'], name: AnyCurve): readonly CurvePoint[] {
  return isHueCurve(name) ? (grade.hueCurves ?? DEFAULT_HUE_CURVES)[name] : (grade.curves ?? DEFAULT_CURVES)[name];
}

function setPoints(name: AnyCurve, points: CurvePoint[], change: CurveChange = {}): void {
  gradeStore.change(
    (grade) =>
      isHueCurve(name) ? { ...grade, hueCurves: { ...(grade.hueCurves ?? DEFAULT_HUE_CURVES), [name]: points } } : { ...grade, curves: { ...(grade.curves ?? DEFAULT_CURVES), [name]: points } },
    change,
  );
}

/**
 * The first point of a hue curve comes with neutral anchors 1/8 of the circle either side, so
 * moving it bends the curve around that hue only (a lone point would move every hue alike).
 */
export function firstHuePoint(name: HueCurveName, point: CurvePoint): CurvePoint[] {
  if (!isHueAxis(name)) return [point];
  const wrap = (x: number) => Math.round((x - Math.floor(x)) * 1000) / 1000;
  return [point, { x: wrap(point.x - HUE_ANCHOR_SPREAD), y: HUE_CURVE_NEUTRAL }, { x: wrap(point.x + HUE_ANCHOR_SPREAD), y: HUE_CURVE_NEUTRAL }].sort((a, b) => a.x - b.x);
}

/**
 * Adds a point on `name` at the place a PROGRAM colour sits: its hue for the hue curves, its luma
 * for Lum vs Sat and the custom curves, at the curve's current value there (so adding it changes
 * nothing until it is moved). Greys have no hue: null for a hue curve then.
 */
export function sampledPoints(name: AnyCurve, points: readonly CurvePoint[], rgb: readonly [number, number, number]): CurvePoint[] | null {
  const [r, g, b] = rgb;
  const byHue = isHueCurve(name) && isHueAxis(name);
  const at = byHue ? hueOf(r, g, b) : isHueCurve(name) ? luma(r, g, b) : name === 'master' ? luma(r, g, b) : rgb[['red', 'green', 'blue'].indexOf(name)]!;
  if (at < 0) return null;
  const x = Math.round(Math.min(at, byHue ? 0.999 : 1) * 1000) / 1000;
  const y = Math.round(curveFunction(name, points)(x) * 1000) / 1000;
  if (points.length === 0 && isHueCurve(name)) return firstHuePoint(name, { x, y });
  return insertPoint(points, { x, y })?.points ?? null;
}

function curveFunction(name: AnyCurve, points: readonly CurvePoint[]): (x: number) => number {
  return isHueCurve(name) ? hueCurveFunction(name, points) : monotoneCurve(points);
}

/** The histogram is re-measured at most this often: reading PROGRAM back stalls the GPU. */
export const HISTOGRAM_INTERVAL_MS = 200;

/** PROGRAM's histogram for one channel, re-measured after frames and grade changes (at most every 200 ms). */
function useProgramHistogram(channel: 0 | 1 | 2 | 3 | null): Float32Array | null {
  const { readProgramPixels, onFrame } = useEditorMedia();
  const [counts, setCounts] = useState<Float32Array | null>(null);
  useEffect(() => {
    if (channel === null) {
      setCounts(null);
      return undefined;
    }
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      // After PROGRAM has drawn the new grade or frame.
      frame = requestAnimationFrame(() => {
        const pixels = readProgramPixels();
        setCounts(pixels ? histogram(accumulateScopes(pixels.data, pixels.width, pixels.height), channel) : null);
      });
    };
    const measure = () => {
      timer ??= setTimeout(() => {
        timer = null;
        read();
      }, HISTOGRAM_INTERVAL_MS);
    };
    read();
    const stopFrames = onFrame(measure);
    const stopGrades = gradeStore.subscribe(measure);
    return () => {
      stopFrames();
      stopGrades();
      if (timer !== null) clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [channel, readProgramPixels, onFrame]);
  return counts;
}

/**
 * While on, a press on PROGRAM reads the colour under the pointer and adds a point there on the
 * shown curve, then the sampler turns off.
 */
function useProgramSampler(active: boolean, onSample: (rgb: [number, number, number]) => void, done: () => void): void {
  const { readProgramPixels } = useEditorMedia();
  useEffect(() => {
    if (!active) return undefined;
    document.body.classList.add('sampling-program');
    const onPointerDown = (event: PointerEvent) => {
      const canvas = (event.target as Element | null)?.closest?.('[data-testid="program-canvas"]');
      if (!canvas) return;
      event.preventDefault();
      event.stopPropagation();
      const pixels = readProgramPixels();
      const rect = canvas.getBoundingClientRect();
      if (pixels && rect.width > 0 && rect.height > 0) {
        const x = Math.min(pixels.width - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / rect.width) * pixels.width)));
        const y = Math.min(pixels.height - 1, Math.max(0, Math.floor(((event.clientY - rect.top) / rect.height) * pixels.height)));
        const i = (y * pixels.width + x) * 4;
        onSample([pixels.data[i]! / 255, pixels.data[i + 1]! / 255, pixels.data[i + 2]! / 255]);
      }
      done();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.body.classList.remove('sampling-program');
    };
  }, [active, readProgramPixels, onSample, done]);
}

/**
 * The Curves tab of Color Grading (docs/product-rules.md, 'Colour wheels and curves'): the custom curves (luma, red,
 * green, blue) over PROGRAM's histogram, and the hue curves with a sampler that puts a point at the
 * hue (or luma) of a colour picked on PROGRAM.
 */
export function CurvesPanel() {
  const { grade } = useGradeState();
  const [shown, setShown] = useState<AnyCurve>('master');
  const [sampling, setSampling] = useState(false);
  const info = CURVES.find((c) => c.name === shown)!;
  const points = pointsOf(grade, shown);
  const counts = useProgramHistogram(info.channel);
  const hue = isHueCurve(shown) && isHueAxis(shown);
  const onSample = useCallback(
    (rgb: [number, number, number]) => {
      const next = sampledPoints(shown, pointsOf(gradeStore.getState().grade, shown), rgb);
      if (next) setPoints(shown, next);
    },
    [shown],
  );
  const stopSampling = useCallback(() => setSampling(false), []);
  useProgramSampler(sampling, onSample, stopSampling);
  const anyPoints = CURVES.some((c) => pointsOf(grade, c.name).length > 0);

  return (
    <div className="curves-panel">
      <div className="curve-picker" role="group" aria-label="Curve">
        {CURVES.map((c) => (
          <button key={c.name} type="button" className="btn btn-sm" aria-pressed={shown === c.name} onClick={() => setShown(c.name)}>
            {c.label}
          </button>
        ))}
      </div>
      <div className="curve-body">
        <div className="curve-holder">
          <CurveEditor
            key={shown}
            label={`${info.label} curve`}
            points={points}
            onChange={(next, change) => setPoints(shown, next, change)}
            evaluate={(p) => curveFunction(shown, p)}
            periodic={hue}
            firstPoint={isHueCurve(shown) ? (p) => firstHuePoint(shown, p) : undefined}
            color={info.color}
            histogram={counts}
            background={hue ? HUE_SPECTRUM : undefined}
            neutral={isHueCurve(shown) ? 'middle' : 'diagonal'}
          />
        </div>
        <div className="curve-tools">
          <button type="button" className="btn btn-sm" aria-pressed={sampling} onClick={() => setSampling((on) => !on)} title="Then click PROGRAM to add a point at that colour">
            {sampling ? 'Click PROGRAM…' : 'Pick from PROGRAM'}
          </button>
          <button type="button" className="btn btn-sm" disabled={points.length === 0} onClick={() => setPoints(shown, [])}>
            Reset {info.label}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!anyPoints}
            onClick={() => gradeStore.change((g) => ({ ...g, curves: DEFAULT_CURVES, hueCurves: DEFAULT_HUE_CURVES }))}
          >
            Reset all curves
          </button>
        </div>
      </div>
    </div>
  );
}
