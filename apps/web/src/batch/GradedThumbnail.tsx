import { useEffect, useRef, useState } from 'react';
import { applyLutToRgba, bakeLut, isIdentityGrade, type Grade } from '@cinegrade/color';
import { useStableUrl } from '../editor/monitors/use-stable-url';
import { SWATCH_LUT_SIZE } from '../editor/panels/look-swatches';

/** Longest side of a card's picture, in pixels. */
const CARD_SIDE = 320;

/**
 * An asset's thumbnail through a grade, drawn with the colour engine the editor's PROGRAM monitor
 * and the looks' swatches use (a baked LUT applied on the CPU), so a card shows what an export
 * will look like. `data-graded` says whether the grade is applied (an identity grade shows the
 * thumbnail as it is).
 */
export function GradedThumbnail({ assetId, src: latest, grade, alt }: { assetId: string; src: string | null; grade: Grade; alt: string }) {
  // Every read of the session signs new links; the picture is loaded once per file, not per read.
  const { url: src } = useStableUrl(assetId, latest);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [frame, setFrame] = useState<ImageData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFrame(null);
    setFailed(false);
    if (!src) return;
    let live = true;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => {
      if (!live) return;
      const scale = Math.min(1, CARD_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
      const width = Math.max(1, Math.round(image.naturalWidth * scale));
      const height = Math.max(1, Math.round(image.naturalHeight * scale));
      const scratch = document.createElement('canvas');
      scratch.width = width;
      scratch.height = height;
      const context = scratch.getContext('2d', { willReadFrequently: true });
      if (!context) return setFailed(true);
      try {
        context.drawImage(image, 0, 0, width, height);
        setFrame(context.getImageData(0, 0, width, height));
      } catch {
        setFailed(true);
      }
    };
    image.onerror = () => live && setFailed(true);
    image.src = src;
    return () => {
      live = false;
    };
  }, [src]);

  useEffect(() => {
    const context = frame ? canvas.current?.getContext('2d') : null;
    if (!frame || !context) return;
    const pixels = isIdentityGrade(grade) ? frame.data : applyLutToRgba(bakeLut(grade, SWATCH_LUT_SIZE), frame.data);
    context.putImageData(new ImageData(new Uint8ClampedArray(pixels), frame.width, frame.height), 0, 0);
  }, [frame, grade]);

  if (!src || failed) return <span className="batch-no-preview">No Preview</span>;
  return (
    <canvas
      ref={canvas}
      className="batch-thumb"
      role="img"
      aria-label={alt}
      data-graded={isIdentityGrade(grade) ? 'false' : 'true'}
      width={frame?.width ?? 16}
      height={frame?.height ?? 9}
    />
  );
}
