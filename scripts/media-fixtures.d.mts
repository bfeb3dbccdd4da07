export interface MediaFixtures {
  damagedFramesMp4: string;
  h264Mp4: string;
  vp9Webm: string;
  proresMov: string;
  proresLongMov: string;
  png: string;
  jpeg: string;
  tiff: string;
  greyRampPng: string;
  bench1080pMp4: string;
  htmlAsMp4: string;
  empty: string;
  truncatedMp4: string;
}
export function mediaFixtures(dir: string): MediaFixtures;
export function ffmpegWithoutFilter(dir: string, filter: string, options?: { listed?: boolean }): string;
