import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { SubscriptionRecord } from './subscription-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What may be read and written while one payment event is applied, all in its transaction. */
export interface EventScope {
  /** Whether such a user exists (ids that are not UUIDs never do). */
  userExists(userId: string): Promise<boolean>;
  /** Notes whose event this was. */
  assignUser(userId: string): Promise<void>;
  /** The user's subscription, locked until the transaction ends. */
  current(userId: string): Promise<SubscriptionRecord | null>;
  save(userId: string, record: SubscriptionRecord, now: Date): Promise<void>;
  userOfStripeCustomer(customerId: string): Promise<string | null>;
  /** Marks an open built-in checkout of this user used, dropping their other checkouts; false when there is none to use. */
  completeCheckout(userId: string, checkoutId: string, now: Date): Promise<boolean>;
}

/** Subscriptions, the ids of applied payment events, and the built-in provider's checkouts. */
export class SubscriptionRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Runs `work` in one transaction that first records the event id: when the id is already
   * recorded (a redelivery, or the same event arriving concurrently) nothing runs and the answer
   * is 'duplicate'; when `work` fails, the id is not kept either, so a retry is applied.
   */
  async withNewEvent<T>(event: { id: string; type: string }, work: (scope: EventScope) => Promise<T>): Promise<T | 'duplicate'> {
    return this.db.transaction().execute(async (tx) => {
      const fresh = await tx.insertInto('billing_events').values({ id: event.id, type: event.type, user_id: null }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
      if (!fresh) return 'duplicate' as const;
      return work(eventScope(tx, event.id));
    });
  }

  /**
   * A new built-in checkout. It supersedes every earlier checkout of this user: those are dropped
   * (open, used or expired alike), so an older link can never be confirmed later.
   */
  async createCheckout(userId: string, expiresAt: Date): Promise<string> {
    return this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('billing_checkouts').where('user_id', '=', userId).execute();
      const row = await tx.insertInto('billing_checkouts').values({ user_id: userId, expires_at: expiresAt }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** A checkout cancelled on its page: dropped, so it can never be confirmed. */
  async deleteCheckout(userId: string, checkoutId: string): Promise<void> {
    if (!UUID.test(checkoutId)) return;
    await this.db.deleteFrom('billing_checkouts').where('id', '=', checkoutId).where('user_id', '=', userId).execute();
  }

  /** An open built-in checkout of this user, or null when it does not exist, is used, or has expired. */
  async openCheckout(userId: string, checkoutId: string, now: Date): Promise<{ id: string } | null> {
    if (!UUID.test(checkoutId)) return null;
    const row = await this.db
      .selectFrom('billing_checkouts')
      .select('id')
      .where('id', '=', checkoutId)
      .where('user_id', '=', userId)
      .where('completed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ?? null;
  }
}

/** A stored subscription row as the record the billing rules read. */
export function subscriptionFromRow(row: Selectable<DatabaseSchema['subscriptions']>): SubscriptionRecord {
  return {
    provider: row.provider,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

function eventScope(tx: Transaction<DatabaseSchema>, eventId: string): EventScope {
  return {
    async userExists(userId) {
      if (!UUID.test(userId)) return false;
      return !!(await tx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
    },
    async assignUser(userId) {
      await tx.updateTable('billing_events').set({ user_id: userId }).where('id', '=', eventId).execute();
    },
    async current(userId) {
      const row = await tx.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
      if (!row) return null;
      return subscriptionFromRow(row);
    },
    async save(userId, record, now) {
      const values = {
        provider: record.provider,
        customer_id: record.customerId,
        subscription_id: record.subscriptionId,
        status: record.status,
        current_period_end: record.currentPeriodEnd,
        cancel_at_period_end: record.cancelAtPeriodEnd,
        updated_at: now,
      };
      await tx
        .insertInto('subscriptions')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
    async userOfStripeCustomer(customerId) {
      const row = await tx.selectFrom('subscriptions').select('user_id').where('provider', '=', 'stripe').where('customer_id', '=', customerId).executeTakeFirst();
      return row?.user_id ?? null;
    },
    async completeCheckout(userId, checkoutId, now) {
      if (!UUID.test(checkoutId)) return false;
      const done = await tx
        .updateTable('billing_checkouts')
        .set({ completed_at: now })
        .where('id', '=', checkoutId)
        .where('user_id', '=', userId)
        .where('completed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      if (!done) return false;
      // The confirmed checkout supersedes any other still open for this user.
      await tx.deleteFrom('billing_checkouts').where('user_id', '=', userId).where('id', '!=', checkoutId).execute();
      return true;
    },
  };
}
