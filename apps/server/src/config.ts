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
  /** DISK_FREE_FLOOR_MB: below this much free disk, new uploads and exports are refused (0: never). */
  diskFreeFloorBytes: number;
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
  /** On SIGTERM/SIGINT, how long a web process lets requests in flight finish before it closes them and exits. */
  shutdownTimeoutSeconds: number;
  /** On SIGTERM/SIGINT, how long running jobs get to finish before they are stopped and handed back to the queue. */
  jobGraceSeconds: number;
  /** Bearer token for GET /api/metrics; without one the route does not exist (404). */
  metricsToken: string | null;
  /** Multiplies the sign-in and sign-up rate limits; raise it only for test environments. */
  rateLimitMultiplier: number;
  /** S3-compatible object storage for files when S3_BUCKET is set; local disk under DATA_DIR otherwise. */
  s3: S3Config | null;
  /** Stripe when all three STRIPE_ variables are set; the built-in test checkout otherwise. */
  stripe: StripeConfig | null;
  /**
   * Lets tests move the billing clock forward (POST /api/test/clock) to see a subscription end.
   * Refused with NODE_ENV=production (docs/product-rules.md, 'Premium determination').
   */
  testClock: boolean;
  /**
   * An export of more than this many seconds of video is split into segments of about this
   * length, rendered by any worker and joined (`exports/export-segments.ts`); 0 renders every
   * export in one piece.
   */
  exportSegmentSeconds: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...). */
export interface S3Config {
  bucket: string;
  /** The service's address; null means AWS S3 in `region`. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** The largest disk floor that can be set: a pebibyte, in megabytes (a large server's floor is well over 64 GB). */
const MAX_DISK_FREE_FLOOR_MB = 2 ** 30;

function integer(name: string, value: string | undefined, fallback: number, max = 65535): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from 0 to ${max} (got "${value}").`);
  }
  return parsed;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false (got "${value}").`);
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * S3 mode is all or nothing: a half-configured bucket must not quietly fall back to one
 * machine's disk, and a missing key must not surface later as a failed upload.
 */
function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET || null;
  if (!bucket) {
    const stray = S3_VARIABLES.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store files in that bucket, or unset ${stray} to keep them under DATA_DIR.`);
    return null;
  }
  const required = (name: 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY') => {
    const value = env[name];
    if (!value) throw new ConfigError(`${name} is missing: S3_BUCKET is set, so files go to S3-compatible storage, which needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`);
    return value;
  };
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be a full address such as https://s3.example.com or http://127.0.0.1:9000 (got "${endpoint}").`);
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
  };
}

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

/** Stripe is all or nothing: a missing webhook secret would sell subscriptions that never start. */
function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig | null {
  const set = STRIPE_VARIABLES.filter((name) => env[name]);
  if (set.length === 0) return null;
  const missing = STRIPE_VARIABLES.find((name) => !env[name]);
  if (missing) throw new ConfigError(`${missing} is missing: ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set, and Stripe needs all of ${STRIPE_VARIABLES.join(', ')}. Unset them all to use the built-in test checkout.`);
  return { secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, priceId: env.STRIPE_PRICE_ID! };
}

function testClock(env: NodeJS.ProcessEnv): boolean {
  const on = flag('CINEGRADE_TEST_CLOCK', env.CINEGRADE_TEST_CLOCK, false);
  if (on && env.NODE_ENV === 'production') throw new ConfigError('CINEGRADE_TEST_CLOCK is for tests only and is refused with NODE_ENV=production.');
  return on;
}

/** A guessable token would publish the queue's state; 16 characters at least. */
function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long (for example the output of `openssl rand -hex 24`).');
  return value;
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
  const databaseUrl = env.DATABASE_URL || null;
  const runWorker = flag('RUN_WORKER', env.RUN_WORKER, true);
  // The embedded database is locked to one process, so no separate worker could ever run the
  // jobs: uploads would wait for their thumbnails forever.
  if (!runWorker && !databaseUrl) {
    throw new ConfigError('RUN_WORKER=false needs DATABASE_URL: with the embedded database no separate worker can open the data folder, so this process must run the background jobs.');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? './data'),
    databaseUrl,
    publicUrl,
    authSecret: env.AUTH_SECRET || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Cinegrade <no-reply@cinegrade.local>',
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    runWorker,
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    logLevel,
    shutdownTimeoutSeconds: integer('SHUTDOWN_TIMEOUT_SECONDS', env.SHUTDOWN_TIMEOUT_SECONDS, 25),
    jobGraceSeconds: integer('JOB_GRACE_SECONDS', env.JOB_GRACE_SECONDS, 20),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    rateLimitMultiplier: integer('RATE_LIMIT_MULTIPLIER', env.RATE_LIMIT_MULTIPLIER, 1) || 1,
    s3: s3Config(env),
    stripe: stripeConfig(env),
    testClock: testClock(env),
    exportSegmentSeconds: integer('EXPORT_SEGMENT_SECONDS', env.EXPORT_SEGMENT_SECONDS, 120),
    diskFreeFloorBytes: integer('DISK_FREE_FLOOR_MB', env.DISK_FREE_FLOOR_MB, 1024, MAX_DISK_FREE_FLOOR_MB) * 1024 * 1024,
  };
}
