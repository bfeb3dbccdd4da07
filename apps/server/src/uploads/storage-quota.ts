import {
  exportStorageQuotaMessage,
  MAX_PENDING_UPLOADS_PER_USER,
  PENDING_UPLOADS_MESSAGE,
  storageQuota,
  storageQuotaMessage,
  type ErrorCode,
  type StorageUsage,
} from '@cinegrade/contract';
import { sql, type Kysely } from 'kysely';
import type { ProfileRepository } from '../account/profile.repository';
import type { DatabaseSchema } from '../db/schema';
import { UPLOAD_EXPIRY_MS } from './upload-staging';

/** Why an upload or an export is refused: the status and the message a person reads. */
export interface QuotaRefusal {
  status: 413 | 429;
  code: Extract<ErrorCode, 'quota_exceeded' | 'too_many_uploads'>;
  message: string;
}

/** An unfinished upload is kept for resuming until tus lets it expire (`UPLOAD_EXPIRY_MS`). */
const pendingSince = () => sql<Date>`now() - make_interval(secs => ${UPLOAD_EXPIRY_MS / 1000})`;

/**
 * How long an unfinished upload holds its declared length after its last activity (its creation,
 * or a chunk starting or ending) while no request of it is running. An upload given up (its owner
 * signed out, the tab closed, the connection failed) stops counting this long after, without
 * anyone acting; resuming it reserves the length again (docs/product-rules.md, 'Limits').
 */
export const UPLOAD_RESERVATION_IDLE_MS = 60_000;

/**
 * The reservation `p` (a `pending_uploads` row) is held: not expired, and active within the idle
 * window or with a request on it running (its upload lock's lease is live while a chunk arrives).
 */
const holding = () => sql<boolean>`(
  p.created_at > ${pendingSince()}
  and (
    p.touched_at > now() - make_interval(secs => ${UPLOAD_RESERVATION_IDLE_MS / 1000})
    or exists (select 1 from upload_locks l where l.upload_id = p.upload_id and l.expires_at > now())
  )
)`;

/**
 * Storage quotas and the cap on unfinished uploads (docs/product-rules.md, 'Limits'). Use is
 * summed from the rows: every asset's original and derived files, every export's file, and the
 * declared length of each upload still arriving, so that declaring is reserving. An upload holds
 * its reservation while it is active (`UPLOAD_RESERVATION_IDLE_MS`); one left idle longer stops
 * counting, and its next chunk reserves again if the quota and the cap allow (`resumeUpload`). An
 * upload is checked when it is created and on each chunk; the check and the reservation happen
 * under a lock on the user's profile row, so two uploads created at once cannot both squeeze in.
 * An export is checked when it is asked for (`checkExport`).
 */
