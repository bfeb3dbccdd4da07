import { useCallback, useState } from 'react';

/**
 * The URL the monitors play for the open media. The server signs a fresh link every time it lists
 * an asset (after each autosave, through the live update), and a new `src` would reload the
 * video; so the first link is kept for as long as the media stays open. A later link is taken
 * when there was none (the preview copy just became ready) or on Retry (the kept one expired).
 */
export function useStableUrl(mediaKey: string | null, latest: string | null): { url: string | null; refresh: () => void } {
  const [kept, setKept] = useState<{ key: string | null; url: string | null }>({ key: mediaKey, url: latest });
  let current = kept;
  if (kept.key !== mediaKey || (kept.url === null && latest !== null)) {
    current = { key: mediaKey, url: latest };
    setKept(current);
  }
  const refresh = useCallback(() => setKept({ key: mediaKey, url: latest }), [mediaKey, latest]);
  return { url: current.url, refresh };
}
