import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Swatches } from './use-look-swatches';

/**
 * A look's swatch: the frame through the look when there is one, else the look's preview
 * gradient. `data-swatch` says which is showing.
 */
export function LookSwatch({ pixels, width, height, gradient }: { pixels: Uint8ClampedArray | undefined; width: number; height: number; gradient: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = pixels ? canvas.current?.getContext('2d') : null;
    if (!context || !pixels) return;
    context.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  }, [pixels, width, height]);
  if (!pixels) return <span className="look-swatch" data-swatch="gradient" style={{ background: gradient }} aria-hidden />;
  return <canvas ref={canvas} className="look-swatch" data-swatch="frame" width={width} height={height} aria-hidden />;
}

export interface CardBaseProps {
  selected: boolean;
  tabIndex: number;
  gridKey: string;
  swatches: Swatches;
  onFocus: () => void;
}

/** A card of the grid: the swatch, the name over it (full name in the title), badges in the corners. */
export function SwatchButton(
  props: CardBaseProps & {
    className: string;
    name: string;
    label: string;
    title: string;
    description?: string | undefined;
    data: Record<string, string>;
    swatch: ReactNode;
    onChoose: () => void;
    children?: ReactNode;
  },
) {
  const descriptionId = useId();
  return (
    <button
      type="button"
      className={`look-card${props.selected ? ' look-card-selected' : ''}${props.className}`}
      aria-pressed={props.selected}
      aria-label={props.label}
      aria-describedby={props.description ? descriptionId : undefined}
      title={props.title}
      tabIndex={props.tabIndex}
      data-grid-key={props.gridKey}
      {...props.data}
      onFocus={props.onFocus}
      onClick={props.onChoose}
    >
      {props.swatch}
      <span className="look-card-name">{props.name}</span>
      {props.children}
      {props.description && (
        <span id={descriptionId} className="sr-only">
          {props.description}
        </span>
      )}
    </button>
  );
}
