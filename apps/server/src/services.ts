import os from 'node:os';
import path from 'node:path';
import { mediaFeatureStates, type MediaStatus } from '@cinegrade/contract';
import { ProfileRepository } from './account/profile.repository';
import { SettingsRepository } from './account/settings.repository';
import { AssetRepository } from './assets/asset.repository';
import { AssetService } from './assets/asset.service';
import { FileService } from './assets/file.service';
import { AppSecretRepository } from './auth/app-secret.repository';
import { resolveAuthSecret } from './auth/auth-secret';
import { DiskSpace } from './platform/disk-space';
import { DeviceTrust } from './auth/device-trust';
import { KnownAddressRepository } from './auth/known-address.repository';
import { AuthService } from './auth/auth.service';
import { createBetterAuth } from './auth/better-auth.adapter';
import { RateLimitRepository } from './auth/rate-limit.repository';
import { RateLimiter } from './auth/rate-limiter';
import { UserRepository } from './auth/user.repository';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createMemoryNotifications, createPostgresNotifications } from './db/notifications';
import { createEventBus, type EventBus } from './events/event-bus';
import { Housekeeping } from './jobs/housekeeping';
import { JobQueue } from './jobs/job-queue';
import type { JobDefinition } from './jobs/job-types';
import { createMailer, type Mailer } from './mail/mailer';
import { resolveMediaBinaries, type MediaBinaries } from './media/binaries';
import { describeMediaCheck } from './media/ffmpeg-capabilities';
import { probeFfmpeg } from './media/ffmpeg-capability-probe';
import { HeifTools, locateHeifConvert } from './media/heif-tools';
import { MEDIA_DERIVE_EXPIRY_SECONDS, MediaTools, SHORT_DERIVE_EXPIRY_SECONDS } from './media/media-tools';
import type { Logger } from './platform/logger';
import { Lifecycle } from './platform/shutdown';
import { FileDeletions } from './storage/file-deletions';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import { FileSigner } from './storage/signed-urls';
import type { Storage } from './storage/storage';
import { CompletedUploadRepository } from './uploads/completed-uploads.repository';
import { UploadLocker } from './uploads/upload-locker';
import { StorageQuota } from './uploads/storage-quota';
import { createUploadServer } from './uploads/upload-server';
import { createUploadStaging } from './uploads/upload-staging';
import { GradeVersionRepository } from './assets/grade-version.repository';
import { GradeVersionService } from './assets/grade-version.service';
import { UserLutRepository } from './luts/user-lut.repository';
import { UserLutService } from './luts/user-lut.service';
import { AnalysisService } from './analysis/analysis.service';
import { FrameDecoder } from './analysis/frame-decoder.adapter';
import { ExportPolicy } from './exports/export-policy';
import { ExportRenderer } from './exports/export-renderer.adapter';
import { ExportSegmentRepository } from './exports/export-segment.repository';
import { ExportRepository } from './exports/export.repository';
import { ExportService } from './exports/export.service';
import { BatchRepository } from './batch/batch.repository';
import { BatchService } from './batch/batch.service';
import { BillingService } from './billing/billing.service';
import type { BillingProvider } from './billing/billing-provider';
import { BuiltinBilling } from './billing/builtin-billing';
import { Clock } from './billing/clock';
import { SubscriptionRepository } from './billing/subscription.repository';
import { StripeBilling, type StripeApiAddress } from './billing/stripe-billing';

/** Everything a server (or worker) process holds; built once by `createServices`. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  mailer: Mailer;
  auth: AuthService;
  profiles: ProfileRepository;
  settings: SettingsRepository;
  storage: Storage;
  signer: FileSigner;
  events: EventBus;
  jobs: JobQueue;
  assets: AssetService;
  gradeVersions: GradeVersionService;
  files: FileService;
  userLuts: UserLutService;
  analysis: AnalysisService;
  /** What this process's ffmpeg can do, probed once at start (GET /api/health reports it). */
  media: MediaStatus;
  /** Database-backed fixed-window limits, shared by every process. */
  rateLimiter: RateLimiter;
  exports: ExportService;
  batches: BatchService;
  billing: BillingService;
  fileDeletions: FileDeletions;
  uploads: ReturnType<typeof createUploadServer>;
  /** Free disk against DISK_FREE_FLOOR_MB: below it new uploads and exports are refused. */
  disk: DiskSpace;
  storageQuota: StorageQuota;
  /** Periodic sweeps, in processes that run jobs. */
  housekeeping: Housekeeping | null;
  /** Whether the process is stopping (graceful shutdown; see main.ts and worker-main.ts). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  mailer?: Mailer;
  /** Multiplies rate limits (tests that sign up many users from one address). */
  rateLimitMultiplier?: number;
  /** Run job handlers in this process (defaults to RUN_WORKER). */
  runWorker?: boolean;
  /** Where the Stripe SDK sends requests (tests: a local stand-in for Stripe's API). */
  stripeApi?: StripeApiAddress;
}

