import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import type { OpenMedia } from '../../workspace/open-media';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { HelpSheet } from '../HelpSheet';
import { SCOPE_KINDS, phoneMonitorChoice, useEditorView } from '../layout/editor-view-store';
import { monitorsStack, type ScreenLayout } from '../layout/screen-layout';
import { useElementSize } from '../layout/use-element-size';
import { ResizeHandle } from '../layout/ResizeHandle';
import { TransportBar } from '../player/TransportBar';
import { useTransport, type Transport } from '../player/use-transport';
import type { ProgramView } from '../render/program-view';
import { ScopesPanel } from '../scopes/ScopesPanel';
import { useScopeFeed } from '../scopes/use-scope-feed';
import { useEditorShortcuts } from '../use-editor-shortcuts';
import type { MediaBridge } from './media-bridge';
import { mediaKeyOf } from './media-key';
import { monitorStatus } from './monitor-status';
import { PreviewToolbar } from './PreviewToolbar';
import { ProgramMonitor } from './ProgramMonitor';
import { SourceMonitor } from './SourceMonitor';
import { useStableUrl } from './use-stable-url';

type ImageState = { element: HTMLImageElement | null; state: 'loading' | 'loaded' | 'failed' };

function naturalSize(element: HTMLVideoElement | HTMLImageElement | null): { width: number; height: number } | null {
  if (!element) return null;
  const width = element instanceof HTMLVideoElement ? element.videoWidth : element.naturalWidth;
  const height = element instanceof HTMLVideoElement ? element.videoHeight : element.naturalHeight;
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The preview (docs/product-rules.md, 'Editor and player'): SOURCE and PROGRAM side by side (on a
 * tablet stacked when that shows the picture larger), over their playback bars for video (a
 * vertical split, 90/10, monitors at least 80, controls 8..20), with the scopes beside them when
 * any is shown. Every split is resizable and remembered. On a phone one monitor at a time, chosen
 * with the SOURCE/PROGRAM/Split switch, over one playback bar, and the scopes under it.
 */
export function PreviewArea(props: { media: OpenMedia | null; restoring: boolean; onClose: () => void; bridge: MediaBridge; layout: ScreenLayout }) {
  const { media, bridge, layout } = props;
  const phone = layout === 'phone';
  // The split wipe is drawn over PROGRAM, so it shows PROGRAM whatever was chosen before.
  const phoneMonitor = useEditorView((state) => (phoneMonitorChoice(state) === 'source' ? 'source' : 'program'));
  const mediaType = media?.mediaType ?? null;
  const { url, refresh } = useStableUrl(mediaKeyOf(media), media?.url ?? null);
  const frameRate = media?.source === 'asset' ? (media.asset.metadata?.frameRate ?? null) : null;
  const [scrubbing, setScrubbing] = useState(false);
  const transport = useTransport(mediaType === 'video' ? url : null, frameRate, setScrubbing);
  const [image, setImage] = useState<ImageState>({ element: null, state: 'loading' });
  const [imageAttempt, setImageAttempt] = useState(0);
  useEffect(() => setImage({ element: null, state: 'loading' }), [url]);

  const status = monitorStatus({
    hasMedia: media !== null,
    restoring: props.restoring,
    url,
    mediaType,
    player: transport.state.status,
    imageState: image.state,
  });
  const source = status !== 'ready' ? null : mediaType === 'video' ? transport.element : image.element;
  useEffect(() => bridge.setElement(source), [bridge, source]);

  const [view, setView] = useState<ProgramView | null>(null);
  const onView = useCallback(
    (next: ProgramView | null) => {
      setView(next);
      bridge.setView(next);
    },
    [bridge],
  );
  const scopes = useEditorView((state) => state.scopes);
  const anyScope = SCOPE_KINDS.some((kind) => scopes[kind]);
  const { feed, engine } = useScopeFeed(view, anyScope, scrubbing);
  useEditorShortcuts(mediaType === 'video' ? transport : null);

  const retry = () => {
    refresh();
    if (mediaType === 'video') transport.retry();
    else {
      setImage({ element: null, state: 'loading' });
      setImageAttempt((n) => n + 1);
    }
  };
  const onImage = useCallback((element: HTMLImageElement | null, state: 'loaded' | 'failed') => setImage({ element, state }), []);

  // On a tablet the monitors stack when that shows the picture larger (a wide picture, a tall preview).
  // Held as state: the host mounts anew when the layout moves it (tablet to phone and back).
  const [hostElement, setHostElement] = useState<HTMLDivElement | null>(null);
  const hostSize = useElementSize(hostElement);
  const frameSize = naturalSize(source);
  const stacked = layout === 'tablet' && monitorsStack(hostSize, frameSize);
  const monitors = (
    <div className="monitors-host" ref={setHostElement}>
      <div className={phone ? `monitors monitors-one monitors-show-${phoneMonitor}` : `monitors${stacked ? ' monitors-stacked' : ''}`} data-testid="monitors">
        <section className="monitor" aria-label="SOURCE monitor">
          <div className="monitor-label">SOURCE</div>
          <ErrorBoundary name="player">
            <SourceMonitor key={imageAttempt} url={url} name={media?.name ?? ''} mediaType={mediaType} status={status} transport={transport} onImage={onImage} onRetry={retry} />
          </ErrorBoundary>
        </section>
        <section className="monitor" aria-label="PROGRAM monitor">
          <div className="monitor-label">PROGRAM</div>
          <ErrorBoundary name="renderer">
            <ProgramMonitor mediaType={mediaType} source={source} frameSize={frameSize} status={status} onRetry={retry} onView={onView} />
          </ErrorBoundary>
        </section>
      </div>
    </div>
  );
  const pictures =
    mediaType !== 'video' ? (
      monitors
    ) : phone ? (
      <div className="monitor-stack">
        {monitors}
        <div className="monitor-controls monitor-controls-one">
          <TransportBar transport={transport} monitor={phoneMonitor === 'source' ? 'SOURCE' : 'PROGRAM'} />
        </div>
      </div>
    ) : (
      <VideoMonitors monitors={monitors} transport={transport} />
    );

  return (
    <section className="preview" aria-label="Preview">
      <PreviewToolbar
        name={media?.name ?? null}
        preparing={media?.source === 'asset' && media.asset.processing_status === 'processing'}
        hasMedia={media !== null}
        onClose={props.onClose}
        phone={phone}
      />
      <div className="preview-body">
        <PanelGroup direction={phone ? 'vertical' : 'horizontal'} autoSaveId={phone ? 'cinegrade.editor.preview-scopes.phone' : 'cinegrade.editor.preview-scopes'}>
          <Panel id="preview-monitors" order={1} defaultSize={anyScope ? (phone ? 60 : 72) : 100} minSize={phone ? 35 : 45}>
            {pictures}
          </Panel>
          {anyScope && (
            <>
              <ResizeHandle direction="horizontal" label="Resize monitors and scopes" />
              <Panel id="preview-scopes" order={2} defaultSize={phone ? 40 : 28} minSize={15} maxSize={phone ? 65 : 55}>
                <ErrorBoundary name="scopes">
                  <ScopesPanel feed={feed} engine={engine} />
                </ErrorBoundary>
              </Panel>
            </>
          )}
        </PanelGroup>
      </div>
      <HelpSheet mediaType={mediaType} />
    </section>
  );
}

/** Monitors over the two playback bars: 90/10, monitors at least 80, controls 8..20. */
function VideoMonitors({ monitors, transport }: { monitors: ReactNode; transport: Transport }) {
  return (
    <PanelGroup direction="vertical" autoSaveId="cinegrade.editor.monitors" className="monitor-split">
      <Panel id="monitor-pictures" order={1} defaultSize={90} minSize={80}>
        {monitors}
      </Panel>
      <ResizeHandle direction="vertical" label="Resize monitors and playback controls" />
      <Panel id="monitor-controls" order={2} defaultSize={10} minSize={8} maxSize={20}>
        <div className="monitor-controls">
          <TransportBar transport={transport} monitor="SOURCE" />
          <TransportBar transport={transport} monitor="PROGRAM" />
        </div>
      </Panel>
    </PanelGroup>
  );
}
