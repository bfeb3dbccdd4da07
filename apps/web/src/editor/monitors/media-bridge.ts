/**
 * Carries what the monitors know (the SOURCE element once it has a frame, the PROGRAM view) to
 * EditorMediaContext. The monitors write to it; the provider reads it with
 * useSyncExternalStore. The snapshot changes with the element or the view only; new frames go to
 * `onFrame` listeners, so playback re-renders nothing.
 */
import type { EditorMedia } from '../editor-media';
import type { ProgramView } from '../render/program-view';

export class MediaBridge {
  private element: HTMLVideoElement | HTMLImageElement | null = null;
  private view: ProgramView | null = null;
  private stopListening: (() => void) | null = null;
  private snapshot: EditorMedia;
  private readonly listeners = new Set<() => void>();
  private readonly frameListeners = new Set<() => void>();

  constructor(private readonly mediaType: 'video' | 'image' | null) {
    this.snapshot = this.build();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EditorMedia => this.snapshot;

  /** The SOURCE element, once it shows a frame (null while loading or failed). */
  setElement(element: HTMLVideoElement | HTMLImageElement | null): void {
    if (element === this.element) return;
    this.element = element;
    this.publish();
  }

  setView(view: ProgramView | null): void {
    if (view === this.view) return;
    this.stopListening?.();
    this.view = view;
    this.stopListening = view
      ? view.onSourceFrame(() => {
          for (const listener of [...this.frameListeners]) listener();
        })
      : null;
    this.publish();
  }

  private readonly readProgramPixels = () => this.view?.readPixels() ?? null;

  private readonly onFrame = (listener: () => void): (() => void) => {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  };

  private build(): EditorMedia {
    return { element: this.element, mediaType: this.element ? this.mediaType : null, onFrame: this.onFrame, readProgramPixels: this.readProgramPixels };
  }

  private publish(): void {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}
