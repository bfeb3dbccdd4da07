/**
 * Every TanStack Query key of the web app, built here and nowhere else, so that invalidating "all
 * of X" is one prefix and a new kind of server state has an obvious place.
 *
 * Everything that belongs to a signed-in person lives under `['user', userId]`: a second person
 * signing in on the same tab never sees the first one's cache, and signing out forgets one prefix.
 * What a live event concerns is one branch of that tree (`assets`, `exports`), so the live channel
 * and its reconnection invalidate branches, not single queries. New per-person state (batch
 * sessions, billing) goes under the same root, e.g. `['user', userId, 'batch-sessions']`.
 */
/** Whose state: the signed-in person's id, or null when nobody is (such a query never runs: skipToken). */
type UserKey = string | null;

export const queryKeys = {
  /** GET /api/health: the server, its database, and what its ffmpeg can render. */
  health: () => ['health'] as const,
  /** GET /api/auth/session: the person and their profile, or nobody. */
  session: () => ['session'] as const,
  /** Everything of one signed-in person. */
  user: (userId: string) => ['user', userId] as const,
  /** POST /api/functions/check-subscription. */
  subscription: (userId: UserKey) => ['user', userId, 'subscription'] as const,
  /** GET /api/settings. */
  settings: (userId: UserKey) => ['user', userId, 'settings'] as const,
  /** GET /api/storage: storage use and the plan's quota. */
  storageUsage: (userId: UserKey) => ['user', userId, 'storage'] as const,
  /** GET /api/luts: imported LUTs. */
  userLuts: (userId: UserKey) => ['user', userId, 'luts'] as const,
  /** GET /api/luts/{id}/table: one imported LUT's table (null: the LUT is gone), never stale. */
  lutTable: (userId: UserKey, lutId: string | null) => ['user', userId, 'lut-tables', lutId] as const,
  assets: {
    /** The list and every single asset: what an `assets-changed` event concerns. */
    all: (userId: string) => ['user', userId, 'assets'] as const,
    /** GET /api/assets. */
    list: (userId: UserKey) => ['user', userId, 'assets', 'list'] as const,
    /** GET /api/assets/{id}, read when an asset is opened. */
    detail: (userId: UserKey, assetId: string | null) => ['user', userId, 'assets', 'detail', assetId] as const,
    /** GET /api/assets/{id}/versions: the asset's named grade versions. */
    versions: (userId: UserKey, assetId: string | null) => ['user', userId, 'assets', 'versions', assetId] as const,
  },
  batches: {
    /** Every batch session: what an `export-progress` event (a batch file rendering) concerns. */
    all: (userId: string) => ['user', userId, 'batches'] as const,
    /** GET /api/batches: the batch library. */
    list: (userId: UserKey) => ['user', userId, 'batches', 'list'] as const,
    /** GET /api/batches?status=processing: batches still rendering (a reopened page finds its run). */
    running: (userId: UserKey) => ['user', userId, 'batches', 'running'] as const,
    /** GET /api/batches/{id}: one session with its files' status. */
    detail: (userId: UserKey, batchId: string | null) => ['user', userId, 'batches', 'detail', batchId] as const,
  },
  exports: {
    /** Every export's status: what an `export-progress` event concerns. */
    all: (userId: string) => ['user', userId, 'exports'] as const,
    /** check-processing-status of one export. */
    status: (userId: string, predictionId: string) => ['user', userId, 'exports', predictionId] as const,
  },
};
