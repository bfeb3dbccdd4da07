import { useEffect, useRef } from 'react';
import type { Grade } from '@cinegrade/color';
import { useGradeState } from '../grade-store';
import { editorView, useEditorView } from '../layout/editor-view-store';
import type { ProgramView, SourceElement } from '../render/program-view';
import { userLutName, useUserLuts } from '../user-luts';
import { MonitorOverlay } from './MonitorOverlay';
import { MonitorStatusOverlay } from './MonitorStatusOverlay';
import { programBadge } from './program-badge';
import type { MonitorStatus } from './monitor-status';
import { SplitDivider } from './SplitDivider';
import { useContainedBox } from './use-contained-box';
import { useProgramView } from './use-program-view';
import { useVersionCompare } from '../versions/version-compare';
import { VersionWipe } from '../versions/VersionWipe';

function useLookName(grade: Grade): string {
  const { luts } = useUserLuts();
  return programBadge(grade, (id) => userLutName(luts, id));
}

/**
 * PROGRAM: the SOURCE frame through the grade, drawn by the WebGL2 renderer (or, for stills
 * without WebGL2, the CPU renderer) into a canvas at the source's own size (at most 1920 wide),
 * scaled for display by CSS. A badge names the look (program-badge.ts).
 */
export function ProgramMonitor(props: {
  mediaType: 'video' | 'image' | null;
  source: SourceElement | null;
  frameSize: { width: number; height: number } | null;
  status: MonitorStatus;
  onRetry: () => void;
  onView: (view: ProgramView | null) => void;
}) {
  const { onView } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const compare = useEditorView((view) => view.compare);
  const { grade, assetId } = useGradeState();
  const compared = useVersionCompare(assetId);
  const lookName = useLookName(grade);
  const { view, notice, contextLost, error } = useProgramView(canvas, props.mediaType, props.source, compare);
  const box = useContainedBox(body, props.frameSize ? props.frameSize.width / props.frameSize.height : null);

  useEffect(() => {
    onView(view);
    return () => onView(null);
  }, [view, onView]);

  if (error) throw error;
  const unsupported = view?.mode === 'unsupported';
  return (
    <div className="monitor-body" ref={body}>
      <div className="program-picture" style={box ? { width: box.width, height: box.height } : { width: '100%', height: '100%' }}>
        <canvas ref={canvas} className="program-canvas" data-testid="program-canvas" data-mode={view?.mode} hidden={props.status !== 'ready' || unsupported} />
        {compare.mode === 'split' && props.status === 'ready' && !unsupported && <VersionWipe mediaType={props.mediaType} source={props.source} position={compare.position} />}
        {compare.mode === 'split' && props.status === 'ready' && !unsupported && (
          <SplitDivider position={compare.position} onChange={editorView.setSplitPosition} labels={compared ? { left: compared.name, right: 'Current' } : undefined} />
        )}
      </div>
      <span className="program-badge" data-testid="program-look-badge" title="Look">
        {lookName}
      </span>
      {compare.mode === 'bypass' && <span className="program-bypass badge">Bypass</span>}
      <MonitorStatusOverlay status={props.status} onRetry={props.onRetry} />
      {props.status === 'ready' && unsupported && (
        <MonitorOverlay tone="error">
          <span>This browser has no WebGL2, so PROGRAM cannot show graded video here. SOURCE still plays, and your grade is saved and used on export. Stills are graded on the CPU.</span>
        </MonitorOverlay>
      )}
      {props.status === 'ready' && contextLost && <MonitorOverlay spinner>The graphics context was lost; waiting for the browser to restore it...</MonitorOverlay>}
      {props.status === 'ready' && notice === 'loading' && <MonitorOverlay spinner>Loading your LUT...</MonitorOverlay>}
      {props.status === 'ready' && (notice === 'missing' || notice === 'failed') && (
        <span className="program-notice" role="status">
          {notice === 'missing' ? 'The imported LUT of this grade is no longer in My LUTs; shown without it.' : 'The imported LUT could not be loaded; shown without it.'}
        </span>
      )}
    </div>
  );
}
