import { useEffect, useRef, useState } from 'react';
import type { InputTransformId, Lut3D } from '@cinegrade/color';
import { captureSourceFrame, useEditorMedia } from '../editor-media';
import { useFetchLutTable } from '../user-lut-tables';
import { renderSwatch, SWATCH_FRAME_SIDE, SwatchLutCache, type SwatchFrame, type SwatchSubject } from './look-swatches';

/** Swatches follow the picture at most this often (a playing video changes frame 25+ times a second). */
export const SWATCH_REFRESH_MS = 1000;

/** Work done between two yields to the browser, so a slider drag or playback never waits on swatches. */
const SLICE_BUDGET_MS = 6;

export interface Swatches {
  readonly width: number;
  readonly height: number;
  /** RGBA per subject key; a subject without an entry shows its gradient. */
  readonly pixels: ReadonlyMap<string, Uint8ClampedArray>;
}

const NO_SWATCHES: Swatches = { width: 0, height: 0, pixels: new Map() };

const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

interface Request {
  element: HTMLVideoElement | HTMLImageElement;
  subjects: readonly SwatchSubject[];
  inputTransform: InputTransformId;
}

/**
 * Renders `subjects` from the current SOURCE frame. A new frame (or input transform, or list)
 * asks for a refresh; refreshes start at most once per {@link SWATCH_REFRESH_MS}, one at a time,
 * each in slices of a few milliseconds between which the browser gets on with everything else.
 * A refresh in progress is finished rather than restarted, so playback cannot starve it. Imported
 * LUTs whose table cannot be had keep their gradient.
 */
export function useLookSwatches(subjects: readonly SwatchSubject[], inputTransform: InputTransformId): Swatches {
  const { element, onFrame } = useEditorMedia();
  const fetchLutTable = useFetchLutTable();
  const [swatches, setSwatches] = useState<Swatches>(NO_SWATCHES);
  const cache = useRef(new SwatchLutCache());
  const scheduler = useRef({ latest: null as Request | null, running: false, dirty: false, timer: 0, lastRun: -Infinity, disposed: false });
  const subjectsKey = subjects.map((s) => s.key).join('\n');
  const subjectsRef = useRef(subjects);
  subjectsRef.current = subjects;

  useEffect(() => {
    const s = scheduler.current;
    s.disposed = false;
    return () => {
      s.disposed = true;
      window.clearTimeout(s.timer);
      s.timer = 0;
    };
  }, []);

  useEffect(() => {
    const s = scheduler.current;
    if (!element) {
      s.latest = null;
      setSwatches(NO_SWATCHES);
      return;
    }
    s.latest = { element, subjects: subjectsRef.current, inputTransform };

    const render = async (request: Request) => {
      const captured = captureSourceFrame(request.element, SWATCH_FRAME_SIDE);
      if (!captured) return;
      const frame: SwatchFrame = { data: captured.image.data, width: captured.image.width, height: captured.image.height };
      const pixels = new Map<string, Uint8ClampedArray>();
      let sliceStart = performance.now();
      for (const subject of request.subjects) {
        let customLut: Lut3D | undefined;
        if ('customLook' in subject) {
          customLut = (await fetchLutTable(subject.customLook).catch(() => null)) ?? undefined;
          if (!customLut) continue;
        }
        pixels.set(subject.key, renderSwatch(frame, cache.current.get(subject, request.inputTransform, customLut)));
        if (performance.now() - sliceStart > SLICE_BUDGET_MS) {
          await nextTask();
          if (s.disposed || s.latest?.element !== request.element) return;
          sliceStart = performance.now();
        }
      }
      if (!s.disposed && s.latest?.element === request.element) setSwatches({ width: frame.width, height: frame.height, pixels });
    };

    const schedule = () => {
      if (s.running) {
        s.dirty = true;
        return;
      }
      if (s.timer) return;
      s.timer = window.setTimeout(
        () => {
          s.timer = 0;
          const request = s.latest;
          if (!request || s.disposed) return;
          s.running = true;
          s.lastRun = performance.now();
          void render(request).finally(() => {
            s.running = false;
            if (s.dirty && !s.disposed) {
              s.dirty = false;
              schedule();
            }
          });
        },
        Math.max(0, s.lastRun + SWATCH_REFRESH_MS - performance.now()),
      );
    };
    schedule();
    return onFrame(schedule);
    // subjectsKey stands for the subjects: the same looks in a new array are the same work.
  }, [element, onFrame, inputTransform, subjectsKey, fetchLutTable]);

  return swatches;
}
