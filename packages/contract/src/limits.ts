/** Business constants and limits of spec part 1 §9 and part 2 §9, kept once for server and web. */

/** Signed-out trial files above this size are refused (spec part 1 §5). */
export const TEMP_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * Largest upload a signed-in user may send. Uploads stream to storage in chunks and resume after
 * a dropped connection, so this bounds disk use rather than memory.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;

/** Notification toasts: one visible at a time, shown for 5000 ms (spec part 1 §9). */
export const TOAST_DURATION_MS = 5000;

/** Export status polling (spec part 1 §7 check-processing-status). */
export const STATUS_POLL_INTERVAL_MS = 3000;
export const STATUS_POLL_MAX_ATTEMPTS = 60;

/** Video player (spec part 1 §4, §9). */
export const VIDEO_LOAD_TIMEOUT_MS = 8000;
export const PLAYER_SETUP_DELAY_MS = 100;
export const DEFAULT_VOLUME = 0.5;

/** Thumbnails (spec part 1 §9). */
export const THUMBNAIL_LONGEST_SIDE = 320;
export const THUMBNAIL_JPEG_QUALITY = 0.8;

/** Batch (spec part 1 §9, part 2 §9). */
export const BATCH_COMPLETION_CLEAR_MS = 5000;
export const DOWNLOAD_STAGGER_MS = 500;

/** Signed-out users are cleared this long after sign-out is seen (spec part 1 §4 Media). */
export const TEMP_FILE_CLEAR_DELAY_MS = 1000;

/** Sign-up password rule (spec part 1 §5). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Footer copyright year (spec part 1 §2 Footer). */
export const COPYRIGHT_YEAR = 2024;
