import { MESSAGES } from '@cinegrade/contract';

/**
 * Only files a browser reports as video or image are taken (docs/product-rules.md, 'Validation'); the server decides
 * from the bytes. Browsers report no type at all for some video containers (MXF, MPEG-TS, some
 * MKV), so an empty type is taken too and the server answers for it.
 */
export function isMediaFile(file: File): boolean {
  return file.type === '' || file.type.startsWith('video/') || file.type.startsWith('image/');
}

/** Why a file the browser reports as something else is not sent: what it is, where we know, and what to do. */
export function notMediaReason(file: File, otherwise: string): string {
  return file.type === 'application/pdf' ? MESSAGES.pdfRefused : otherwise;
}
