import type { MediaMetadata } from '@cinegrade/contract';

/** For tests: the probe of a 12-second 1920×1080 H.264 clip at 25 fps, tagged BT.709, with AAC audio. */
export const HD_CLIP_METADATA: MediaMetadata = {
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 12,
  width: 1920,
  height: 1080,
  frameRate: 25,
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  bitDepth: 8,
  colorPrimaries: 'bt709',
  colorTransfer: 'bt709',
  colorSpace: 'bt709',
  colorRange: 'tv',
  hdr: false,
  rotation: 0,
  audioCodec: 'aac',
};
