/** Where the upload tray sits so that it does not cover My Assets (docs/product-rules.md, 'Editor and player'). */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface TrayPlacement {
  readonly left: number;
  readonly bottom: number;
  readonly width: number;
}

export const TRAY_MARGIN = 16;
export const TRAY_WIDTH = 340;
/** Narrower than this the tray is not worth squeezing beside the panel. */
const MIN_TRAY_WIDTH = 240;

/**
 * The tray's place, given the My Assets panel's box on screen (null when it is not shown) and the
 * window's size: bottom-left by default; beside the panel (to its right, else its left) when the
 * panel reaches the bottom-left corner; above the panel when there is no room beside it.
 */
export function placeUploadTray(panel: Box | null, viewport: { width: number; height: number }): TrayPlacement {
  const width = Math.min(TRAY_WIDTH, viewport.width - 2 * TRAY_MARGIN);
  const standard = { left: TRAY_MARGIN, bottom: TRAY_MARGIN, width };
  const visible = panel && panel.right > panel.left && panel.bottom > 0 && panel.top < viewport.height;
  if (!visible) return standard;
  const overlaps = (p: TrayPlacement) => p.left < panel.right && p.left + p.width > panel.left && viewport.height - p.bottom > panel.top;
  if (!overlaps(standard)) return standard;
  const rightRoom = viewport.width - panel.right - 2 * TRAY_MARGIN;
  if (rightRoom >= MIN_TRAY_WIDTH) return { left: panel.right + TRAY_MARGIN, bottom: TRAY_MARGIN, width: Math.min(TRAY_WIDTH, rightRoom) };
  const leftRoom = panel.left - 2 * TRAY_MARGIN;
  if (leftRoom >= MIN_TRAY_WIDTH) return { left: TRAY_MARGIN, bottom: TRAY_MARGIN, width: Math.min(TRAY_WIDTH, leftRoom) };
  return { left: TRAY_MARGIN, bottom: Math.max(TRAY_MARGIN, viewport.height - panel.top + TRAY_MARGIN), width };
}
