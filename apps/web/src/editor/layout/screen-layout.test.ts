import { describe, expect, it } from 'vitest';
import { layoutForWidth, monitorsStack } from './screen-layout';

describe('layoutForWidth', () => {
  it('gives the desktop layout from 1280 px, the tablet layout from 768 px and the phone layout below', () => {
    expect(layoutForWidth(1920)).toBe('desktop');
    expect(layoutForWidth(1280)).toBe('desktop');
    expect(layoutForWidth(1279)).toBe('tablet');
    expect(layoutForWidth(1024)).toBe('tablet');
    expect(layoutForWidth(768)).toBe('tablet');
    expect(layoutForWidth(767)).toBe('phone');
    expect(layoutForWidth(390)).toBe('phone');
    expect(layoutForWidth(320)).toBe('phone');
  });
});

describe('the phone monitor switch', () => {
  it('shows SOURCE or PROGRAM, and Split turns the split wipe on over PROGRAM and off again on leaving it', async () => {
    const { editorView, phoneMonitorChoice } = await import('./editor-view-store');
    editorView.showOnPhone('source');
    expect(phoneMonitorChoice(editorView.getState())).toBe('source');
    expect(editorView.getState().compare.mode).toBe('off');
    editorView.showOnPhone('split');
    expect(phoneMonitorChoice(editorView.getState())).toBe('split');
    expect(editorView.getState().phoneMonitor).toBe('program');
    expect(editorView.getState().compare.mode).toBe('split');
    editorView.showOnPhone('source');
    expect(editorView.getState().compare.mode).toBe('off');
    editorView.setCompareMode('bypass');
    editorView.showOnPhone('program');
    expect(editorView.getState().compare.mode).toBe('bypass');
  });

  it('brings the header toggles’ areas forward as tabs', async () => {
    const { editorView } = await import('./editor-view-store');
    editorView.setBottomTab('looks');
    editorView.setAssetsArea('batch');
    expect(editorView.getState().bottomTab).toBe('assets');
    editorView.setColorMode('smart');
    expect(editorView.getState().bottomTab).toBe('grading');
  });
});

describe('minSizePercent', () => {
  it('keeps a panel at least so many pixels, between a floor and a ceiling in per cent', async () => {
    const { minSizePercent } = await import('./screen-layout');
    // A tall editor: the floor is already enough pixels.
    expect(minSizePercent(230, 1000, 25, 45)).toBe(25);
    // 1280×720: 230 px of 632 is 36.4 %, rounded up.
    expect(minSizePercent(230, 632, 25, 45)).toBe(37);
    // A very short window: no more than the ceiling, so the preview keeps its share.
    expect(minSizePercent(230, 300, 25, 45)).toBe(45);
    // Not measured yet.
    expect(minSizePercent(230, 0, 25, 45)).toBe(25);
  });
});

describe('monitorsStack', () => {
  const video = { width: 1920, height: 1080 };
  it('stacks the monitors when that shows a wide picture larger: a tall preview', () => {
    // A portrait tablet with the preview at its tallest (768×1024, measured in Chromium): 736×580.
    expect(monitorsStack({ width: 736, height: 580 }, video)).toBe(true);
    // An 800×600 still there too: 381 px wide stacked against 364 side by side.
    expect(monitorsStack({ width: 736, height: 580 }, { width: 800, height: 600 })).toBe(true);
    // The media's shape is not known yet: 16:9 is assumed.
    expect(monitorsStack({ width: 736, height: 580 }, null)).toBe(true);
  });

  it('keeps them side by side in a wide preview, and for a portrait picture in any preview', () => {
    expect(monitorsStack({ width: 990, height: 330 }, video)).toBe(false);
    expect(monitorsStack({ width: 736, height: 300 }, { width: 800, height: 600 })).toBe(false);
    expect(monitorsStack({ width: 736, height: 900 }, { width: 1080, height: 1920 })).toBe(false);
    // Not measured yet.
    expect(monitorsStack({ width: 0, height: 0 }, video)).toBe(false);
  });
});
