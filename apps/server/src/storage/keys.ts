import crypto from 'node:crypto';

/**
 * Storage keys: `{user id}/{timestamp}-{random}.{ext}` (docs/product-rules.md, 'Files and privacy'), generated here
 * from the owner's id and the type the server detected. Derived files share the stem.
 */
export function newMediaKey(userId: string, extension: string, now = Date.now()): string {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error('Storage keys need a user id');
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Not a file extension: ${extension}`);
  return `${userId}/${now}-${crypto.randomBytes(6).toString('hex')}.${extension}`;
}

/** A file derived from a media key: `…/1700000000000-ab12cd.thumb.jpg`. */
export function derivedKey(mediaKey: string, suffix: string, extension: string): string {
  const stem = mediaKey.slice(0, mediaKey.lastIndexOf('.'));
  return `${stem}.${suffix}.${extension}`;
}

/** The owner a key belongs to: its first path segment. */
export function ownerOfKey(key: string): string {
  return key.split('/')[0] ?? '';
}
