import { ConfigError, loadConfig } from './config';
import { MediaBinariesMissingError } from './media/binaries';
import { FfmpegProbeError } from './media/ffmpeg-capability-probe';
import { createLogger } from './platform/logger';
import { onStopSignal } from './platform/shutdown';
import { createServices } from './services';

/**
 * `npm run worker`: a process that only runs background jobs, for running at scale. Any number
 * can share one PostgreSQL (and one storage); the embedded default runs jobs inside the server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker needs DATABASE_URL: with the embedded database, background jobs run inside the server (npm start).');
  }
  const logger = createLogger(config.logLevel);
  const services = await createServices(config, logger, { runWorker: true });
  logger.info(`Cinegrade worker ${process.pid} is running jobs from PostgreSQL at DATABASE_URL`);
  // Graceful shutdown (docs/operations.md, 'Graceful shutdown'): take no new job, let the running
  // ones finish within JOB_GRACE_SECONDS, else stop them and hand them back to start elsewhere now.
  const graceMs = config.jobGraceSeconds * 1000;
  onStopSignal(logger, graceMs + 10_000, async (signal) => {
    logger.info(`${signal} received: taking no new jobs; the running ones have ${config.jobGraceSeconds} s to finish`);
    services.lifecycle.drain();
    const handedBack = await services.jobs.drain(graceMs);
    if (handedBack > 0) logger.info(`${handedBack} job(s) handed back to the queue`);
    await services.close();
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof MediaBinariesMissingError || error instanceof FfmpegProbeError;
  process.stderr.write(`Cinegrade worker could not start: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
