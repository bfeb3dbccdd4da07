import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_INFO, ADJUSTMENT_KEYS, BATCH_ADJUSTMENT_KEYS, DEFAULT_ADJUSTMENTS, EDITOR_ADJUSTMENT_KEYS, isAdjustmentKey } from './adjustments';

describe('ADJUSTMENT_KEYS', () => {
  it('holds the twelve distinct keys of the editor’s nine and the batch editor’s six sliders', () => {
    expect(new Set([...EDITOR_ADJUSTMENT_KEYS, ...BATCH_ADJUSTMENT_KEYS])).toEqual(new Set(ADJUSTMENT_KEYS));
    expect(ADJUSTMENT_KEYS).toHaveLength(12);
  });

  it('lists the editor and batch sliders in the spec’s order', () => {
    expect(EDITOR_ADJUSTMENT_KEYS).toEqual(['contrast', 'highlights', 'shadows', 'temperature', 'saturation', 'vibrance', 'clarity', 'dehaze', 'vignette']);
    expect(BATCH_ADJUSTMENT_KEYS).toEqual(['brightness', 'contrast', 'saturation', 'temperature', 'tint', 'exposure']);
  });
});

describe('ADJUSTMENT_INFO', () => {
  it('labels and describes every key; defaults are 0', () => {
    for (const key of ADJUSTMENT_KEYS) {
      expect(ADJUSTMENT_INFO[key].label.length).toBeGreaterThan(2);
      expect(ADJUSTMENT_INFO[key].description.length).toBeGreaterThan(10);
      expect(DEFAULT_ADJUSTMENTS[key]).toBe(0);
    }
  });
});

describe('isAdjustmentKey', () => {
  it('recognises keys only', () => {
    expect(isAdjustmentKey('tint')).toBe(true);
    expect(isAdjustmentKey('sharpness')).toBe(false);
  });
});
