import type { OpenMedia } from '../../workspace/open-media';

/** What identifies the open media across live updates (which replace the Asset object). */
export function mediaKeyOf(media: OpenMedia | null): string | null {
  if (!media) return null;
  return media.source === 'asset' ? `asset:${media.asset.id}` : `trial:${media.record.timestamp}:${media.record.fileName}`;
}
