/**
 * Wires a ProgramView to React: one per canvas (again after a lost WebGL context comes back), fed
 * the SOURCE element, the grade (with its imported LUT's table) and the compare mode. All in
 * layout effects: a slider's change is baked and drawn before the browser paints.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Grade, Lut3D } from '@cinegrade/color';
import { useGradeState } from '../grade-store';
import { useLutTable } from '../user-lut-tables';
import { ProgramView, type SourceElement } from '../render/program-view';
import type { CompareMode } from '../render/spatial-uniforms';

export type ImportedLutNotice = null | 'loading' | 'missing' | 'failed';

/** The grade PROGRAM can draw now, and why it differs from the chosen one if it does. */
export function drawableGrade(
  grade: Grade,
  table: ReturnType<typeof useLutTable>,
): { grade: Grade; customLut: Lut3D | null; notice: ImportedLutNotice } | { grade: null; notice: 'loading' } {
  if (grade.customLook === null || table === null) return { grade, customLut: null, notice: null };
  switch (table.status) {
    case 'ready':
      return { grade, customLut: table.lut, notice: null };
    case 'loading':
      return { grade: null, notice: 'loading' };
    case 'missing':
    case 'failed':
      // Without its table the imported look cannot be shown: show the rest of the grade, and say so.
      return { grade: { ...grade, customLook: null }, customLut: null, notice: table.status };
  }
}

export function useProgramView(
  canvas: RefObject<HTMLCanvasElement | null>,
  mediaType: 'video' | 'image' | null,
  source: SourceElement | null,
  compare: CompareMode,
): { view: ProgramView | null; notice: ImportedLutNotice; contextLost: boolean; error: Error | null } {
  const [view, setView] = useState<ProgramView | null>(null);
  const [generation, setGeneration] = useState(0);
  const [contextLost, setContextLost] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const { grade } = useGradeState();
  const table = useLutTable(grade.customLook);
  const drawable = drawableGrade(grade, table);

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !mediaType) return undefined;
    let created: ProgramView;
    try {
      created = new ProgramView(element, mediaType);
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      return undefined;
    }
    const lost = (event: Event) => {
      // Ask for the context back; until then PROGRAM says what happened.
      event.preventDefault();
      setContextLost(true);
    };
    const restored = () => {
      setContextLost(false);
      setGeneration((g) => g + 1);
    };
    element.addEventListener('webglcontextlost', lost);
    element.addEventListener('webglcontextrestored', restored);
    setView(created);
    return () => {
      element.removeEventListener('webglcontextlost', lost);
      element.removeEventListener('webglcontextrestored', restored);
      created.dispose();
      setView(null);
    };
  }, [canvas, mediaType, generation]);

  useLayoutEffect(() => {
    view?.setSource(source);
  }, [view, source]);

  const drawGrade = drawable.grade;
  const customLut = drawable.grade ? drawable.customLut : null;
  useLayoutEffect(() => {
    if (view && drawGrade) view.setGrade(drawGrade, customLut);
  }, [view, drawGrade, customLut]);

  useLayoutEffect(() => {
    view?.setCompare(compare);
  }, [view, compare]);

  return { view, notice: drawable.notice, contextLost, error };
}
