import { unreadableFrame } from '../http/http-error';
import { sniffMedia } from '../media/sniff';

/** Demuxers of the pictures analysis decodes: what browsers' canvas.toDataURL writes. */
const ANALYSIS_DEMUXERS = new Set(['jpeg_pipe', 'png_pipe', 'webp_pipe']);

/** How a person is told which frame is at fault: the one on screen, or one of a video's extra frames. */
export function frameLabel(field: string): string {
  const extra = /^extraFrames\.(\d+)$/.exec(field);
  return extra ? `Frame ${Number(extra[1]) + 2} of this video` : 'This frame';
}

/**
 * The picture in a `data:image/...;base64,` URL (the contract has checked its shape). What it is
 * is decided from the decoded bytes, never from the declared type, so the declared type cannot
 * steer which decoder ffmpeg runs.
 */
export function pictureFromDataUrl(dataUrl: string, field: string): { bytes: Uint8Array; demuxer: string } {
  const comma = dataUrl.indexOf(',');
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), 'base64'));
  const sniffed = sniffMedia(bytes);
  if (!sniffed || !ANALYSIS_DEMUXERS.has(sniffed.demuxer)) {
    throw unreadableFrame(field, `${frameLabel(field)} could not be read: it is not a JPEG, PNG or WebP picture.`);
  }
  return { bytes, demuxer: sniffed.demuxer };
}
