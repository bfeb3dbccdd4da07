import { DEFAULT_GRADE, type Grade } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { COALESCE_MS, createGradeStore } from './grade-store';

function withContrast(value: number) {
  return (grade: Grade): Grade => ({ ...grade, adjustments: { ...grade.adjustments, contrast: value } });
}

describe('createGradeStore', () => {
  it('loads a grade without history', () => {
    const store = createGradeStore();
    const graded = withContrast(30)(DEFAULT_GRADE);
    store.load('asset-1', graded);
    expect(store.getState()).toMatchObject({ assetId: 'asset-1', grade: graded, canUndo: false, canRedo: false, revision: 0 });
  });

  it('undoes and redoes changes in order', () => {
    const store = createGradeStore();
    store.load('a', DEFAULT_GRADE);
    store.change(withContrast(10));
    store.change((g) => ({ ...g, look: 'vintage-film' }));
    expect(store.getState().revision).toBe(2);
    store.undo();
    expect(store.getState().grade.look).toBeNull();
    expect(store.getState().grade.adjustments.contrast).toBe(10);
    store.undo();
    expect(store.getState().grade).toEqual(DEFAULT_GRADE);
    expect(store.getState().canUndo).toBe(false);
    store.redo();
    store.redo();
    expect(store.getState().grade.look).toBe('vintage-film');
    expect(store.getState().canRedo).toBe(false);
  });

  it('makes one undo step of a slider drag, and a new step after a pause', () => {
    let clock = 0;
    const store = createGradeStore(() => clock);
    store.load('a', DEFAULT_GRADE);
    for (let value = 1; value <= 40; value++) {
      clock += 16;
      store.change(withContrast(value), { coalesce: 'contrast' });
    }
    clock += COALESCE_MS + 1;
    store.change(withContrast(60), { coalesce: 'contrast' });
    store.undo();
    expect(store.getState().grade.adjustments.contrast).toBe(40);
    store.undo();
    expect(store.getState().grade).toEqual(DEFAULT_GRADE);
  });

  it('does not merge different sliders, and a change after undo drops the redo branch', () => {
    const store = createGradeStore(() => 0);
    store.load('a', DEFAULT_GRADE);
    store.change(withContrast(5), { coalesce: 'contrast' });
    store.change((g) => ({ ...g, adjustments: { ...g.adjustments, saturation: 9 } }), { coalesce: 'saturation' });
    store.undo();
    expect(store.getState().grade.adjustments).toMatchObject({ contrast: 5, saturation: 0 });
    store.change(withContrast(7));
    expect(store.getState().canRedo).toBe(false);
  });

  it('ignores a change that changes nothing', () => {
    const store = createGradeStore();
    store.load('a', DEFAULT_GRADE);
    store.change(DEFAULT_GRADE);
    expect(store.getState()).toMatchObject({ canUndo: false, revision: 0 });
  });
});
