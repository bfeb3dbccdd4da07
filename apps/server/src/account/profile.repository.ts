import type { Kysely } from 'kysely';
import { normaliseTier, type Profile, type SubscriptionTier } from '@cinegrade/contract';
import type { DatabaseSchema } from '../db/schema';

/** Profiles, always read and written for one user id (the signed-in user's). */
export class ProfileRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async get(userId: string): Promise<Profile | null> {
    const row = await this.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      full_name: row.full_name,
      avatar_url: row.avatar_url,
      subscription_tier: normaliseTier(row.subscription_tier),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  /** Reads a profile, creating the Free default for a user who has none yet. */
  async getOrCreate(userId: string, fullName: string | null): Promise<Profile> {
    const existing = await this.get(userId);
    if (existing) return existing;
    await this.db
      .insertInto('profiles')
      .values({ id: userId, full_name: fullName, avatar_url: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const created = await this.get(userId);
    if (!created) throw new Error(`Profile for ${userId} could not be created`);
    return created;
  }

  async subscription(userId: string): Promise<{ tier: SubscriptionTier; end: Date | null }> {
    const row = await this.db.selectFrom('profiles').select(['subscription_tier', 'subscription_end']).where('id', '=', userId).executeTakeFirst();
    return { tier: normaliseTier(row?.subscription_tier), end: row?.subscription_end ?? null };
  }

  /** Sets a user's tier by email (the admin command). Answers false when no such user exists. */
  async setTierByEmail(email: string, tier: SubscriptionTier): Promise<boolean> {
    const user = await this.db.selectFrom('users').select(['id', 'name']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!user) return false;
    await this.getOrCreate(user.id, user.name || null);
    await this.db.updateTable('profiles').set({ subscription_tier: tier, updated_at: new Date() }).where('id', '=', user.id).execute();
    return true;
  }
}
