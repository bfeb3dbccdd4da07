import type { KeyboardEvent } from 'react';

/**
 * Keyboard movement in a grid of buttons with a roving tabindex: one button is in the tab order;
 * the arrow keys move by one (Left/Right) or by the grid's real column count (Up/Down), Home and
 * End to the first and last. Buttons carry `data-grid-key`; Enter and Space press them as usual.
 */

/** Columns the browser laid the grid out in (its computed `grid-template-columns` track list). */
export function gridColumnCount(grid: HTMLElement): number {
  const template = getComputedStyle(grid).gridTemplateColumns.trim();
  if (template === '' || template === 'none' || template.includes('(')) return 1;
  return template.split(/\s+/).length;
}

/** Where a key moves from `index` in `count` items laid out in `columns`; null for other keys. */
export function nextGridIndex(key: string, index: number, count: number, columns: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      // Into a shorter last row: its last item.
      return index + columns <= last ? index + columns : Math.floor(index / columns) < Math.floor(last / columns) ? last : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** Handles a keydown on the grid: moves focus and answers the key of the newly focused item. */
export function moveGridFocus(event: KeyboardEvent<HTMLElement>, keys: readonly string[]): string | null {
  const grid = event.currentTarget;
  const from = (event.target as HTMLElement).closest<HTMLElement>('[data-grid-key]');
  if (!from || event.altKey || event.ctrlKey || event.metaKey) return null;
  const index = keys.indexOf(from.dataset.gridKey ?? '');
  if (index < 0) return null;
  const next = nextGridIndex(event.key, index, keys.length, gridColumnCount(grid));
  if (next === null) return null;
  event.preventDefault();
  const key = keys[next]!;
  Array.from(grid.querySelectorAll<HTMLElement>('[data-grid-key]'))
    .find((item) => item.dataset.gridKey === key)
    ?.focus();
  return key;
}
