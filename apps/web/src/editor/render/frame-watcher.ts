/**
 * Calls back for every frame a video presents — playing, after a seek, once loaded — so PROGRAM
 * draws the very frame SOURCE shows. Uses requestVideoFrameCallback where the browser has it
 * (called once per composited frame); otherwise an animation-frame loop that draws whenever the
 * current time moved, plus the seek and load events.
 */
export function watchVideoFrames(video: HTMLVideoElement, onFrame: () => void): () => void {
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const listen = (type: string) => {
    video.addEventListener(type, onFrame);
    cleanups.push(() => video.removeEventListener(type, onFrame));
  };
  // A first frame and seeks while paused: covered by rVFC in Chromium, but not in every browser.
  listen('loadeddata');
  listen('seeked');

  // Typed as always present, but missing in older Firefox.
  const hasFrameCallback = typeof (video as Partial<Pick<HTMLVideoElement, 'requestVideoFrameCallback'>>).requestVideoFrameCallback === 'function';
  if (hasFrameCallback) {
    let handle = 0;
    const next = () => {
      if (stopped) return;
      onFrame();
      handle = video.requestVideoFrameCallback(next);
    };
    handle = video.requestVideoFrameCallback(next);
    cleanups.push(() => video.cancelVideoFrameCallback(handle));
  } else {
    let handle = 0;
    let lastTime = -1;
    const loop = () => {
      if (stopped) return;
      if (!video.paused && video.currentTime !== lastTime) {
        lastTime = video.currentTime;
        onFrame();
      }
      handle = requestAnimationFrame(loop);
    };
    handle = requestAnimationFrame(loop);
    cleanups.push(() => cancelAnimationFrame(handle));
  }
  return () => {
    stopped = true;
    for (const cleanup of cleanups) cleanup();
  };
}
