import { useEffect, useRef, useSyncExternalStore } from 'react';
import { editorView, SCOPE_KINDS, useEditorView, type ScopeKind } from '../layout/editor-view-store';
import { drawHistogram, drawParade, drawVectorscope, drawWaveform } from './scope-draw';
import type { ScopeData } from './scope-data';
import type { ScopeFeed } from './scope-feed';
import { VectorscopeGraticule, WaveformGraticule } from './graticules';

export const SCOPE_LABELS: Record<ScopeKind, string> = {
  waveform: 'Waveform',
  parade: 'RGB Parade',
  vectorscope: 'Vectorscope',
  histogram: 'Histogram',
};

const DRAW: Record<ScopeKind, (canvas: HTMLCanvasElement, data: ScopeData) => void> = {
  waveform: drawWaveform,
  parade: drawParade,
  vectorscope: drawVectorscope,
  histogram: drawHistogram,
};

const NO_DATA = () => null;
const NO_SUBSCRIPTION = () => () => undefined;

/** The shown scopes, stacked; each redraws when the feed measures a new PROGRAM frame. */
export function ScopesPanel({ feed, engine }: { feed: ScopeFeed | null; engine: 'gpu' | 'cpu' | null }) {
  const scopes = useEditorView((view) => view.scopes);
  const data = useSyncExternalStore(feed?.subscribe ?? NO_SUBSCRIPTION, feed?.getData ?? NO_DATA, feed?.getData ?? NO_DATA);
  const shown = SCOPE_KINDS.filter((kind) => scopes[kind]);
  return (
    <section className="scopes" aria-label="Scopes" data-engine={engine ?? undefined}>
      {shown.map((kind) => (
        <Scope key={kind} kind={kind} data={data} />
      ))}
    </section>
  );
}

function Scope({ kind, data }: { kind: ScopeKind; data: ScopeData | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current && data) DRAW[kind](canvas.current, data);
  }, [kind, data]);
  return (
    <figure className={`scope scope-${kind}`}>
      <figcaption className="scope-title">
        <span>{SCOPE_LABELS[kind]}</span>
        <button type="button" className="btn btn-sm btn-ghost btn-icon" aria-label={`Hide ${SCOPE_LABELS[kind]}`} onClick={() => editorView.toggleScope(kind)}>
          ✕
        </button>
      </figcaption>
      <div className="scope-body">
        <canvas ref={canvas} className="scope-canvas" data-testid={`scope-${kind}`} data-measured={data ? 'true' : 'false'} />
        {(kind === 'waveform' || kind === 'parade') && <WaveformGraticule parade={kind === 'parade'} />}
        {kind === 'vectorscope' && <VectorscopeGraticule />}
      </div>
    </figure>
  );
}
