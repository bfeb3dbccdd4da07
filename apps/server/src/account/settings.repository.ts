import { sql, type Kysely } from 'kysely';
import { settingsWithDefaults, type UpdateSettingsRequest, type UserSettings } from '@cinegrade/contract';
import type { DatabaseSchema } from '../db/schema';

/** Per-user settings (docs/product-rules.md, 'Settings'), stored as one JSON document per user. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async get(userId: string): Promise<UserSettings> {
    const row = await this.db.selectFrom('user_settings').select('settings').where('user_id', '=', userId).executeTakeFirst();
    return settingsWithDefaults(row?.settings);
  }

  /** Merges the change into what is saved in one statement, so concurrent saves keep each other's keys. */
  async update(userId: string, change: UpdateSettingsRequest): Promise<UserSettings> {
    const row = await sql<{ settings: unknown }>`
      insert into user_settings (user_id, settings) values (${userId}, ${JSON.stringify(change)}::jsonb)
      on conflict (user_id) do update set settings = user_settings.settings || excluded.settings, updated_at = now()
      returning settings
    `.execute(this.db);
    return settingsWithDefaults(row.rows[0]?.settings);
  }
}
