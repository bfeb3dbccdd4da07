import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_GRADE, DEFAULT_WHEELS, parseGrade } from '@cinegrade/color';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gradeStore } from '../grade-store';
import { WheelsPanel, WheelsTools } from './WheelsPanel';
import { installResizeObserver } from './test-helpers';

installResizeObserver();

/** Every disc is 200 px wide at (0, 0): centre (100, 100), radius 100. */
function layOutDiscs(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 200 }));
}

const wheels = () => gradeStore.getState().grade.wheels ?? DEFAULT_WHEELS;
const disc = (label: string) => screen.getByTestId(`wheel-disc-${label}`);
const puck = (label: string) => screen.getByRole('slider', { name: `${label} colour balance` });

describe('WheelsPanel', () => {
  beforeEach(() => {
    gradeStore.load('asset-1', DEFAULT_GRADE);
    layOutDiscs();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows Lift, Gamma, Gain and Offset, each with a named puck, master slider and fields', () => {
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    for (const label of ['Lift', 'Gamma', 'Gain', 'Offset']) {
      expect(screen.getByRole('group', { name: `${label} wheel` })).toBeTruthy();
      expect(puck(label).getAttribute('aria-valuetext')).toBe('Neutral');
      expect(screen.getByRole('slider', { name: `${label} master` })).toBeTruthy();
      expect(screen.getByRole('spinbutton', { name: `${label} hue` })).toBeTruthy();
      expect(screen.getByRole('spinbutton', { name: `${label} amount` })).toBeTruthy();
    }
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Wheels saturation' }).value).toBe('1');
  });

  it('puts the puck under the pointer and follows a drag: direction is hue, distance is amount, one undo step', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    // Right of centre, half way to the rim: hue 0° (red), amount 0.5.
    fireEvent.pointerDown(disc('Gain'), { button: 0, pointerId: 1, clientX: 150, clientY: 100 });
    expect(wheels().gain).toEqual({ hue: 0, amount: 0.5, master: 0 });
    // Dragged up 50 px: (0.5, 0.5) → hue 45°, amount 0.707.
    fireEvent.pointerMove(disc('Gain'), { pointerId: 1, clientX: 150, clientY: 50 });
    expect(wheels().gain).toEqual({ hue: 45, amount: 0.707, master: 0 });
    // Past the rim, the puck stays on it.
    fireEvent.pointerMove(disc('Gain'), { pointerId: 1, clientX: 100, clientY: -300 });
    expect(wheels().gain).toEqual({ hue: 90, amount: 1, master: 0 });
    fireEvent.pointerUp(disc('Gain'), { pointerId: 1, clientX: 100, clientY: -300 });
    fireEvent.pointerMove(disc('Gain'), { pointerId: 1, clientX: 150, clientY: 100 });
    expect(wheels().gain.hue).toBe(90);
    expect(puck('Gain').getAttribute('aria-valuetext')).toBe('Hue 90°, amount 100%');
    // The whole drag is one step, and the grade is one the server accepts.
    expect(parseGrade(gradeStore.getState().grade)).toMatchObject({ ok: true, grade: { wheels: { gain: { hue: 90, amount: 1 } } } });
    gradeStore.undo();
    expect(gradeStore.getState().grade.wheels).toBeUndefined();
  });

  it('moves a tenth as far with Shift or Alt held, without jumping to the pointer', () => {
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    fireEvent.pointerDown(disc('Lift'), { button: 0, pointerId: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(disc('Lift'), { pointerId: 2, clientX: 150, clientY: 100 });
    expect(wheels().lift.amount).toBe(0.5);
    // 50 px more with Shift: 0.05 further, not 0.5.
    fireEvent.pointerMove(disc('Lift'), { pointerId: 2, clientX: 200, clientY: 100, shiftKey: true });
    expect(wheels().lift.amount).toBe(0.55);
    fireEvent.pointerMove(disc('Lift'), { pointerId: 2, clientX: 250, clientY: 100, altKey: true });
    expect(wheels().lift.amount).toBe(0.6);
    fireEvent.pointerUp(disc('Lift'), { pointerId: 2 });
    // A fine-mode press keeps the puck where it is.
    fireEvent.pointerDown(disc('Lift'), { button: 0, pointerId: 3, clientX: 20, clientY: 180, shiftKey: true });
    expect(wheels().lift.amount).toBe(0.6);
    fireEvent.pointerMove(disc('Lift'), { pointerId: 3, clientX: 20, clientY: 80, shiftKey: true });
    // Up 100 px / 10 = 0.1 of the radius: from (0.6, 0) to (0.6, 0.1).
    expect(wheels().lift).toEqual({ hue: 9.5, amount: 0.608, master: 0 });
  });

  it('nudges the focused puck with the arrow keys (Shift: a tenth) and resets it from the keyboard', () => {
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    const gamma = puck('Gamma');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(gamma, { key: 'ArrowUp' });
    expect(wheels().gamma).toEqual({ hue: 90, amount: 0.03, master: 0 });
    fireEvent.keyDown(gamma, { key: 'ArrowLeft' });
    expect(wheels().gamma.hue).toBeCloseTo(108.4, 1);
    // (−0.01, 0.03) down by 0.001: amount √(0.01² + 0.029²) ≈ 0.031.
    fireEvent.keyDown(gamma, { key: 'ArrowDown', shiftKey: true });
    expect(wheels().gamma.amount).toBe(0.031);
    fireEvent.keyDown(gamma, { key: 'Delete' });
    expect(wheels().gamma).toEqual({ hue: 0, amount: 0, master: 0 });
  });

  it('double-click resets the balance; the reset button resets a wheel; Reset all wheels resets them all', () => {
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    fireEvent.pointerDown(disc('Offset'), { button: 0, pointerId: 1, clientX: 100, clientY: 160 });
    fireEvent.pointerUp(disc('Offset'), { pointerId: 1 });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Offset master' }), { key: 'ArrowRight' });
    expect(wheels().offset).toEqual({ hue: 270, amount: 0.6, master: 0.01 });
    fireEvent.doubleClick(disc('Offset'));
    expect(wheels().offset).toEqual({ hue: 0, amount: 0, master: 0.01 });

    fireEvent.pointerDown(disc('Gain'), { button: 0, pointerId: 1, clientX: 40, clientY: 100 });
    fireEvent.pointerUp(disc('Gain'), { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Offset' }));
    expect(wheels().offset).toEqual({ hue: 0, amount: 0, master: 0 });
    expect(wheels().gain).toEqual({ hue: 180, amount: 0.6, master: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset all wheels' }));
    expect(wheels()).toEqual(DEFAULT_WHEELS);
    expect(screen.getByRole('button', { name: 'Reset all wheels' })).toHaveProperty('disabled', true);
  });

  it('takes typed values in the hue, amount and saturation fields, ignoring ones out of range', () => {
    render(
      <>
        <WheelsPanel />
        <WheelsTools />
      </>,
    );
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Lift hue' }), { target: { value: '200' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Lift amount' }), { target: { value: '0.25' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Wheels saturation' }), { target: { value: '1.5' } });
    expect(wheels()).toMatchObject({ lift: { hue: 200, amount: 0.25, master: 0 }, saturation: 1.5 });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Lift amount' }), { target: { value: '3' } });
    expect(wheels().lift.amount).toBe(0.25);
    expect(puck('Lift').getAttribute('aria-valuetext')).toBe('Hue 200°, amount 25%');
  });
});
