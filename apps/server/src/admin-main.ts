import { isTier, SUBSCRIPTION_TIERS } from '@cinegrade/contract';
import { ProfileRepository } from './account/profile.repository';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';

const USAGE = `Usage: npm run admin -- set-tier <email> <${SUBSCRIPTION_TIERS.join('|')}>
       npm run admin -- show <email>

set-tier grants a tier (Enterprise is only ever granted this way); a paid subscription still
raises a Free or granted tier to Premium while it runs. show prints a user's granted tier, paid
subscription and the tier the server uses now.
Reads DATA_DIR and DATABASE_URL like the server. On the embedded database, stop the app first.`;

/** `npm run admin -- <command>`: operator commands against the same database as the server. */
export async function runAdmin(args: string[], out: (line: string) => void): Promise<number> {
  const [command, email, tier] = args;
  if (command === 'show' && email) return show(email, out);
  if (command !== 'set-tier' || !email || !tier) {
    out(USAGE);
    return 2;
  }
  if (!isTier(tier)) {
    out(`"${tier}" is not a tier. Use one of: ${SUBSCRIPTION_TIERS.join(', ')}.`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const updated = await new ProfileRepository(database.db).setTierByEmail(email, tier);
    if (!updated) {
      out(`No account has the email ${email}.`);
      return 1;
    }
    out(`${email} is now on the ${tier} tier.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function show(email: string, out: (line: string) => void): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const user = await database.db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!user) {
      out(`No account has the email ${email}.`);
      return 1;
    }
    const profiles = new ProfileRepository(database.db);
    const granted = await database.db.selectFrom('profiles').select('subscription_tier').where('id', '=', user.id).executeTakeFirst();
    const record = await profiles.subscriptionRecord(user.id);
    const now = await profiles.subscription(user.id);
    out(`${email}`);
    out(`  granted tier: ${granted?.subscription_tier ?? 'Free'}`);
    out(
      record
        ? `  subscription: ${record.provider} ${record.subscriptionId ?? ''}, status ${record.status}, period ends ${record.currentPeriodEnd?.toISOString() ?? 'never'}${record.cancelAtPeriodEnd ? ', cancelled at period end' : ''}`
        : '  subscription: none',
    );
    out(`  tier now: ${now.tier}`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      const known = error instanceof DataDirInUseError || error instanceof ConfigError;
      process.stderr.write(`${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
