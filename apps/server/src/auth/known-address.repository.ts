import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** How long an address stays known after its last successful sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;

/** Addresses each account has signed in from (`known_sign_in_addresses`). */
export class KnownAddressRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async isKnown(account: string, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_sign_in_addresses')
      .select('account')
      .where('account', '=', account)
      .where('address', '=', address)
      .where('last_seen_at', '>', sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a successful sign-in from `address`; forgets addresses unseen for longer than they are kept. */
  async remember(account: string, address: string): Promise<void> {
    await this.db
      .insertInto('known_sign_in_addresses')
      .values({ account, address })
      .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet({ last_seen_at: sql<Date>`now()` }))
      .execute();
    await this.db.deleteFrom('known_sign_in_addresses').where('last_seen_at', '<', sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`).execute();
  }
}
