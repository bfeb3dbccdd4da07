import type { Transport } from '../player/use-transport';
import { MonitorStatusOverlay } from './MonitorStatusOverlay';
import type { MonitorStatus } from './monitor-status';

/**
 * SOURCE: the original, as the browser decodes it — the <video> the transport drives, or the
 * <img>. PROGRAM reads its frames from this very element.
 */
export function SourceMonitor(props: {
  url: string | null;
  name: string;
  mediaType: 'video' | 'image' | null;
  status: MonitorStatus;
  transport: Transport | null;
  onImage: (image: HTMLImageElement | null, state: 'loaded' | 'failed') => void;
  onRetry: () => void;
}) {
  const { url, mediaType, transport } = props;
  return (
    <div className="monitor-body">
      {url !== null && mediaType === 'video' && transport && (
        <video ref={transport.attach} src={url} preload="auto" playsInline className="monitor-media" data-testid="source-media" />
      )}
      {url !== null && mediaType === 'image' && (
        <img
          src={url}
          alt={props.name}
          className="monitor-media"
          data-testid="source-media"
          onLoad={(event) => props.onImage(event.currentTarget, 'loaded')}
          onError={() => props.onImage(null, 'failed')}
        />
      )}
      <MonitorStatusOverlay status={props.status} onRetry={props.onRetry} />
    </div>
  );
}
