import { ProfileRepository } from './account/profile.repository';
import { SettingsRepository } from './account/settings.repository';
import { resolveAuthSecret } from './auth/auth-secret';
import { AuthService } from './auth/auth.service';
import { createBetterAuth } from './auth/better-auth';
import { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import type { Logger } from './platform/logger';

/** Everything a server (or worker) process holds; built once by `createServices`. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  mailer: Mailer;
  auth: AuthService;
  profiles: ProfileRepository;
  settings: SettingsRepository;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  mailer?: Mailer;
  /** Multiplies rate limits (tests that sign up many users from one address). */
  rateLimitMultiplier?: number;
}

export async function createServices(config: Config, logger: Logger, overrides: ServiceOverrides = {}): Promise<Services> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const mailer = overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, logger);
    const secret = await resolveAuthSecret(database.db, config.authSecret);
    const profiles = new ProfileRepository(database.db);
    const settings = new SettingsRepository(database.db);
    const limiter = new RateLimiter(database.db, overrides.rateLimitMultiplier ?? config.rateLimitMultiplier);
    const betterAuth = createBetterAuth({ db: database.db, secret, publicUrl: config.publicUrl, mailer, logger });
    const auth = new AuthService(betterAuth, database.db, profiles, limiter, logger);
    return {
      config,
      logger,
      database,
      mailer,
      auth,
      profiles,
      settings,
      close: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
