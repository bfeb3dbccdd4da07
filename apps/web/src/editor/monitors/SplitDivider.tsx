import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * The split wipe's divider over PROGRAM: SOURCE (ungraded) to its left, the grade to its right
 * (or a compared grade version to its left, `labels` naming the sides).
 * Dragged with a pointer or moved with the arrow keys (Shift for bigger steps).
 */
export function SplitDivider({ position, onChange, labels }: { position: number; onChange: (position: number) => void; labels?: { left: string; right: string } }) {
  const dragging = useRef(false);
  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const parent = event.currentTarget.parentElement;
    if (!parent) return;
    const rect = parent.getBoundingClientRect();
    if (rect.width > 0) onChange((event.clientX - rect.left) / rect.width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    if (event.key === 'ArrowLeft') onChange(position - step);
    else if (event.key === 'ArrowRight') onChange(position + step);
    else if (event.key === 'Home') onChange(0);
    else if (event.key === 'End') onChange(1);
    else return;
    event.preventDefault();
  };
  return (
    <>
      <span className="split-label split-label-left">{labels?.left ?? 'SOURCE'}</span>
      <span className="split-label split-label-right">{labels?.right ?? 'PROGRAM'}</span>
      <div
        className="split-divider"
        data-testid="split-divider"
        role="slider"
        tabIndex={0}
        aria-label="Split position"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position * 100)}
        style={{ left: `${position * 100}%` }}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (dragging.current) moveTo(event);
        }}
        onPointerUp={(event) => {
          dragging.current = false;
          event.currentTarget.releasePointerCapture(event.pointerId);
        }}
        // A touch the browser takes back (a system gesture, a palm) ends the drag too.
        onPointerCancel={() => {
          dragging.current = false;
        }}
        onKeyDown={onKeyDown}
      />
    </>
  );
}
