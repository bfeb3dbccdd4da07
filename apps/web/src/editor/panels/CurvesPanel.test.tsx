import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_CURVES, DEFAULT_GRADE, DEFAULT_HUE_CURVES, parseGrade } from '@cinegrade/color';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorMediaProvider, type EditorMedia } from '../editor-media';
import { gradeStore } from '../grade-store';
import { CurvesPanel } from './CurvesPanel';

/** The curve box is 200 × 200 px at (0, 0): x = clientX/200, y = 1 − clientY/200. */
function layOut(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 200 }));
}

const curves = () => gradeStore.getState().grade.curves ?? DEFAULT_CURVES;
const hueCurves = () => gradeStore.getState().grade.hueCurves ?? DEFAULT_HUE_CURVES;
const box = (label: string) => screen.getByTestId(`curve-editor-${label} curve`);

/** A 2 × 1 PROGRAM frame: an orange pixel (hue 30°) and a mid grey. */
function media(): EditorMedia {
  const data = new Uint8Array([255, 128, 0, 255, 128, 128, 128, 255]);
  return { element: null, mediaType: 'image', onFrame: () => () => undefined, readProgramPixels: () => ({ data, width: 2, height: 1 }) };
}

function renderPanel() {
  return render(
    <EditorMediaProvider value={media()}>
      <CurvesPanel />
      <canvas data-testid="program-canvas" />
    </EditorMediaProvider>,
  );
}

