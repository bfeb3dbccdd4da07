/**
 * Only files a browser reports as video or image are taken (docs/product-rules.md, 'Validation'); the server decides
 * from the bytes. Browsers report no type at all for some video containers (MXF, MPEG-TS, some
 * MKV), so an empty type is taken too and the server answers for it.
 */
export function isMediaFile(file: File): boolean {
  return file.type === '' || file.type.startsWith('video/') || file.type.startsWith('image/');
}
