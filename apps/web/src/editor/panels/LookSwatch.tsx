import { useEffect, useRef } from 'react';

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
