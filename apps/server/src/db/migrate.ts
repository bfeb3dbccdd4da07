import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/0001-accounts';
import * as assets from './migrations/0002-assets';
import * as userLuts from './migrations/0003-user-luts';
import * as exportsTable from './migrations/0004-exports';
import * as uploadLocks from './migrations/0005-upload-locks';
import * as subscriptions from './migrations/0006-subscriptions';
import * as completedUploads from './migrations/0007-completed-uploads';
import * as storageQuota from './migrations/0008-storage-quota';
import * as gradeVersions from './migrations/0009-grade-versions';
import * as batchSessions from './migrations/0010-batch-sessions';
import * as exportSegments from './migrations/0011-export-segments';
import * as batchKeptRender from './migrations/0012-batch-kept-render';
import * as userLutSource from './migrations/0013-user-lut-source';
import * as uploadReservationActivity from './migrations/0014-upload-reservation-activity';
import * as knownSignInAddresses from './migrations/0015-known-sign-in-addresses';
import * as deinterlaceSetting from './migrations/0016-deinterlace-setting';

/**
 * One ordered set of migrations for both the embedded and the real PostgreSQL. They are listed
 * here rather than read from a folder so that bundling or a different working directory cannot
 * lose one. Add new files at the end; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-assets': assets,
  '0003-user-luts': userLuts,
  '0004-exports': exportsTable,
  '0005-upload-locks': uploadLocks,
  '0006-subscriptions': subscriptions,
  '0007-completed-uploads': completedUploads,
  '0008-storage-quota': storageQuota,
  '0009-grade-versions': gradeVersions,
  '0010-batch-sessions': batchSessions,
  '0011-export-segments': exportSegments,
  '0012-batch-kept-render': batchKeptRender,
  '0013-user-lut-source': userLutSource,
  '0014-upload-reservation-activity': uploadReservationActivity,
  '0015-known-sign-in-addresses': knownSignInAddresses,
  '0016-deinterlace-setting': deinterlaceSetting,
};

class StaticProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), migrationTableName: 'schema_migrations', migrationLockTableName: 'schema_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
