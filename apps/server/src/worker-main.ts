import { ConfigError, loadConfig } from './config';
import { MediaBinariesMissingError } from './media/binaries';
import { FfmpegProbeError } from './media/ffmpeg-capability-probe';
import { createLogger } from './platform/logger';
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
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing the current jobs, then stopping`);
    services
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error('The worker did not stop cleanly', { error });
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof MediaBinariesMissingError || error instanceof FfmpegProbeError;
  process.stderr.write(`Cinegrade worker could not start: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
