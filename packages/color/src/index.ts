/**
 * @cinegrade/color — the colour engine (DESIGN.md §1, §3): the grade model, every look and slider
 * as colour maths, baked 3D LUTs, `.cube` in and out, the CPU reference renderer, the spatial
 * formulas shared with the WebGL and ffmpeg renderers, and Smart Analyze / Smart Auto Grade.
 * Pure TypeScript: no dependencies, no DOM, no Node APIs.
 */
export const COLOR_ENGINE_VERSION = 1;
// Grade model and sliders
export type { ColorProgram } from './program';
export { whiteBalanceMatrix, whiteForSliders, sliderValuesToNeutralise, MIRED_PER_TEMPERATURE_STEP, DUV_PER_TINT_STEP } from './white-balance';
// Looks
export type { ToneCurve } from './tone';
export type { SplitTone } from './kernels';

// Colour science helpers other packages use (scopes, swatches)
export { decodeGamma, encodeGamma, bt709Oetf, bt709InverseOetf } from './transfer';
export { REC709_LUMA, linearRec709ToLab, deltaE76 } from './colorimetry';
export type { Matrix3, Rgb } from './matrix';
