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

/** The gap between the two monitors, as editor.css lays them out (`.monitors`). */
const MONITOR_GAP = 8;
/** The picture's shape assumed before the media's own is known: most video is 16:9. */
const ASSUMED_ASPECT = 16 / 9;

/**
 * Whether the two monitors show the picture larger one over the other than side by side, in a
 * preview of `host` size, for media of `frame` size (unknown: 16:9). The tablet layout stacks them
 * then (docs/product-rules.md, 'Editor and player'): a wide picture in a tall preview.
 */
export function monitorsStack(host: { width: number; height: number }, frame: { width: number; height: number } | null): boolean {
  if (!(host.width > 0 && host.height > 0)) return false;
  const aspect = frame && frame.width > 0 && frame.height > 0 ? frame.width / frame.height : ASSUMED_ASPECT;
  const pictureWidth = (cellWidth: number, cellHeight: number) => Math.max(0, Math.min(cellWidth, cellHeight * aspect));
  const sideBySide = pictureWidth((host.width - MONITOR_GAP) / 2, host.height);
  const stacked = pictureWidth(host.width, (host.height - MONITOR_GAP) / 2);
  return stacked > sideBySide;
}
