/**
 * Scope graticules, drawn over the traces as SVG so the traces stay pure data (tests read them).
 * Vectorscope targets are the 75 % colour bars in Rec.709 Cb/Cr; the skin-tone line is the
 * classic I axis at 123° (counter-clockwise from +Cb), where skin of any complexion falls.
 */
import { CB_DIVISOR, CR_DIVISOR, luma, VECTOR_SIZE } from './scope-data';

const LEVEL_LINES = [0, 0.25, 0.5, 0.75, 1];

export function WaveformGraticule({ parade }: { parade: boolean }) {
  const width = parade ? 768 : 256;
  return (
    <svg className="scope-graticule" viewBox={`0 0 ${width} 256`} preserveAspectRatio="none" aria-hidden>
      {LEVEL_LINES.map((level) => {
        const y = 255.5 - level * 255;
        return (
          <g key={level}>
            <line x1={0} x2={width} y1={y} y2={y} />
            <text x={3} y={Math.min(250, Math.max(9, y - 2))}>
              {Math.round(level * 100)}
            </text>
          </g>
        );
      })}
      {parade && [256, 512].map((x) => <line key={x} x1={x} x2={x} y1={0} y2={256} className="scope-separator" />)}
    </svg>
  );
}

const BAR_COLOURS: [string, [number, number, number]][] = [
  ['R', [0.75, 0, 0]],
  ['Mg', [0.75, 0, 0.75]],
  ['B', [0, 0, 0.75]],
  ['Cy', [0, 0.75, 0.75]],
  ['G', [0, 0.75, 0]],
  ['Yl', [0.75, 0.75, 0]],
];

function position([r, g, b]: [number, number, number]): [number, number] {
  const y = luma(r, g, b);
  return [(0.5 + (b - y) / CB_DIVISOR) * VECTOR_SIZE, (0.5 - (r - y) / CR_DIVISOR) * VECTOR_SIZE];
}

export const SKIN_TONE_ANGLE_DEGREES = 123;

export function VectorscopeGraticule() {
  const centre = VECTOR_SIZE / 2;
  const angle = (SKIN_TONE_ANGLE_DEGREES * Math.PI) / 180;
  const skinEnd = [centre + Math.cos(angle) * centre, centre - Math.sin(angle) * centre];
  return (
    <svg className="scope-graticule" viewBox={`0 0 ${VECTOR_SIZE} ${VECTOR_SIZE}`} aria-hidden>
      <circle cx={centre} cy={centre} r={centre - 1} />
      <line x1={centre} x2={centre} y1={0} y2={VECTOR_SIZE} />
      <line x1={0} x2={VECTOR_SIZE} y1={centre} y2={centre} />
      <line x1={centre} y1={centre} x2={skinEnd[0]} y2={skinEnd[1]} className="scope-skin-line" data-testid="skin-tone-line" />
      {BAR_COLOURS.map(([label, colour]) => {
        const [x, y] = position(colour);
        return (
          <g key={label}>
            <rect x={x - 5} y={y - 5} width={10} height={10} />
            <text x={x + 7} y={y + 3}>
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
