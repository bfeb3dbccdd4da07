import type { ColumnType, Generated } from 'kysely';
import type { SubscriptionTier } from '@cinegrade/contract';

/** Kysely's view of our tables; the migrations in ./migrations are the source of truth. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  email_confirmed_at: Date | null;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's credentials: `password` holds the argon2id hash. */
export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  subscription_tier: ColumnType<SubscriptionTier, SubscriptionTier | undefined, SubscriptionTier>;
  subscription_end: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  settings: Json<unknown>;
  updated_at: Timestamp;
}

export interface KnownSignInAddressesTable {
  account: string;
  address: string;
  last_seen_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: Timestamp;
  hits: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface ProjectsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  media_file_name: string;
  media_file_path: string | null;
  media_file_type: 'video' | 'image';
  mime_type: string;
  size_bytes: ColumnType<number, number, number>;
  thumbnail_path: string | null;
  proxy_path: string | null;
  needs_proxy: Generated<boolean>;
  /** Bytes of the thumbnail and preview copy, once made. */
  derived_bytes: ColumnType<number, number | undefined, number>;
  selected_lut: string | null;
  color_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Interlaced sources: deinterlaced (true, the default) or fields kept where the export can carry them. */
  deinterlace: Generated<boolean>;
  processing_status: ColumnType<'processing' | 'ready' | 'failed', 'processing' | 'ready' | 'failed' | undefined, 'processing' | 'ready' | 'failed'>;
  processing_error: string | null;
  metadata: ColumnType<unknown, string | null, string | null>;
  batch_processed: Generated<boolean>;
  batch_session_id: string | null;
  processed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PendingFileDeletionsTable {
  key: string;
  user_id: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface JobLeasesTable {
  job_id: string;
  queue: string;
  worker_id: string;
  heartbeat_at: Timestamp;
}

export interface UserLutsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  size: number;
  /** size³ RGB float32 triplets, little-endian, red fastest. */
  table_data: Uint8Array;
  /** The author's file when `table_data` is a sampling of it (a shaper, another domain); else null. */
  source_text: string | null;
  /** Its format ('cube', '3dl', 'csp'), with `source_text`. */
  source_format: string | null;
  created_at: Generated<Date>;
}

export type ExportStatus = 'queued' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface ExportsTable {
  id: Generated<string>;
  user_id: string;
  asset_id: string;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  progress: ColumnType<number, number | undefined, number>;
  output_format: string;
  quality: string;
  selected_lut: string | null;
  color_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  width: number;
  height: number;
  /** The asset's deinterlace setting when the export was started. */
  deinterlace: Generated<boolean>;
  output_key: string;
  download_name: string;
  job_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  error: string | null;
  suggestion: string | null;
  /** Bytes of the finished file (0 until it is stored). */
  size_bytes: ColumnType<number, number | undefined, number>;
  /** The join job that claimed a split export (`exports/export-segments.ts`); null until one runs. */
  join_job_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Timestamp;
}

/** One segment of a split export (`exports/export-segments.ts`). */
export interface ExportSegmentsTable {
  export_id: string;
  part: number;
  start_frame: number;
  /** Planned frames; the last segment (`to_end`) renders to the end of the source. */
  frames: number;
  to_end: boolean;
  seek_seconds: number;
  /** Where the rendered segment is stored until the join. */
  file_key: string;
  progress: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  done: ColumnType<boolean, boolean | undefined, boolean>;
  /** Its `export.render-segment` job has been sent. */
  queued: ColumnType<boolean, boolean | undefined, boolean>;
}

export type BatchSessionStatus = 'processing' | 'completed' | 'failed';

/** A batch run (docs/product-rules.md, 'Batch'). */
export interface BatchSessionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  file_count: number;
  status: ColumnType<BatchSessionStatus, BatchSessionStatus | undefined, BatchSessionStatus>;
  selected_lut: string | null;
  settings: ColumnType<Record<string, unknown>, string, string>;
  /** The asset whose thumbnail stands for the session (its first file). */
  thumbnail_asset_id: string | null;
  completed_at: Date | null;
  created_at: Timestamp;
}

/** One file of a batch: its asset and the export rendering it now, or why none could start. */
export interface BatchFilesTable {
  asset_id: string;
  batch_session_id: string;
  user_id: string;
  position: number;
  export_id: string | null;
  /** The last completed render, kept while `export_id` is a newer render not (yet) succeeded. */
  kept_export_id: ColumnType<string | null, string | null | undefined, string | null>;
  error: string | null;
  rate_limited: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A resumable upload's lock, held by one request in any process (`uploads/upload-locker.ts`). */
export interface UploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at: Date;
}

/** A paid subscription as its provider last reported it (one per user). */
export interface SubscriptionsTable {
  user_id: string;
  provider: 'stripe' | 'builtin';
  customer_id: string | null;
  subscription_id: string | null;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  updated_at: Timestamp;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  user_id: string | null;
  received_at: Generated<Date>;
}

export interface BillingCheckoutsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  completed_at: Date | null;
}

/** An upload that became an asset, remembered for a day (`uploads/completed-uploads.repository.ts`). */
export interface CompletedUploadsTable {
  upload_id: string;
  user_id: string;
  asset_id: string;
  size_bytes: ColumnType<number, number, number>;
  completed_at: Generated<Date>;
}

/** An upload still arriving, with the length it declared (`uploads/storage-quota.ts`). */
export interface PendingUploadsTable {
  upload_id: string;
  user_id: string;
  declared_bytes: ColumnType<number, number, number>;
  created_at: Generated<Date>;
  /** Its last activity: creation, or a chunk starting or ending (`uploads/storage-quota.ts`). */
  touched_at: Generated<Date>;
}

/** A named snapshot of an asset's grade (`assets/grade-version.repository.ts`). */
export interface GradeVersionsTable {
  id: Generated<string>;
  user_id: string;
  asset_id: string;
  name: string;
  selected_lut: string | null;
  color_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  profiles: ProfilesTable;
  user_settings: UserSettingsTable;
  rate_limits: RateLimitsTable;
  known_sign_in_addresses: KnownSignInAddressesTable;
  app_secrets: AppSecretsTable;
  projects: ProjectsTable;
  pending_file_deletions: PendingFileDeletionsTable;
  job_leases: JobLeasesTable;
  user_luts: UserLutsTable;
  exports: ExportsTable;
  export_segments: ExportSegmentsTable;
  upload_locks: UploadLocksTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  billing_checkouts: BillingCheckoutsTable;
  completed_uploads: CompletedUploadsTable;
  pending_uploads: PendingUploadsTable;
  grade_versions: GradeVersionsTable;
  batch_sessions: BatchSessionsTable;
  batch_files: BatchFilesTable;
}
