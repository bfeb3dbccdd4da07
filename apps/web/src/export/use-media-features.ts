import { useEffect, useState } from 'react';
import { API, type MediaFeatureStates } from '@cinegrade/contract';
import { callApi } from '../api/client';

/**
 * What the server's ffmpeg can render (GET /api/health, as the server found it when it started),
 * or null until that is known. Unknown blocks nothing: the server refuses what it cannot render,
 * with the same reason.
 */
export function useMediaFeatures(): MediaFeatureStates | null {
  const [features, setFeatures] = useState<MediaFeatureStates | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi(API.health, { signal: controller.signal })
      .then((health) => setFeatures(health.media.features))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return features;
}
