import { sql, type Kysely } from 'kysely';

/**
 * Paid subscriptions (docs/product-rules.md, 'Premium determination'): one row per user, written
 * only from verified payment events; `billing_events` remembers each event id so a redelivered
 * event is applied once; `billing_checkouts` are the built-in provider's open test checkouts.
 * `profiles.subscription_tier` stays the tier an administrator granted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table subscriptions (
      user_id uuid primary key references users(id) on delete cascade,
      provider text not null check (provider in ('stripe', 'builtin')),
      customer_id text,
      subscription_id text,
      status text not null,
      current_period_end timestamptz,
      cancel_at_period_end boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index subscriptions_customer on subscriptions(provider, customer_id);
    create table billing_events (
      id text primary key,
      type text not null,
      user_id uuid references users(id) on delete set null,
      received_at timestamptz not null default now()
    );
    create table billing_checkouts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      completed_at timestamptz
    );
    create index billing_checkouts_user on billing_checkouts(user_id);
  `.execute(db);
}
