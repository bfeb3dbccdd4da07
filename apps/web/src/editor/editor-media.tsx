import { createContext, useContext, type ReactNode } from 'react';

/**
 * The picture the editor is showing, for the parts that need its pixels: look swatches rendered
 * from the current frame, Smart Analyze, scopes. The monitors provide it; panels read it.
 */
export interface EditorMedia {
  /** The SOURCE element (a playing or paused video, or an image), once it has a frame. */
  element: HTMLVideoElement | HTMLImageElement | null;
  mediaType: 'video' | 'image' | null;
  /**
   * Calls `listener` on every new SOURCE frame (a played frame, a seek); answers the unsubscribe.
   * Frames are not part of the context's value, so a playing video does not re-render every panel
   * that reads it 25 times a second; a panel that follows frames subscribes.
   */
  onFrame: (listener: () => void) => () => void;
  /** The graded PROGRAM frame as RGBA (top row first), or null before the first draw. */
  readProgramPixels: () => { data: Uint8Array; width: number; height: number } | null;
}

const NO_MEDIA: EditorMedia = { element: null, mediaType: null, onFrame: () => () => undefined, readProgramPixels: () => null };

const EditorMediaContext = createContext<EditorMedia>(NO_MEDIA);

export function EditorMediaProvider({ value, children }: { value: EditorMedia; children: ReactNode }) {
  return <EditorMediaContext.Provider value={value}>{children}</EditorMediaContext.Provider>;
}

export function useEditorMedia(): EditorMedia {
  return useContext(EditorMediaContext);
}

function naturalSize(element: HTMLVideoElement | HTMLImageElement): { width: number; height: number } {
  return element instanceof HTMLVideoElement
    ? { width: element.videoWidth, height: element.videoHeight }
    : { width: element.naturalWidth, height: element.naturalHeight };
}

/**
 * The current SOURCE frame scaled so its longest side is at most `maxSide`, as a canvas (for
 * `toDataURL`) and its pixels. Null when there is no frame yet or the canvas cannot be read.
 */
export function captureSourceFrame(
  element: HTMLVideoElement | HTMLImageElement | null,
  maxSide: number,
): { canvas: HTMLCanvasElement; image: ImageData } | null {
  if (!element) return null;
  const { width, height } = naturalSize(element);
  if (!width || !height) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  try {
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    return { canvas, image: context.getImageData(0, 0, canvas.width, canvas.height) };
  } catch {
    // A frame that is not decodable yet, or a canvas the browser will not let us read.
    return null;
  }
}