export async function createServices(config: Config, logger: Logger, overrides: ServiceOverrides = {}): Promise<Services> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error: unknown) => logger.warn('Error while closing', { error }));
  };
  try {
    const mailer = overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, logger);
    const secret = await resolveAuthSecret(new AppSecretRepository(database.db), config.authSecret);
    const clock = new Clock(config.testClock);
    const profiles = new ProfileRepository(database.db, () => clock.now());
    const settings = new SettingsRepository(database.db);
    const limiter = new RateLimiter(new RateLimitRepository(database.db), overrides.rateLimitMultiplier ?? config.rateLimitMultiplier);
    const betterAuth = createBetterAuth({ db: database.db, secret, publicUrl: config.publicUrl, mailer, logger });
    const auth = new AuthService(betterAuth, new UserRepository(database.db), profiles, limiter, logger, { devices: new DeviceTrust(secret), addresses: new KnownAddressRepository(database.db), mailer, publicUrl: config.publicUrl });

    const storage = await openStorage(config);
    if (storage instanceof S3Storage) closers.push(() => Promise.resolve(storage.close()));
    const signer = new FileSigner(secret);
    const notifications = config.databaseUrl ? await createPostgresNotifications(config.databaseUrl, database.pool, logger) : createMemoryNotifications();
    closers.push(() => notifications.close());
    const events = await createEventBus(notifications, logger);
    const jobs = new JobQueue(database, logger);
    await jobs.start();
    closers.push(() => jobs.stop());
    const binaries = resolveMediaBinaries();
    const heif = new HeifTools(locateHeifConvert());
    const media = await checkMedia(binaries, heif, logger);
    const tools = new MediaTools(binaries, heif);
    const userLuts = new UserLutService(new UserLutRepository(database.db), profiles);
    const assetRepository = new AssetRepository(database.db);
    const exportRepository = new ExportRepository(database.db);
    const assets = new AssetService(assetRepository, storage, signer, tools, jobs, events, logger, {
      profiles,
      userLuts,
      derivedFiles: (tx, userId, assetId) => ExportRepository.outputKeysOfAsset(tx, userId, assetId),
    });
    const gradeVersions = new GradeVersionService(new GradeVersionRepository(database.db), assetRepository, { profiles, userLuts });
    const exportPolicy = new ExportPolicy(profiles, userLuts, media);
    const storageQuota = new StorageQuota(database.db, profiles);
    const disk = new DiskSpace([config.dataDir, os.tmpdir()], config.diskFreeFloorBytes);
    const exports = new ExportService(exportRepository, assetRepository, exportPolicy, storageQuota, jobs, signer, events, logger, disk);
    const batches = new BatchService(new BatchRepository(database.db), assetRepository, assets, exports, profiles, jobs, signer, storage, events, logger);
    const split = { jobs, segments: new ExportSegmentRepository(database.db), segmentSeconds: config.exportSegmentSeconds };
    const renderer = new ExportRenderer(exportRepository, assetRepository, userLuts, exportPolicy, storage, tools, events, logger, os.tmpdir(), split, storageQuota);
    const analysis = new AnalysisService(new FrameDecoder(tools.binaries), profiles);
    const subscriptions = new SubscriptionRepository(database.db);
    const billingProvider: BillingProvider = config.stripe ? new StripeBilling(config.stripe, config.publicUrl, overrides.stripeApi) : new BuiltinBilling(subscriptions, config.publicUrl, clock);
    const billing = new BillingService(subscriptions, profiles, billingProvider, clock, logger);
    const fileDeletions = new FileDeletions(database.db, storage, logger);
    const staging = createUploadStaging({ dataDir: config.dataDir, s3: config.s3, storage });
    const uploadLocker = await UploadLocker.create(database.db, notifications, logger);
    const completedUploads = new CompletedUploadRepository(database.db);
    const uploads = createUploadServer({ staging, locker: uploadLocker, completed: completedUploads, quota: storageQuota, auth, assets, logger, disk });

    const work = overrides.runWorker ?? config.runWorker;
    await defineJobs(jobs, { assets, fileDeletions, renderer }, work);
    if (work && database.kind === 'embedded') await jobs.reapAllLeases();
    let housekeeping: Housekeeping | null = null;
    if (work) {
      const started = new Housekeeping({ deletions: fileDeletions, jobs, cleanUpExpiredUploads: () => staging.cleanUpExpired(), removeStaleUploadLocks: async () => (await uploadLocker.removeStale()) + (await completedUploads.removeExpired()) + (await storageQuota.removeExpired()), removeExportsPastRetention: () => exportRepository.removePastRetention(), logger });
      started.start();
      closers.push(() => Promise.resolve(started.stop()));
      housekeeping = started;
    }

    return { config, logger, database, mailer, auth, profiles, settings, storage, signer, events, jobs, assets, gradeVersions, files: new FileService(storage, signer), userLuts, analysis, media, rateLimiter: limiter, exports, batches, disk, billing, fileDeletions, uploads, storageQuota, housekeeping, lifecycle: new Lifecycle(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Asks the ffmpeg found what it can do, once, and logs one line: its version and that everything
 * the product uses is there, or which features are off and why (a warning: exports in those
 * formats are refused with that reason until ffmpeg is replaced).
 */
async function checkMedia(binaries: MediaBinaries, heif: HeifTools, logger: Logger): Promise<MediaStatus> {
  const inventory = { ...(await probeFfmpeg(binaries.ffmpeg)), programs: new Set(heif.available ? ['heif-convert'] : []) };
  const features = mediaFeatureStates(inventory);
  const { allPresent, line } = describeMediaCheck(binaries.ffmpeg, inventory, features);
  if (allPresent) logger.info(line);
  else logger.warn(line);
  return { ffmpeg: inventory.version, features };
}

/** Files in the S3 bucket when one is configured (checked now, not at the first upload), else under DATA_DIR. */
async function openStorage(config: Config): Promise<Storage> {
  if (!config.s3) return new LocalStorage(path.join(config.dataDir, 'files'));
  const storage = new S3Storage(config.s3);
  try {
    await storage.verifyBucket();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}

/** Every kind of job and who handles it; `work` decides whether this process runs them. */
async function defineJobs(jobs: JobQueue, handlers: { assets: AssetService; fileDeletions: FileDeletions; renderer: ExportRenderer }, work: boolean): Promise<void> {
  // Two lanes for preparing uploads, one job at a time in each: short work (a thumbnail, a preview
  // under a minute) never waits behind a long preview encode (docs/engineering-rules.md, 'Jobs').
  for (const [name, expireInSeconds] of [
    // Longer than the proxy's own wall-clock limit (media-tools.ts), so pg-boss never retries a
    // job that is still running.
    ['media.derive', MEDIA_DERIVE_EXPIRY_SECONDS],
    ['media.derive-short', SHORT_DERIVE_EXPIRY_SECONDS],
  ] as const) {
    await jobs.define(
      {
        name,
        retryLimit: 3,
        retryDelaySeconds: 10,
        expireInSeconds,
        concurrency: 1,
        handler: (data, context) => handlers.assets.deriveMedia(data.userId, data.assetId, context.signal),
      },
      work,
    );
  }
  // One render at a time per worker process: ffmpeg already uses every core. Retried from the start
  // (twice) when its worker dies or the process stops; each job's expiry is set when it is sent, from
  // the export's own wall-clock limit (see ExportService.start), under pg-boss's 24-hour ceiling.
  // A split export (docs/operations.md, 'Segmented exports') has a job per segment, retried alone, on
  // whichever worker is free, and a join (stream copy and the audio); each is sent with its own expiry.
  const exportJob = <N extends 'export.render' | 'export.render-segment' | 'export.join'>(name: N, handler: JobDefinition<N>['handler']) =>
    jobs.define({ name, retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 23 * 60 * 60, concurrency: 1, handler }, work);
  await exportJob('export.render', (data, context) => handlers.renderer.render(data, context));
  await exportJob('export.render-segment', (data, context) => handlers.renderer.renderSegment(data, context));
  await exportJob('export.join', (data, context) => handlers.renderer.join(data, context));
  await jobs.define(
    {
      name: 'storage.delete',
      retryLimit: 8,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      concurrency: 1,
      handler: () => handlers.fileDeletions.run(),
    },
    work,
  );
}
