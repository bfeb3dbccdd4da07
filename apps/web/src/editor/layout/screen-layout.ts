/**
 * Which editor layout the window gets (docs/product-rules.md, 'Editor and player'): desktop from
 * 1280 px wide, tablet from 768, phone below. Outside React so the header (outside the route) and
 * the editor read the same value; it follows the window's width as it changes.
 */
import { useSyncExternalStore } from 'react';

export type ScreenLayout = 'desktop' | 'tablet' | 'phone';

/** The smallest window width of each wider layout, in CSS pixels. */
export const LAYOUT_MIN_WIDTH = { desktop: 1280, tablet: 768 } as const;

export function layoutForWidth(width: number): ScreenLayout {
  if (width >= LAYOUT_MIN_WIDTH.desktop) return 'desktop';
  if (width >= LAYOUT_MIN_WIDTH.tablet) return 'tablet';
  return 'phone';
}

function currentLayout(): ScreenLayout {
  return typeof window === 'undefined' ? 'desktop' : layoutForWidth(window.innerWidth);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The layout for the window's current width; re-renders only when the layout changes, not on every resize. */
export function useScreenLayout(): ScreenLayout {
  return useSyncExternalStore(subscribe, currentLayout, () => 'desktop');
}

/**
 * A panel's minimum size in per cent of its group (react-resizable-panels counts in per cent) so
 * that it keeps at least `pixels` wherever the group is big enough: never below `floor` per cent,
 * never above `ceiling`.
 */
export function minSizePercent(pixels: number, groupPixels: number, floor: number, ceiling: number): number {
  if (!(groupPixels > 0)) return floor;
  return Math.min(ceiling, Math.max(floor, Math.ceil((pixels / groupPixels) * 100)));
}
