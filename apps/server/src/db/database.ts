import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { migrateToLatest } from './migrate';
import type { DatabaseSchema } from './schema';

/**
 * The one database handle of a process: embedded PGlite (default) or a real PostgreSQL.
 * Both are reached through a node-postgres Pool (PGlite ships a pg-compatible connection), so
 * Kysely, better-auth and pg-boss run the same SQL against either.
 */
export interface Database {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  db: Kysely<DatabaseSchema>;
  /** For pg-boss's `db.executeSql` option. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Apply migrations on open (the server and worker do; tools may not need to). */
  migrate?: boolean;
  /** Connections in the pool for a real PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let lite: PGlite | null = null;
  let lock: DataDirLock | null = null;
  let pool: pg.Pool;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
  } else {
    lock = lockDataDir(options.dataDir);
    try {
      lite = await PGlite.create(path.join(options.dataDir, 'db'));
    } catch (error) {
      lock.release();
      throw error;
    }
    pool = new pg.Pool(createPgConfig(lite));
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const database: Database = {
    kind: lite ? 'embedded' : 'postgres',
    pool,
    db,
    executeSql: async (text, values) => pool.query(text, values),
    close: async () => {
      await db.destroy();
      if (lite) await lite.close();
      lock?.release();
    },
  };
  if (options.migrate !== false) {
    try {
      await migrateToLatest(db as Kysely<unknown>);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}
