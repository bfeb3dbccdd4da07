/**
 * @cinegrade/color — the colour engine (docs/color-engine.md): the grade model, every look and slider
 * as colour maths, baked 3D LUTs, `.cube` in and out, the CPU reference renderer, the spatial
 * formulas shared with the WebGL and ffmpeg renderers, and Smart Analyze / Smart Auto Grade.
 * Pure TypeScript: no dependencies, no DOM, no Node APIs.
 */
export const COLOR_ENGINE_VERSION = 1;

// Grade model and sliders
export {
  ADJUSTMENT_KEYS,
  EDITOR_ADJUSTMENT_KEYS,
  BATCH_ADJUSTMENT_KEYS,
  ADJUSTMENT_INFO,
  ADJUSTMENT_MIN,
  ADJUSTMENT_MAX,
  DEFAULT_ADJUSTMENTS,
  isAdjustmentKey,
} from './adjustments';
export type { AdjustmentKey, Adjustments, AdjustmentInfo } from './adjustments';
export { DEFAULT_GRADE, DEFAULT_LOOK_STRENGTH, GRADE_KEYS, BASE_GRADE_KEYS, parseGrade, parseAdjustments, parseWheels, parseCurves, parseHueCurves, isIdentityGrade, hasNoLook } from './grade';
export {
  WHEEL_NAMES,
  WHEEL_AT_REST,
  DEFAULT_WHEELS,
  WHEEL_SCALE,
  WHEEL_SATURATION_MAX,
  IDENTITY_CDL,
  isWheelAtRest,
  areWheelsAtRest,
  wheelShifts,
  wheelFromShifts,
  wheelChannels,
  wheelsToCdl,
  cdlToWheels,
  CdlRangeError,
} from './wheels';
export type { Wheel, WheelName, Wheels, WheelChannels, Cdl } from './wheels';
export { CURVE_NAMES, CURVE_MAX_POINTS, DEFAULT_CURVES, isCurveAtRest, areCurvesAtRest, monotoneCurve } from './curves';
export type { CurvePoint, CurveName, Curves } from './curves';
export {
  HUE_CURVE_NAMES,
  HUE_CURVE_NEUTRAL,
  DEFAULT_HUE_CURVES,
  isHueAxis,
  isHueCurveAtRest,
  areHueCurvesAtRest,
  hueCurveFunction,
  hueOf,
} from './hue-curves';
export type { HueCurveName, HueCurves } from './hue-curves';
export type { Grade, ParseResult } from './grade';
export { compileGrade, startsWithLook, applyGradeToColors, EXPOSURE_STOPS_AT_FULL, MissingCustomLutError } from './grade-program';
export type { CompileOptions } from './grade-program';
export type { ColorProgram } from './program';
export { whiteBalanceMatrix, whiteForSliders, sliderValuesToNeutralise, MIRED_PER_TEMPERATURE_STEP, DUV_PER_TINT_STEP } from './white-balance';

// Input transforms
export {
  INPUT_TRANSFORMS,
  INPUT_TRANSFORM_IDS,
  isInputTransformId,
  decodeSLog3,
  decodeLogC3,
  decodeVLog,
  decodeCLog3,
  signalToCodeValue,
  highlightShoulder,
} from './input-transforms';
export type { InputTransformId, InputTransformInfo } from './input-transforms';

// Looks
export {
  LOOKS,
  EDITOR_LOOK_IDS,
  FILTER_PRESET_IDS,
  BATCH_PRESETS,
  getLook,
  isLookId,
  isPremiumLook,
  looksInCatalogue,
  editorCatalogueLooks,
} from './look-catalogue';
export type { LookId, LookDefinition } from './look-catalogue';
export { LOOK_CATEGORIES } from './look-types';
export type { LookCategory, LookTier, LookCatalogue, LookRecipe } from './look-types';
export type { ToneCurve } from './tone';
export type { SplitTone } from './kernels';

