import type { InputTransformId } from '@cinegrade/color';
import { MEASURE_SIDE, toRec709InPlace } from './scene-frames';

/**
 * The reference picture for Shot Match when it is another asset: its thumbnail (a JPEG of the
 * source, 320 px on its longest side; for a video, the frame the thumbnail shows), fetched through
 * its signed link, scaled for measuring and converted from the asset's camera input to Rec.709,
 * as the editor's own frame is (`captureMeasureFrame`).
 */

/** The reference could not be read; the message says why, for a person. */
export class ReferenceUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceUnreadableError';
  }
}

function whyNot(status: number): string {
  if (status === 403) return 'Its link has expired. Reload the page for a new one.';
  if (status === 404) return 'Its picture is gone from storage.';
  return `The server answered ${status}. Try again in a moment.`;
}

export async function readReferencePicture(url: string, inputTransform: InputTransformId, signal?: AbortSignal): Promise<ImageData> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReferenceUnreadableError('The server could not be reached. Check your connection and try again.');
  }
  if (!response.ok) throw new ReferenceUnreadableError(whyNot(response.status));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch {
    throw new ReferenceUnreadableError('Its picture is not an image this browser can read.');
  }
  try {
    const scale = Math.min(1, MEASURE_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new ReferenceUnreadableError('This browser would not draw its picture.');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    toRec709InPlace(image, inputTransform);
    return image;
  } finally {
    bitmap.close();
  }
}
