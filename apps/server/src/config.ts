import path from 'node:path';

/**
 * Every setting the server reads from the environment. The README's configuration table lists
 * the same names and defaults; keep the two together.
 */
export interface Config {
  port: number;
  host: string;
  /** Embedded database, uploaded files and exports live here unless configured elsewhere. */
  dataDir: string;
  /** A real PostgreSQL when set; the embedded database otherwise. */
  databaseUrl: string | null;
  /** The address people use to reach the app; links in emails point here. */
  publicUrl: string;
  /** Signs session cookies. Generated and kept in the database when not set. */
  authSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Built web app served by this process; absent in API-only deployments. */
  webDistDir: string;
  /** Run background jobs in this process (the embedded default). */
  runWorker: boolean;
  /** Honour X-Forwarded-For for client addresses (only behind a proxy you control). */
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Multiplies the sign-in and sign-up rate limits; raise it only for test environments. */
  rateLimitMultiplier: number;
}

export class ConfigError extends Error {}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${value}").`);
  }
  return parsed;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false (got "${value}").`);
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/**
 * Relative paths (DATA_DIR, WEB_DIST_DIR) are taken from where the command was typed: npm runs
 * workspace scripts inside the workspace folder but records the caller's folder in INIT_CWD.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): Config {
  const port = integer('PORT', env.PORT, 3000);
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be a full address such as https://grade.example.com (got "${publicUrl}").`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    authSecret: env.AUTH_SECRET || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Cinegrade <no-reply@cinegrade.local>',
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    runWorker: flag('RUN_WORKER', env.RUN_WORKER, true),
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    logLevel,
    rateLimitMultiplier: integer('RATE_LIMIT_MULTIPLIER', env.RATE_LIMIT_MULTIPLIER, 1) || 1,
  };
}
