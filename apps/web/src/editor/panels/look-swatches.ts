import { applyLutToRgba, bakeLut, DEFAULT_GRADE, type Grade, type InputTransformId, type LookId, type Lut3D } from '@cinegrade/color';

/**
 * Look swatches: the current SOURCE frame, small, through each look on the CPU ("a swatch
 * rendered from the current frame through that look, not only a gradient"). A swatch shows the
 * look alone at full strength, after the clip's camera input transform, so swatches of a log clip
 * compare looks rather than the log picture.
 */

/** 17 points per side: plenty for a thumbnail, and a bake costs a few milliseconds. */
export const SWATCH_LUT_SIZE = 17;

/** Longest side of the frame swatches are made from, in pixels. */
export const SWATCH_FRAME_SIDE = 96;

export interface SwatchFrame {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** What a swatch shows: a catalogue look, or an imported LUT (whose table the caller supplies). */
export type SwatchSubject = { readonly key: string; readonly look: LookId } | { readonly key: string; readonly customLook: string };

/** The swatch key of an imported LUT (catalogue looks use their id). */
export const customSwatchKey = (id: string): string => `custom:${id}`;

export function swatchGrade(subject: SwatchSubject, inputTransform: InputTransformId): Grade {
  return 'look' in subject
    ? { ...DEFAULT_GRADE, look: subject.look, inputTransform }
    : { ...DEFAULT_GRADE, customLook: subject.customLook, inputTransform };
}

/** The frame through a baked look: a new RGBA buffer of the frame's size. */
export function renderSwatch(frame: SwatchFrame, lut: Lut3D): Uint8ClampedArray {
  return applyLutToRgba(lut, frame.data);
}

/**
 * Baked swatch LUTs, kept across frames: the LUT depends on the look and the input transform,
 * not on the picture, so a new frame only re-applies them.
 */
export class SwatchLutCache {
  private readonly luts = new Map<string, Lut3D>();

  get(subject: SwatchSubject, inputTransform: InputTransformId, customLut?: Lut3D): Lut3D {
    const key = `${subject.key}|${inputTransform}`;
    let lut = this.luts.get(key);
    if (!lut) {
      lut = bakeLut(swatchGrade(subject, inputTransform), SWATCH_LUT_SIZE, customLut ? { customLut } : {});
      this.luts.set(key, lut);
    }
    return lut;
  }
}
