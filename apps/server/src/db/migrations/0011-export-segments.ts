import { sql, type Kysely } from 'kysely';

/**
 * Split exports (`exports/export-segments.ts`): one row per segment of an export, rendered by its
 * own job on any worker, with its progress, its attempts, whether its job has been queued and,
 * once rendered, the stored file the join reads. `join_job_id` on the export names the one join job that may join it: the segments
 * finishing last may each queue one, and the first to run claims the export.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table export_segments (
      export_id uuid not null references exports(id) on delete cascade,
      part int not null,
      start_frame int not null,
      frames int not null,
      to_end boolean not null,
      seek_seconds double precision not null,
      file_key text not null,
      progress real not null default 0,
      attempts int not null default 0,
      done boolean not null default false,
      queued boolean not null default false,
      primary key (export_id, part)
    );
    alter table exports add column join_job_id text;
  `.execute(db);
}
