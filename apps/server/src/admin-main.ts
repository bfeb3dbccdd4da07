import { isTier, SUBSCRIPTION_TIERS } from '@cinegrade/contract';
import { ProfileRepository } from './account/profile.repository';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';

const USAGE = `Usage: npm run admin -- set-tier <email> <${SUBSCRIPTION_TIERS.join('|')}>

Sets a user's subscription tier, so Premium features can be used before billing exists.
Reads DATA_DIR and DATABASE_URL like the server. On the embedded database, stop the app first.`;

/** `npm run admin -- <command>`: operator commands against the same database as the server. */
export async function runAdmin(args: string[], out: (line: string) => void): Promise<number> {
  const [command, email, tier] = args;
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

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      const known = error instanceof DataDirInUseError || error instanceof ConfigError;
      process.stderr.write(`${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
