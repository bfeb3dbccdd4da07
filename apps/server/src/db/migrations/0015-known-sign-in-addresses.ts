import { sql, type Kysely } from 'kysely';

/**
 * Addresses an account has signed in from (docs/engineering-rules.md, 'Abuse and limits'): a
 * sign-in from one of them in the last 90 days is not held back by the account's lock, which
 * only guessing from many other addresses meets. Keyed by the account's email, as the limits are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table known_sign_in_addresses (
      account text not null,
      address text not null,
      last_seen_at timestamptz not null default now(),
      primary key (account, address)
    );
    create index known_sign_in_addresses_last_seen on known_sign_in_addresses(last_seen_at);
  `.execute(db);
}
