import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * The account facts the auth service reads beside better-auth's own API: whether an email is
 * verified and when it was confirmed. Reads only; better-auth writes the users table.
 */
export class UserRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Whether the account with this email has verified it; null when there is no such account. */
  async emailVerified(email: string): Promise<boolean | null> {
    const row = await this.db.selectFrom('users').select(['email_verified']).where('email', '=', email).executeTakeFirst();
    return row ? row.email_verified : null;
  }

  /** When the user confirmed their email, or null when they have not (or do not exist). */
  async confirmedAt(userId: string): Promise<Date | null> {
    const row = await this.db.selectFrom('users').select('email_confirmed_at').where('id', '=', userId).executeTakeFirst();
    return row?.email_confirmed_at ?? null;
  }
}