describe('CurvesPanel', () => {
  beforeEach(() => {
    gradeStore.load('asset-1', DEFAULT_GRADE);
    layOut();
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds a point where the box is pressed and moves it while dragged, as one undo step', () => {
    renderPanel();
    fireEvent.pointerDown(box('Luma'), { button: 0, pointerId: 1, clientX: 50, clientY: 150 });
    expect(curves().master).toEqual([{ x: 0.25, y: 0.25 }]);
    fireEvent.pointerMove(box('Luma'), { pointerId: 1, clientX: 50, clientY: 160 });
    fireEvent.pointerMove(box('Luma'), { pointerId: 1, clientX: 60, clientY: 170 });
    fireEvent.pointerUp(box('Luma'), { pointerId: 1, clientX: 60, clientY: 170 });
    expect(curves().master).toEqual([{ x: 0.3, y: 0.15 }]);
    expect(screen.getByRole('slider', { name: 'Luma curve point 1' }).getAttribute('aria-valuetext')).toBe('input 0.300, output 0.150');
    // A second point, to the right, goes after it; the grade is one the server accepts.
    fireEvent.pointerDown(box('Luma'), { button: 0, pointerId: 2, clientX: 150, clientY: 30 });
    fireEvent.pointerUp(box('Luma'), { pointerId: 2, clientX: 150, clientY: 30 });
    expect(curves().master).toEqual([
      { x: 0.3, y: 0.15 },
      { x: 0.75, y: 0.85 },
    ]);
    expect(parseGrade(gradeStore.getState().grade)).toMatchObject({ ok: true, grade: { curves: { master: curves().master } } });
    gradeStore.undo();
    gradeStore.undo();
    expect(curves().master).toEqual([{ x: 0.25, y: 0.25 }]);
  });

  it('grabs a point pressed near it instead of adding one, and keeps points in x order while dragging', () => {
    gradeStore.load('asset-1', { ...DEFAULT_GRADE, curves: { ...DEFAULT_CURVES, red: [{ x: 0.25, y: 0.25 }, { x: 0.5, y: 0.6 }] } });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Red' }));
    fireEvent.pointerDown(box('Red'), { button: 0, pointerId: 1, clientX: 102, clientY: 80 });
    // Dragged far left, past its neighbour: it stops just right of it.
    fireEvent.pointerMove(box('Red'), { pointerId: 1, clientX: 10, clientY: 80 });
    fireEvent.pointerUp(box('Red'), { pointerId: 1, clientX: 10, clientY: 80 });
    expect(curves().red).toEqual([
      { x: 0.25, y: 0.25 },
      { x: 0.255, y: 0.6 },
    ]);
  });

  it('removes a point on double-click, on Delete, or when dragged out of the box', () => {
    gradeStore.load('asset-1', { ...DEFAULT_GRADE, curves: { ...DEFAULT_CURVES, master: [{ x: 0.2, y: 0.1 }, { x: 0.5, y: 0.5 }, { x: 0.8, y: 0.9 }] } });
    renderPanel();
    fireEvent.doubleClick(screen.getByRole('slider', { name: 'Luma curve point 2' }));
    expect(curves().master).toEqual([
      { x: 0.2, y: 0.1 },
      { x: 0.8, y: 0.9 },
    ]);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Luma curve point 1' }), { key: 'Delete' });
    expect(curves().master).toEqual([{ x: 0.8, y: 0.9 }]);
    fireEvent.pointerDown(box('Luma'), { button: 0, pointerId: 1, clientX: 160, clientY: 20 });
    fireEvent.pointerMove(box('Luma'), { pointerId: 1, clientX: 260, clientY: 20 });
    // Out of the box: not moved there, and removed on release.
    expect(curves().master).toEqual([{ x: 0.8, y: 0.9 }]);
    fireEvent.pointerUp(box('Luma'), { pointerId: 1, clientX: 260, clientY: 20 });
    expect(curves().master).toEqual([]);
  });

  it('nudges a focused point with the arrow keys', () => {
    gradeStore.load('asset-1', { ...DEFAULT_GRADE, curves: { ...DEFAULT_CURVES, blue: [{ x: 0.5, y: 0.5 }] } });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Blue' }));
    const point = screen.getByRole('slider', { name: 'Blue curve point 1' });
    fireEvent.keyDown(point, { key: 'ArrowUp' });
    fireEvent.keyDown(point, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(point, { key: 'ArrowRight' });
    expect(curves().blue).toEqual([{ x: 0.51, y: 0.511 }]);
  });

  it('adds a hue curve point with neutral anchors either side, wrapping around 0/360°', () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Hue vs Sat' }));
    // Hue 0.05 of the circle, raised to 0.8.
    fireEvent.pointerDown(box('Hue vs Sat'), { button: 0, pointerId: 1, clientX: 10, clientY: 40 });
    fireEvent.pointerUp(box('Hue vs Sat'), { pointerId: 1, clientX: 10, clientY: 40 });
    expect(hueCurves().hueVsSat).toEqual([
      { x: 0.05, y: 0.8 },
      { x: 0.175, y: 0.5 },
      { x: 0.925, y: 0.5 },
    ]);
    expect(parseGrade(gradeStore.getState().grade)).toMatchObject({ ok: true });
  });

  it('samples PROGRAM: a click puts a point on the shown hue curve at that colour’s hue, then the sampler turns off', () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Hue vs Hue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick from PROGRAM' }));
    expect(document.body.classList.contains('sampling-program')).toBe(true);
    // The left half of the canvas is the orange pixel: hue (128/255)/6 ≈ 0.084.
    fireEvent.pointerDown(screen.getByTestId('program-canvas'), { clientX: 40, clientY: 100 });
    expect(hueCurves().hueVsHue).toEqual([
      { x: 0.084, y: 0.5 },
      { x: 0.209, y: 0.5 },
      { x: 0.959, y: 0.5 },
    ]);
    expect(document.body.classList.contains('sampling-program')).toBe(false);
    // A grey has no hue: sampling it adds nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Pick from PROGRAM' }));
    fireEvent.pointerDown(screen.getByTestId('program-canvas'), { clientX: 150, clientY: 100 });
    expect(hueCurves().hueVsHue).toHaveLength(3);
    // On Lum vs Sat, the point goes at the colour's luma.
    fireEvent.click(screen.getByRole('button', { name: 'Lum vs Sat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick from PROGRAM' }));
    fireEvent.pointerDown(screen.getByTestId('program-canvas'), { clientX: 150, clientY: 100 });
    expect(hueCurves().lumVsSat).toEqual([{ x: 0.502, y: 0.5 }]);
  });

  it('draws PROGRAM’s histogram behind the custom curves, and resets a curve or all of them', async () => {
    gradeStore.load('asset-1', { ...DEFAULT_GRADE, curves: { ...DEFAULT_CURVES, green: [{ x: 0.4, y: 0.5 }] }, hueCurves: { ...DEFAULT_HUE_CURVES, hueVsLum: [{ x: 0.3, y: 0.7 }] } });
    renderPanel();
    expect(await screen.findByTestId('curve-histogram')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Green' }));
    expect(curves().green).toEqual([]);
    expect(hueCurves().hueVsLum).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset all curves' }));
    expect(hueCurves().hueVsLum).toEqual([]);
    expect(screen.getByRole('button', { name: 'Reset all curves' })).toHaveProperty('disabled', true);
  });
});
