import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded set-up on port 3000 with data under ./data of the caller', () => {
    const config = loadConfig({}, '/srv/cinegrade');
    expect(config).toMatchObject({ port: 3000, dataDir: '/srv/cinegrade/data', databaseUrl: null, publicUrl: 'http://localhost:3000', smtpUrl: null, runWorker: true });
  });

  it('resolves DATA_DIR against INIT_CWD, where npm was invoked', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/cinegrade', DATA_DIR: 'media' }).dataDir).toBe(path.resolve('/home/me/cinegrade/media'));
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/')).toThrow(new ConfigError('PORT must be a whole number from 0 to 65535 (got "eighty").'));
    expect(() => loadConfig({ RUN_WORKER: 'maybe' }, '/')).toThrow(/RUN_WORKER must be true or false/);
    expect(() => loadConfig({ PUBLIC_URL: 'grade.example.com' }, '/')).toThrow(/PUBLIC_URL must be a full address/);
  });

  it('splits exports longer than 120 s by default, and EXPORT_SEGMENT_SECONDS changes it or (0) turns it off', () => {
    expect(loadConfig({}, '/').exportSegmentSeconds).toBe(120);
    expect(loadConfig({ EXPORT_SEGMENT_SECONDS: '30' }, '/').exportSegmentSeconds).toBe(30);
    expect(loadConfig({ EXPORT_SEGMENT_SECONDS: '0' }, '/').exportSegmentSeconds).toBe(0);
    expect(() => loadConfig({ EXPORT_SEGMENT_SECONDS: 'two minutes' }, '/')).toThrow(/EXPORT_SEGMENT_SECONDS must be a whole number/);
  });

  it('refuses RUN_WORKER=false on the embedded database, where no other process could run the jobs', () => {
    expect(() => loadConfig({ RUN_WORKER: 'false' }, '/')).toThrow(/^RUN_WORKER=false needs DATABASE_URL/);
    expect(loadConfig({ RUN_WORKER: 'false', DATABASE_URL: 'postgres://db/cinegrade' }, '/').runWorker).toBe(false);
  });

  it('stores files on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}, '/').s3).toBeNull();
    const s3 = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3, '/').s3).toEqual({ bucket: 'media', endpoint: null, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false });
    const minio = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' }, '/').s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true });
  });

  it('names the missing variable of an incomplete S3 configuration', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, '/')).toThrow(/^S3_ACCESS_KEY_ID is missing/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, '/')).toThrow(/^S3_SECRET_ACCESS_KEY is missing/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key' }, '/')).toThrow(/^S3_ENDPOINT is set but S3_BUCKET is not/);
    const complete = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'minio:9000' }, '/')).toThrow(/S3_ENDPOINT must be a full address/);
    expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'sometimes' }, '/')).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });

  it('uses Stripe only with all three STRIPE_ variables, and never honours the test clock in production', () => {
    expect(loadConfig({}, '/').stripe).toBeNull();
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x' };
    expect(loadConfig(stripe, '/').stripe).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x', priceId: 'price_x' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_ID: 'price_x' }, '/')).toThrow(/^STRIPE_WEBHOOK_SECRET is missing/);
    expect(loadConfig({ CINEGRADE_TEST_CLOCK: 'true' }, '/').testClock).toBe(true);
    expect(() => loadConfig({ CINEGRADE_TEST_CLOCK: 'true', NODE_ENV: 'production' }, '/')).toThrow(/refused with NODE_ENV=production/);
  });

  it('bounds shutdown by SHUTDOWN_TIMEOUT_SECONDS and JOB_GRACE_SECONDS, and wants a long METRICS_TOKEN', () => {
    expect(loadConfig({}, '/')).toMatchObject({ shutdownTimeoutSeconds: 25, jobGraceSeconds: 20, metricsToken: null });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '5', JOB_GRACE_SECONDS: '600', METRICS_TOKEN: 'a-long-enough-token' }, '/')).toMatchObject({ shutdownTimeoutSeconds: 5, jobGraceSeconds: 600, metricsToken: 'a-long-enough-token' });
    expect(() => loadConfig({ JOB_GRACE_SECONDS: 'a minute' }, '/')).toThrow(/^JOB_GRACE_SECONDS must be a whole number/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/')).toThrow(/^METRICS_TOKEN must be at least 16 characters/);
  });
});