// LUTs and .cube
export { bakeLut, gradeLutSize, identityLut, LUT_SIZES, DEFAULT_LUT_SIZE } from './bake';
export type { BakeOptions } from './bake';
export type { Lut3D, LutShaper } from './lut-types';
export { lutToBytes, lutFromBytes } from './lut-bytes';
export { parseCube, writeCube, cubeFromLut, cubeFromShaper, CUBE_3D_SIZE_RANGE, CUBE_1D_SIZE_RANGE } from './cube';
export type { CubeFile, CubeShaper, Lut1D, CubeParseResult, CubeWarning } from './cube';
export { cubeToLut3D, lutFileFromCube, applyLutFileToTriplets, lutFileToTable, lutFileExactTable, lutFileTableError, alignedLutSize, evaluateCurve, MAX_RENDER_LUT_SIZE, MAX_SHAPER_SIZE } from './lut-file';
export type { LutFile, LutFileTable, LutFileTableResult, ShaperCurve, ShaperCurves } from './lut-file';
export { parseLutFile, declaredLutSize, lutFormatOfFileName, lutFormatName, LUT_FORMATS } from './lut-formats';
export type { LutFormat, LutFileParseResult } from './lut-formats';
export { parseCdl, writeCdl, CdlParseError, CDL_MAX_CHARS, CDL_MAX_ELEMENTS, CDL_MAX_DEPTH } from './cdl';
export type { CdlFormat, CdlCorrection, ParsedCdl } from './cdl';

// Rendering
export { sampleLut, shapeChannel, applyLutToRgba, applyLutToFloatRgba, applyLutToTriplets, INTERPOLATIONS } from './apply-lut';
export type { Interpolation } from './apply-lut';
export {
  spatialParams,
  applySpatial,
  applyClarity,
  applyVignette,
  vignetteGain,
  gaussianKernel,
  gaussianBlurPlane,
  CLARITY_SIGMA_PER_HEIGHT,
  VIGNETTE_STRENGTH,
} from './spatial';
export type { SpatialParams, ClarityParams, VignetteParams, FloatImage } from './spatial';
export { ffmpegSpatialFilters, ffmpegNumber, FFMPEG_SPATIAL_PIXEL_FORMAT } from './ffmpeg-spatial';
export { renderGrade, renderGradeFloat } from './render';
export type { RgbaImage, RenderOptions } from './render';

// Colour science helpers other packages use (scopes, swatches)
export { decodeGamma, encodeGamma, bt709Oetf, bt709InverseOetf } from './transfer';
export { REC709_LUMA, linearRec709ToLab, deltaE76 } from './colorimetry';
export type { Matrix3, Rgb } from './matrix';

// Smart Analyze and Smart Auto Grade
export { measureImage, mergeImageStats, isSkin, skinLikelihood, colourfulness, HUE_NAMES } from './image-stats';
export type { ImageStats, BandSums, HueName } from './image-stats';
export { summariseStats, estimateNeutral } from './stats-summary';
export type { StatsSummary, ColourCast, DominantHue } from './stats-summary';
export { analyzeScene } from './analyze-scene';
export type { SceneAnalysisResult, AnalyzeOptions } from './analyze-scene';
export type { SceneAnalysis } from './scene-analysis';
export { CONSISTENCY_RULES, brokenRules } from './scene-consistency';
export type { Claim, ConsistencyRule, SceneFacts } from './scene-consistency';
export { FALLBACK_RECOMMENDATIONS, confidenceColor, formatConfidence } from './confidence';
export type { Recommendation, ConfidenceColor } from './confidence';
export { suggestAutoGrade } from './auto-grade';
export type { AutoGradeTarget } from './auto-grade';
export { matchShot, applyShotMatch, SHOT_MATCH_KEYS, SHOT_MATCH_REACH } from './shot-match';
export type { ShotMatchImage } from './shot-match';
