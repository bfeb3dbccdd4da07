import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { ffmpegNumber, ffmpegSpatialFilters } from './ffmpeg-spatial';
import { DEFAULT_GRADE } from './grade';
import { spatialParams } from './spatial';

const params = (clarity: number, vignette: number, width = 1920, height = 1080) =>
  spatialParams({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity, vignette } }, width, height);

describe('ffmpegNumber', () => {
  it('writes plain decimals ffmpeg parses, never an exponent', () => {
    expect(ffmpegNumber(8.64)).toBe('8.64');
    expect(ffmpegNumber(1e-7)).toBe('0.0000001');
    expect(ffmpegNumber(-0)).toBe('0');
    expect(ffmpegNumber(77644800)).toBe('77644800');
    expect(() => ffmpegNumber(Number.NaN)).toThrow();
  });
});

describe('ffmpegSpatialFilters', () => {
  it('is null when the grade has neither clarity nor vignette', () => {
    expect(ffmpegSpatialFilters(params(0, 0))).toBeNull();
  });

  it('writes clarity with σ = 0.008 × height and scale 2|k|, detail as A − B for positive clarity', () => {
    expect(ffmpegSpatialFilters(params(40, 0))).toBe(
      'split=3[clarity_a1][clarity_a2][clarity_a3];' +
        '[clarity_a3]gblur=sigma=8.64:steps=6,split=3[clarity_b1][clarity_b2][clarity_b3];' +
        '[clarity_b1][clarity_b2]blend=all_mode=exclusion[clarity_w];' +
        '[clarity_a2][clarity_b3]blend=all_mode=grainextract[clarity_g];' +
        '[clarity_w][clarity_g]multiply=offset=-0.5:scale=0.8[clarity_e];' +
        '[clarity_a1][clarity_e]blend=all_mode=addition',
    );
  });

  it('turns the detail around (B − A) for negative clarity, keeping the scale positive', () => {
    const graph = ffmpegSpatialFilters(params(-100, 0)) ?? '';
    expect(graph).toContain('[clarity_b3][clarity_a2]blend=all_mode=grainextract');
    expect(graph).toContain('multiply=offset=-0.5:scale=2[');
  });

  it('computes the vignette mask once from the formula and multiplies it in, after clarity', () => {
    const graph = ffmpegSpatialFilters(params(10, 50, 1280, 720)) ?? '';
    const gain = '1-0.3*pow((pow(X+0.5-640,2)+pow(Y+0.5-360,2))/539200,2)';
    expect(graph.indexOf('clarity')).toBeLessThan(graph.indexOf('vignette'));
    expect(graph).toContain(`,split[vignette_in][vignette_first];[vignette_first]trim=end_frame=1,geq=r='${gain}':g='${gain}':b='${gain}'[vignette_gain];`);
    expect(graph.endsWith('[vignette_in][vignette_gain]multiply=offset=0:scale=1')).toBe(true);
  });
});
