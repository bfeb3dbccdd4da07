import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { ProcessingResult, ProcessVideoRequest } from '@cinegrade/contract';
import { resolveMediaBinaries } from '../../src/media/binaries';
import { waitFor, WAIT } from './wait';

/** What the export tests need of a server: in-process (TestServer) or a real process over HTTP. */
export interface Requester {
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
}

const { ffmpeg: FFMPEG_BINARY, ffprobe: FFPROBE } = resolveMediaBinaries();
export const FFMPEG = FFMPEG_BINARY;

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  color_space?: string;
  color_transfer?: string;
  color_primaries?: string;
  color_range?: string;
  /** Absent or 1:1 (0:1 when unknown) for square pixels. */
  sample_aspect_ratio?: string;
}

/** ffprobe's view of a file: its streams and duration. */
export function probeFile(file: string): { streams: ProbedStream[]; duration: number | null } {
  const out = execFileSync(FFPROBE, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height,sample_aspect_ratio,pix_fmt,color_space,color_transfer,color_primaries,color_range:format=duration', '-of', 'json', file], {
    encoding: 'utf8',
  });
  const parsed = JSON.parse(out) as { streams: ProbedStream[]; format?: { duration?: string } };
  const duration = Number(parsed.format?.duration);
  return { streams: parsed.streams, duration: Number.isFinite(duration) ? duration : null };
}

export async function postJson(server: Requester, path: string, cookie: string, json: unknown): Promise<Response> {
  return server.request(path, { method: 'POST', cookie, json });
}

export async function startExport(server: Requester, cookie: string, body: ProcessVideoRequest): Promise<ProcessingResult> {
  const response = await postJson(server, '/api/functions/process-video', cookie, body);
  if (response.status !== 200) throw new Error(`process-video answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProcessingResult;
}

export async function exportStatus(server: Requester, cookie: string, predictionId: string): Promise<ProcessingResult> {
  const response = await postJson(server, '/api/functions/check-processing-status', cookie, { predictionId });
  if (response.status !== 200) throw new Error(`check-processing-status answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProcessingResult;
}

/** Polls until the export has finished (succeeded, failed or canceled). */
export function finishedExport(server: Requester, cookie: string, predictionId: string, timeoutMs: number = WAIT.renderMs): Promise<ProcessingResult> {
  return waitFor(
    `export ${predictionId} to finish`,
    async () => {
      const result = await exportStatus(server, cookie, predictionId);
      return ['succeeded', 'failed', 'canceled'].includes(result.status) ? result : undefined;
    },
    timeoutMs,
    250,
  );
}

/** Downloads a signed link to a file; answers the file and the response's headers. */
export async function download(server: Requester, cookie: string, url: string, target: string): Promise<{ file: string; headers: Headers }> {
  const response = await server.request(url, { cookie });
  if (response.status !== 200) throw new Error(`download answered ${response.status}: ${await response.text()}`);
  fs.writeFileSync(target, Buffer.from(await response.arrayBuffer()));
  return { file: target, headers: response.headers };
}
