import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Buyer, BillingProvider } from './billing-provider';
import type { Clock } from './clock';

/** How long a test checkout page stays usable. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BUILTIN_CHECKOUT_PATH = '/billing/test-checkout';
export const BUILTIN_PORTAL_PATH = '/billing/test-portal';

/** The built-in provider's customer id for a user. */
export const builtinCustomerId = (userId: string) => `builtin_${userId}`;

/**
 * The embedded default when Stripe is not configured: a local checkout page marked as a test
 * payment page, where confirming records one month of Premium without taking any money, and a
 * local portal that cancels at period end (docs/product-rules.md, 'Premium determination').
 */
export class BuiltinBilling implements BillingProvider {
  readonly kind = 'builtin' as const;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  async createCheckout(buyer: Buyer): Promise<{ url: string }> {
    // Used and expired checkouts are of no further use: each user keeps only the last hour's.
    await this.db
      .deleteFrom('billing_checkouts')
      .where('user_id', '=', buyer.userId)
      .where((eb) => eb.or([eb('completed_at', 'is not', null), eb('expires_at', '<=', this.clock.now())]))
      .execute();
    const row = await this.db
      .insertInto('billing_checkouts')
      .values({ user_id: buyer.userId, expires_at: new Date(this.clock.now().getTime() + CHECKOUT_LIFETIME_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { url: `${this.publicUrl}${BUILTIN_CHECKOUT_PATH}/${row.id}` };
  }

  createPortal(): Promise<{ url: string }> {
    return Promise.resolve({ url: `${this.publicUrl}${BUILTIN_PORTAL_PATH}` });
  }

  /** An open checkout of this user, or null when it does not exist, is used, or has expired. */
  async openCheckout(userId: string, checkoutId: string, db: Kysely<DatabaseSchema> = this.db): Promise<{ id: string; expiresAt: Date } | null> {
    if (!UUID.test(checkoutId)) return null;
    const row = await db
      .selectFrom('billing_checkouts')
      .select(['id', 'expires_at'])
      .where('id', '=', checkoutId)
      .where('user_id', '=', userId)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= this.clock.now().getTime()) return null;
    return { id: row.id, expiresAt: new Date(row.expires_at) };
  }
}
