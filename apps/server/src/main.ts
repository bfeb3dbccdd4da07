import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { MediaBinariesMissingError } from './media/binaries';
import { FfmpegProbeError } from './media/ffmpeg-capability-probe';
import { createLogger } from './platform/logger';
import { closeHttpServer, onStopSignal } from './platform/shutdown';
import { createServices } from './services';

/** `npm start`: the whole product in one process on PORT (docs/operations.md, 'Embedded (default)'). */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const services = await createServices(config, logger);
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = services.database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
    const files = config.s3 ? `files in S3 bucket ${config.s3.bucket}` : `files in ${config.dataDir}`;
    logger.info(`Cinegrade is running at ${config.publicUrl} (listening on ${info.address}:${info.port}; ${where}; ${files}; mail: ${services.mailer.kind})`);
  });
  // Graceful shutdown (docs/operations.md, 'Graceful shutdown'): refuse new connections, finish
  // the requests in flight (an upload chunk included) and, here, the running jobs, then close.
  const timeoutMs = config.shutdownTimeoutSeconds * 1000;
  onStopSignal(logger, timeoutMs, async (signal) => {
    logger.info(`${signal} received: finishing requests in flight (at most ${config.shutdownTimeoutSeconds} s), then stopping`);
    services.lifecycle.drain();
    const [drained] = await Promise.all([closeHttpServer(server as Server, timeoutMs), services.jobs.drain(Math.min(config.jobGraceSeconds * 1000, timeoutMs))]);
    if (!drained) logger.warn(`Requests still open after ${config.shutdownTimeoutSeconds} s (SHUTDOWN_TIMEOUT_SECONDS) were cut`);
    await services.close();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof MediaBinariesMissingError || error instanceof FfmpegProbeError) {
    process.stderr.write(`Cinegrade could not start: ${error.message}\n`);
  } else {
    process.stderr.write(`Cinegrade could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
