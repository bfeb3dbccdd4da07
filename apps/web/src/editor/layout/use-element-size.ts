import { useLayoutEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * An element's size in CSS pixels, kept current on resize (0 × 0 until measured). Takes the
 * element itself (held in state through a callback ref), so an element mounted anew is measured.
 */
export function useElementSize(target: HTMLElement | null): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!target) return undefined;
    const measure = () => {
      const box = target.getBoundingClientRect();
      const next = { width: Math.round(box.width), height: Math.round(box.height) };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [target]);
  return size;
}
