/**
 * The slider set. The editor shows nine sliders and the batch editor six (docs/product-rules.md,
 * 'Sliders'); contrast, saturation and temperature appear in both
 * and mean the same thing, so one grade holds the twelve distinct keys. Every value is an integer
 * from -100 to 100, default 0.
 */

/** All adjustment keys, in the order the engine applies them (see `grade-program.ts`). */
export const ADJUSTMENT_KEYS = [
  'exposure',
  'temperature',
  'tint',
  'dehaze',
  'contrast',
  'highlights',
  'shadows',
  'brightness',
  'saturation',
  'vibrance',
  'clarity',
  'vignette',
] as const;

export type AdjustmentKey = (typeof ADJUSTMENT_KEYS)[number];

export type Adjustments = Readonly<Record<AdjustmentKey, number>>;

/** The editor's Color Grading panel, in the product's order. */
export const EDITOR_ADJUSTMENT_KEYS = [
  'contrast',
  'highlights',
  'shadows',
  'temperature',
  'saturation',
  'vibrance',
  'clarity',
  'dehaze',
  'vignette',
] as const satisfies readonly AdjustmentKey[];

/** The batch editor's six sliders, in the product's order. */
export const BATCH_ADJUSTMENT_KEYS = [
  'brightness',
  'contrast',
  'saturation',
  'temperature',
  'tint',
  'exposure',
] as const satisfies readonly AdjustmentKey[];

export const ADJUSTMENT_MIN = -100;
export const ADJUSTMENT_MAX = 100;

export interface AdjustmentInfo {
  readonly label: string;
  /** What the slider does, for tooltips: the meaning of + and −. */
  readonly description: string;
}

export const ADJUSTMENT_INFO: Readonly<Record<AdjustmentKey, AdjustmentInfo>> = {
  exposure: { label: 'Exposure', description: 'Exposure in stops: +100 is two stops brighter, −100 two stops darker.' },
  temperature: { label: 'Temperature', description: 'White balance: + warmer (towards amber), − cooler (towards blue).' },
  tint: { label: 'Tint', description: 'White balance: + towards magenta, − towards green.' },
  dehaze: { label: 'Dehaze', description: '+ removes haze (deeper blacks, more contrast and colour), − adds a haze veil.' },
  contrast: { label: 'Contrast', description: '+ steeper mid-tones with a soft toe and shoulder, − flatter; black and white stay put.' },
  highlights: { label: 'Highlights', description: '+ brightens the highlights, − recovers them; black and white stay put and the shadows barely move.' },
  shadows: { label: 'Shadows', description: '+ lifts the shadows, − deepens them; black and white stay put and the highlights barely move.' },
  brightness: { label: 'Brightness', description: '+ brightens the mid-tones, − darkens them; black and white stay put.' },
  saturation: { label: 'Saturation', description: 'Colourfulness of every colour at constant luminance; −100 is greyscale.' },
  vibrance: { label: 'Vibrance', description: 'Saturation that favours muted colours and spares skin tones.' },
  clarity: { label: 'Clarity', description: '+ adds local mid-tone contrast (texture), − softens it.' },
  vignette: { label: 'Vignette', description: '+ darkens the corners, − lightens them.' },
};

export const DEFAULT_ADJUSTMENTS: Adjustments = {
  exposure: 0,
  temperature: 0,
  tint: 0,
  dehaze: 0,
  contrast: 0,
  highlights: 0,
  shadows: 0,
  brightness: 0,
  saturation: 0,
  vibrance: 0,
  clarity: 0,
  vignette: 0,
};

export function isAdjustmentKey(key: string): key is AdjustmentKey {
  return (ADJUSTMENT_KEYS as readonly string[]).includes(key);
}