export class StorageQuota {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly profiles: ProfileRepository,
  ) {}

  async usage(userId: string): Promise<StorageUsage> {
    const [{ tier }, used, pending] = await Promise.all([this.profiles.subscription(userId), this.usedBytes(this.db, userId), this.pendingCount(this.db, userId)]);
    return { tier, used_bytes: used, quota_bytes: storageQuota(tier), pending_uploads: pending, max_pending_uploads: MAX_PENDING_UPLOADS_PER_USER };
  }

  /** Reserves `declaredBytes` for a new upload, or answers why it is refused. */
  async reserveUpload(userId: string, uploadId: string, declaredBytes: number): Promise<QuotaRefusal | null> {
    const { tier } = await this.profiles.subscription(userId);
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().execute();
      if ((await this.pendingCount(trx, userId)) >= MAX_PENDING_UPLOADS_PER_USER) {
        return { status: 429, code: 'too_many_uploads', message: PENDING_UPLOADS_MESSAGE } as const;
      }
      if ((await this.usedBytes(trx, userId)) + declaredBytes > storageQuota(tier)) {
        return { status: 413, code: 'quota_exceeded', message: storageQuotaMessage(tier) } as const;
      }
      await trx.insertInto('pending_uploads').values({ upload_id: uploadId, user_id: userId, declared_bytes: declaredBytes }).execute();
      return null;
    });
  }

  /**
   * Checked before each chunk. An upload whose reservation lapsed (idle past
   * `UPLOAD_RESERVATION_IDLE_MS`: signed out, tab closed) reserves its declared length again, if
   * the quota and the cap on unfinished uploads allow; either way the upload is active again. Then
   * an upload stops growing once its user is over quota (a plan that ended, exports meanwhile).
   * An upload with no reservation (finished, cancelled, expired) is left to tus to answer.
   */
  async resumeUpload(userId: string, uploadId: string): Promise<QuotaRefusal | null> {
    const { tier } = await this.profiles.subscription(userId);
    const refusal = await this.db.transaction().execute(async (trx): Promise<QuotaRefusal | null> => {
      await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().execute();
      const { rows } = await sql<{ declared_bytes: string; held: boolean }>`
        select p.declared_bytes, ${holding()} as held from pending_uploads p where p.upload_id = ${uploadId} and p.user_id = ${userId}
      `.execute(trx);
      const row = rows[0];
      if (!row) return null;
      if (!row.held) {
        if ((await this.pendingCount(trx, userId)) >= MAX_PENDING_UPLOADS_PER_USER) return { status: 429, code: 'too_many_uploads', message: PENDING_UPLOADS_MESSAGE };
        if ((await this.usedBytes(trx, userId)) + Number(row.declared_bytes) > storageQuota(tier)) return { status: 413, code: 'quota_exceeded', message: storageQuotaMessage(tier) };
      }
      await trx.updateTable('pending_uploads').set({ touched_at: sql<Date>`now()` }).where('upload_id', '=', uploadId).execute();
      return null;
    });
    return refusal ?? this.refuseOver(userId, 'above', storageQuotaMessage);
  }

  /** A chunk of the upload ended: its idle window starts again from now. */
  async touchUpload(uploadId: string): Promise<void> {
    await this.db.updateTable('pending_uploads').set({ touched_at: sql<Date>`now()` }).where('upload_id', '=', uploadId).execute();
  }

  /**
   * Checked before an export (or a batch file's render) is created: refused once the use is at or
   * above the quota. Its size is not known until it is rendered, so one asked for below the quota
   * is made even if its own file takes the use past it (docs/product-rules.md, 'Limits').
   */
  checkExport(userId: string): Promise<QuotaRefusal | null> {
    return this.refuseOver(userId, 'at', exportStorageQuotaMessage);
  }

  /** The user's plan and the bytes of storage they have left (0 when at or over the quota). */
  async room(userId: string): Promise<{ tier: string; roomBytes: number }> {
    const { tier } = await this.profiles.subscription(userId);
    const used = await this.usedBytes(this.db, userId);
    return { tier, roomBytes: Math.max(0, storageQuota(tier) - used) };
  }

  /** The upload finished (as an asset or refused) or was cancelled: its reservation goes. */
  async releaseUpload(uploadId: string): Promise<void> {
    await this.db.deleteFrom('pending_uploads').where('upload_id', '=', uploadId).execute();
  }

  /** Forgets reservations of uploads that expired; answers how many. */
  async removeExpired(): Promise<number> {
    const result = await this.db.deleteFrom('pending_uploads').where('created_at', '<=', pendingSince()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** 413 with `message` once the use is above the quota, or already at it (`from: 'at'`). */
  private async refuseOver(userId: string, from: 'at' | 'above', message: (tier: string) => string): Promise<QuotaRefusal | null> {
    const { tier } = await this.profiles.subscription(userId);
    const used = await this.usedBytes(this.db, userId);
    const quota = storageQuota(tier);
    if (from === 'at' ? used < quota : used <= quota) return null;
    return { status: 413, code: 'quota_exceeded', message: message(tier) };
  }

  /** Unfinished uploads of the user that hold their reservation. */
  private async pendingCount(db: Kysely<DatabaseSchema>, userId: string): Promise<number> {
    const { rows } = await sql<{ count: string }>`select count(*) as count from pending_uploads p where p.user_id = ${userId} and ${holding()}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }

  private async usedBytes(db: Kysely<DatabaseSchema>, userId: string): Promise<number> {
    const row = await sql<{ used: string | null }>`
      select
        coalesce((select sum(size_bytes + derived_bytes) from projects where user_id = ${userId}), 0)
        + coalesce((select sum(size_bytes) from exports where user_id = ${userId}), 0)
        + coalesce((select sum(p.declared_bytes) from pending_uploads p where p.user_id = ${userId} and ${holding()}), 0)
        as used
    `.execute(db);
    return Number(row.rows[0]?.used ?? 0);
  }
}
