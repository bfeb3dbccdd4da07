/**
 * The spatial formulas of spatial.ts (clarity, then vignette) as an ffmpeg 5.1 filter-graph
 * fragment: the server's export renders with it, and ffmpeg-parity.test.ts holds it against the
 * CPU renderer. One formula, written for ffmpeg once.
 *
 * The fragment works on planar float RGB (`gbrpf32le`, 0..1): the frames the export already has
 * after lut3d (docs/color-engine.md, "ffmpeg's lut3d": it is fast on planar high-precision input). It takes one unlabelled
 * input and gives one unlabelled output, so it sits in a filter chain between commas:
 * `…,lut3d=…,<fragment>,zscale=…`. It uses only ffmpeg's built-in per-pixel modes, because blend's
 * and geq's expression evaluators cost about 1.5 s per 1080p frame (measured on ffmpeg 5.1, two
 * cores) where these cost a few milliseconds.
 *
 * CLARITY, out = clamp(A + k·4B(1−B)·(A − B)), B = gaussian(A, σ):
 *   B   = gblur(A, σ, steps=6)                      ffmpeg's IIR approximation of the Gaussian
 *   W   = blend exclusion(B, B)    = 2B(1 − B)      A + B − 2AB with A = B
 *   G   = blend grainextract(A, B) = A − B + ½      (B, A) for k < 0, as multiply's scale is ≥ 0
 *   E   = multiply(W, G, offset −½, scale 2|k|) = W·(G − ½)·2|k|  (multiply computes src·(ref + offset)·scale)
 *   out = blend addition(A, E)
 *   On float frames ffmpeg 5.1's blend clips only `addition` at 1 and neither grainextract nor
 *   multiply at all, so A − B keeps its sign and its full range; a value below 0 survives until the
 *   conversion out of float, which clamps it, exactly as the formula's clamp does.
 *
 * VIGNETTE, out = clamp(A · gain(x, y)):
 *   the gain mask is computed once, by geq on the first frame (`trim=end_frame=1`), and multiplied
 *   into every frame (multiply repeats the last frame of an input that has ended). geq's X and Y
 *   are the pixel's column and row, so the expression is the formula of spatial.ts as written.
 *   A negative vignette brightens (gain above 1), which float frames hold until the final clamp.
 */
import type { SpatialParams } from './spatial';

/** The pixel format the fragment expects and produces. */
export const FFMPEG_SPATIAL_PIXEL_FORMAT = 'gbrpf32le';

/** A number as ffmpeg's option and expression parsers read it: plain decimals, no exponent. */
export function ffmpegNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (Number.isInteger(value)) return String(value);
  const fixed = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

function clarityFragment({ amount, sigma }: NonNullable<SpatialParams['clarity']>): string {
  const detail = amount > 0 ? '[clarity_a2][clarity_b3]' : '[clarity_b3][clarity_a2]';
  return [
    'split=3[clarity_a1][clarity_a2][clarity_a3]',
    `[clarity_a3]gblur=sigma=${ffmpegNumber(sigma)}:steps=6,split=3[clarity_b1][clarity_b2][clarity_b3]`,
    '[clarity_b1][clarity_b2]blend=all_mode=exclusion[clarity_w]',
    `${detail}blend=all_mode=grainextract[clarity_g]`,
    `[clarity_w][clarity_g]multiply=offset=-0.5:scale=${ffmpegNumber(2 * Math.abs(amount))}[clarity_e]`,
    '[clarity_a1][clarity_e]blend=all_mode=addition',
  ].join(';');
}

function vignetteFragment({ amount, centerX, centerY, cornerDistanceSquared }: NonNullable<SpatialParams['vignette']>): string {
  const [v, cx, cy, d] = [amount, centerX, centerY, cornerDistanceSquared].map(ffmpegNumber);
  const gain = `1-${v}*pow((pow(X+0.5-${cx},2)+pow(Y+0.5-${cy},2))/${d},2)`;
  return [
    'split[vignette_in][vignette_first]',
    `[vignette_first]trim=end_frame=1,geq=r='${gain}':g='${gain}':b='${gain}'[vignette_gain]`,
    '[vignette_in][vignette_gain]multiply=offset=0:scale=1',
  ].join(';');
}

/**
 * The fragment for these parameters (see `spatialParams`), or null when the grade has no spatial
 * operation. Its input must already be `gbrpf32le` at the size the parameters were made for.
 */
export function ffmpegSpatialFilters(params: SpatialParams): string | null {
  const parts: string[] = [];
  if (params.clarity) parts.push(clarityFragment(params.clarity));
  if (params.vignette) parts.push(vignetteFragment(params.vignette));
  return parts.length > 0 ? parts.join(',') : null;
}
