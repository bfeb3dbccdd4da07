import type { OpenMedia } from './WorkspaceProvider';

/**
 * The open media, shown as it is. The editor (SOURCE and PROGRAM monitors, looks, sliders)
 * builds on this; until then a person can see and play what they opened.
 */
export function MediaPreview({ media, onClose }: { media: OpenMedia; onClose: () => void }) {
  return (
    <section className="media-preview" aria-label="Preview">
      <div className="row">
        <h2 className="media-title" data-testid="open-media-name">
          {media.name}
        </h2>
        <span className="spacer" />
        {media.source === 'asset' && media.asset.processing_status === 'processing' && <span className="badge">Preparing preview…</span>}
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="media-frame">
        {media.url === null ? (
          <div className="center-fill" role="status">
            <span className="spinner" aria-hidden />
            <span>Preparing a preview copy of this file…</span>
          </div>
        ) : media.mediaType === 'video' ? (
          <video key={media.url} src={media.url} controls playsInline preload="metadata" data-testid="open-media" />
        ) : (
          <img key={media.url} src={media.url} alt={media.name} data-testid="open-media" />
        )}
      </div>
    </section>
  );
}
