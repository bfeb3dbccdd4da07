import type { Kysely } from 'kysely';
import type { Profile, SubscriptionTier } from '@cinegrade/contract';
import { effectiveSubscription, type EffectiveSubscription, type SubscriptionRecord } from '../billing/subscription-state';
import type { DatabaseSchema } from '../db/schema';
import { subscriptionFromRow } from '../billing/subscription.repository';

/**
 * Profiles, always read and written for one user id (the signed-in user's). The stored
 * `subscription_tier` is the tier an administrator granted; what is read back is the effective
 * tier, with a paid subscription taken into account (docs/product-rules.md, 'Premium determination').
 */
export class ProfileRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(userId: string): Promise<Profile | null> {
    const row = await this.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) return null;
    const { tier } = effectiveSubscription(row.subscription_tier, row.subscription_end, await this.subscriptionRecord(userId), this.now());
    return {
      id: row.id,
      full_name: row.full_name,
      avatar_url: row.avatar_url,
      subscription_tier: tier,
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

  /** The tier every server check uses, and until when a paid subscription runs. */
  async subscription(userId: string): Promise<EffectiveSubscription> {
    const row = await this.db.selectFrom('profiles').select(['subscription_tier', 'subscription_end']).where('id', '=', userId).executeTakeFirst();
    return effectiveSubscription(row?.subscription_tier, row?.subscription_end ?? null, await this.subscriptionRecord(userId), this.now());
  }

  /** The user's paid subscription as its provider last reported it, if there is one. */
  async subscriptionRecord(userId: string): Promise<SubscriptionRecord | null> {
    const row = await this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    return subscriptionFromRow(row);
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
