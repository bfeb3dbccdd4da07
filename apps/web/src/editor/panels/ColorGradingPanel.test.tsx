import { act, fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_ADJUSTMENTS, DEFAULT_GRADE, EDITOR_ADJUSTMENT_KEYS } from '@cinegrade/color';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gradeStore } from '../grade-store';
import { ColorGradingPanel, type GradingMode } from './ColorGradingPanel';
import { installResizeObserver } from './test-helpers';

installResizeObserver();

function Panel({ initial = 'basic' }: { initial?: GradingMode }) {
  const [mode, setMode] = useState<GradingMode>(initial);
  return <ColorGradingPanel mode={mode} onModeChange={setMode} />;
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('ColorGradingPanel', () => {
  beforeEach(() => gradeStore.load('asset-1', DEFAULT_GRADE));
  afterEach(() => vi.restoreAllMocks());

  it('shows the nine labelled sliders from -100 to 100 at 0', () => {
    render(<Panel />);
    const sliders = screen.getAllByRole('slider');
    expect(sliders.map((s) => s.getAttribute('aria-label'))).toEqual(['Contrast', 'Highlights', 'Shadows', 'Temperature', 'Saturation', 'Vibrance', 'Clarity', 'Dehaze', 'Vignette']);
    for (const s of sliders) {
      expect([s.getAttribute('aria-valuemin'), s.getAttribute('aria-valuemax'), s.getAttribute('aria-valuenow')]).toEqual(['-100', '100', '0']);
    }
    expect(EDITOR_ADJUSTMENT_KEYS).toHaveLength(9);
  });

  it('makes a drag of one slider a single undo step, and another slider a new one', () => {
    // The store folds changes within a second of each other; a frozen clock keeps this test about the keys.
    vi.useFakeTimers({ toFake: ['Date'] });
    render(<Panel />);
    for (let i = 0; i < 12; i++) fireEvent.keyDown(slider('Contrast'), { key: 'ArrowRight' });
    fireEvent.keyDown(slider('Contrast'), { key: 'PageUp' });
    expect(gradeStore.getState().grade.adjustments.contrast).toBe(22);
    expect(slider('Contrast').getAttribute('aria-valuenow')).toBe('22');
    fireEvent.keyDown(slider('Temperature'), { key: 'ArrowLeft' });
    expect(gradeStore.getState().grade.adjustments.temperature).toBe(-1);
    gradeStore.undo();
    expect(gradeStore.getState().grade.adjustments).toMatchObject({ contrast: 22, temperature: 0 });
    gradeStore.undo();
    expect(gradeStore.getState().grade.adjustments.contrast).toBe(0);
    expect(gradeStore.getState().canUndo).toBe(false);
    vi.useRealTimers();
  });

  it('resets one slider, or all of them, each as one step', () => {
    render(<Panel />);
    fireEvent.keyDown(slider('Saturation'), { key: 'End' });
    fireEvent.keyDown(slider('Vignette'), { key: 'Home' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Saturation' }));
    expect(gradeStore.getState().grade.adjustments).toMatchObject({ saturation: 0, vignette: -100 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset all sliders' }));
    expect(gradeStore.getState().grade.adjustments.vignette).toBe(0);
    gradeStore.undo();
    expect(gradeStore.getState().grade.adjustments.vignette).toBe(-100);
    // Exposure and tint (set by Shot Match or Auto Grade, not shown here) go back to 0 with the rest.
    act(() => gradeStore.change((grade) => ({ ...grade, adjustments: { ...grade.adjustments, exposure: 30, tint: -12 } })));
    fireEvent.click(screen.getByRole('button', { name: 'Reset all sliders' }));
    expect(gradeStore.getState().grade.adjustments).toEqual(DEFAULT_ADJUSTMENTS);
  });

  it('switches to the Smart Enhancement panel, which says plainly that no plan has it yet and offers no upgrade', () => {
    render(<Panel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart' }));
    expect(screen.queryAllByRole('slider')).toHaveLength(0);
    const note = screen.getByRole('note', { name: 'Smart Enhancement' });
    expect(note.textContent).toContain('Smart Enhancement is not available yet');
    expect(note.textContent).toContain('on any plan (Free, Premium or Enterprise)');
    expect(screen.queryByRole('button', { name: /upgrade/i })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Upgrade to Premium|Premium Feature/);
    fireEvent.click(screen.getByRole('button', { name: 'Basic' }));
    expect(screen.getAllByRole('slider')).toHaveLength(9);
  });
});
