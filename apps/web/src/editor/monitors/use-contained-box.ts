import { useLayoutEffect, useState, type RefObject } from 'react';

export interface Box {
  width: number;
  height: number;
}

/** The largest `aspect` box that fits in `container` (as object-fit: contain), kept current on resize. */
export function useContainedBox(container: RefObject<HTMLElement | null>, aspect: number | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || !aspect || !Number.isFinite(aspect)) {
      setBox(null);
      return undefined;
    }
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width <= 0 || height <= 0) return;
      const fitted = width / height > aspect ? { width: height * aspect, height } : { width, height: width / aspect };
      setBox((current) => (current && Math.abs(current.width - fitted.width) < 0.5 && Math.abs(current.height - fitted.height) < 0.5 ? current : fitted));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, aspect]);
  return box;
}
