import { useLayoutEffect, useRef, useState } from 'react';
import { useGradeState } from '../grade-store';
import { drawableGrade } from '../monitors/use-program-view';
import { ProgramView, type SourceElement } from '../render/program-view';
import { useLutTable } from '../user-lut-tables';
import { useVersionCompare } from './version-compare';

/**
 * The compared version in the split wipe: a second PROGRAM canvas drawing the same SOURCE frame
 * through the version's grade, shown left of the divider over PROGRAM (which shows the current
 * grade right of it). Nothing while no version is compared.
 */
export function VersionWipe(props: { mediaType: 'video' | 'image' | null; source: SourceElement | null; position: number }) {
  const { assetId } = useGradeState();
  const compared = useVersionCompare(assetId);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<ProgramView | null>(null);
  const table = useLutTable(compared?.grade.customLook ?? null);
  const active = compared !== null;
  const drawable = compared ? drawableGrade(compared.grade, table) : null;
  const grade = drawable?.grade ?? null;
  const customLut = drawable?.grade ? drawable.customLut : null;

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!active || !element || !props.mediaType) return undefined;
    let created: ProgramView;
    try {
      created = new ProgramView(element, props.mediaType);
    } catch {
      // Without a renderer the wipe shows PROGRAM's own left side; PROGRAM says why it cannot draw.
      return undefined;
    }
    created.setCompare({ mode: 'off' });
    setView(created);
    return () => {
      created.dispose();
      setView(null);
    };
  }, [active, props.mediaType]);

  useLayoutEffect(() => {
    view?.setSource(props.source);
  }, [view, props.source]);

  useLayoutEffect(() => {
    if (view && grade) view.setGrade(grade, customLut);
  }, [view, grade, customLut]);

  if (!compared) return null;
  const hidden = `${Math.max(0, Math.min(100, (1 - props.position) * 100))}%`;
  return <canvas ref={canvas} className="program-canvas version-wipe-canvas" data-testid="version-wipe-canvas" data-mode={view?.mode} aria-label={`Version ${compared.name}`} style={{ clipPath: `inset(0 ${hidden} 0 0)` }} />;
}
