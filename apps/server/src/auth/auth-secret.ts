import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one generated on first
 * start and kept in the database, so every process sharing the database agrees on it and
 * sessions survive restarts.
 */
export async function resolveAuthSecret(db: Kysely<DatabaseSchema>, configured: string | null): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters long.');
    return configured;
  }
  await db
    .insertInto('app_secrets')
    .values({ name: 'auth_secret', value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'auth_secret').executeTakeFirstOrThrow();
  return row.value;
}
