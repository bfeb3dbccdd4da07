import type { OpenMedia } from '../../workspace/open-media';

/**
 * Which media is open, as a string that stays the same while the same file is open. The asset's
 * row object is replaced after every save (live updates), so identity is its id, not the object.
 */
export function mediaKey(media: OpenMedia | null): string | null {
  if (!media) return null;
  return media.source === 'asset' ? `asset:${media.asset.id}` : `trial:${media.record.timestamp}:${media.record.fileName}`;
}
