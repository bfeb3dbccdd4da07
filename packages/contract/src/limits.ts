/** Business constants and limits, kept once for server and web (docs/product-rules.md, 'Limits'). */

/** Signed-out trial files above this size are refused (docs/product-rules.md, 'Temporary file'). */
export const TEMP_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

/** A trial file kept in the browser's storage is deleted once older than a day (docs/product-rules.md, 'Temporary file'). */
export const TEMP_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Largest upload a signed-in user may send. Uploads stream to storage in chunks and resume after
 * a dropped connection, so this bounds disk use rather than memory.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;

/**
 * Writes to the API (POST, PUT, PATCH and DELETE under /api) per signed-in user, or per address
 * when signed out, in each window (docs/product-rules.md, 'Limits'). Far above what a person
 * does (grade autosaves come at most one every 800 ms), so only a script meets it; tus upload
 * chunks are not counted, the storage quota and the uploads-in-progress limit bound them, nor are
 * `WRITE_RATE_LIMIT_EXEMPT_PATHS` (in `index.ts`, beside the routes they name).
 */
export const WRITE_RATE_LIMITS = [
  { limit: 120, windowSeconds: 60 },
  { limit: 1500, windowSeconds: 15 * 60 },
] as const;

/** Notification toasts: one visible at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** Export status polling (docs/product-rules.md, 'Export': an attempt is a poll in which nothing moved). */
export const STATUS_POLL_INTERVAL_MS = 3000;
export const STATUS_POLL_MAX_ATTEMPTS = 60;

/** Video player (docs/product-rules.md, 'Editor and player'). */
export const VIDEO_LOAD_TIMEOUT_MS = 8000;
export const PLAYER_SETUP_DELAY_MS = 100;
export const DEFAULT_VOLUME = 0.5;

/** Thumbnails. */
export const THUMBNAIL_LONGEST_SIDE = 320;
export const THUMBNAIL_JPEG_QUALITY = 0.8;

/** Batch: kept for the batch processor (docs/product-rules.md, 'Batch'). */
export const BATCH_COMPLETION_CLEAR_MS = 5000;
export const DOWNLOAD_STAGGER_MS = 500;

/** Signed-out users are cleared this long after sign-out is seen. */
export const TEMP_FILE_CLEAR_DELAY_MS = 1000;

/** Sign-up password rule (docs/product-rules.md, 'Validation'). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
