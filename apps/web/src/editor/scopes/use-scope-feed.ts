import { useEffect, useState } from 'react';
import type { ProgramView } from '../render/program-view';
import { accumulateScopes } from './scope-data';
import { createScopeFeed, type ScopeFeed } from './scope-feed';
import { GpuScopes } from './scope-gpu';

/**
 * The scope measurements of a PROGRAM view: on the GPU in its own context where it can
 * accumulate in float, otherwise on the CPU from the read-back frame (the small fallback).
 */
export function useScopeFeed(view: ProgramView | null, active: boolean, scrubbing: boolean): { feed: ScopeFeed | null; engine: 'gpu' | 'cpu' | null } {
  const [feed, setFeed] = useState<{ feed: ScopeFeed; engine: 'gpu' | 'cpu' } | null>(null);

  useEffect(() => {
    if (!view) return undefined;
    const renderer = view.renderer;
    const gpu = renderer ? GpuScopes.create(renderer) : null;
    const created = createScopeFeed(() => {
      if (gpu) return gpu.measure();
      const pixels = view.readPixels();
      return pixels ? accumulateScopes(pixels.data, pixels.width, pixels.height) : null;
    });
    const stop = view.onDraw(created.frameDrawn);
    setFeed({ feed: created, engine: gpu ? 'gpu' : 'cpu' });
    return () => {
      stop();
      created.dispose();
      gpu?.dispose();
      setFeed(null);
    };
  }, [view]);

  const current = feed?.feed ?? null;
  useEffect(() => {
    // A view that already drew before the feed existed: measure its frame once shown.
    if (current && view && view.framesDrawn > 0) current.frameDrawn();
  }, [current, view]);

  useEffect(() => current?.setActive(active), [current, active]);
  useEffect(() => current?.setScrubbing(scrubbing), [current, scrubbing]);
  return { feed: current, engine: feed?.engine ?? null };
}
