/**
 * Split exports, end to end with real ffmpeg on a real PostgreSQL and two workers (two services
 * in this process sharing the database and the files): a clip longer than EXPORT_SEGMENT_SECONDS
 * is rendered in segments by both workers and joined by stream copy. The joined file has the
 * source's frames, duration and colour tags, and no seam against a single-pass render; cancelling
 * stops every segment's ffmpeg; a segment whose ffmpeg is killed is retried alone; nothing of the
 * segments is left behind.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_LUT_SIZE, writeCube } from '@cinegrade/color';
import type { Asset, ColorSettings, ExportFormat } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArgs } from '../src/exports/export-args';
import { gradeOfRequest, type AssetMetadata } from '../src/exports/export.service';
import { PID_FILE } from '../src/platform/work-folder';
import { download, exportStatus, FFMPEG, finishedExport, postJson, probeFile, startExport, type ProbedStream } from './support/exports';
import { SEGMENT_CLIP, segmentSourceClip, videoFrames } from './support/segments';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';

const { seconds: SECONDS, frames: FRAMES } = SEGMENT_CLIP;
// 8 s of source in segments of about 2 s: four segments of 20 frames, joins before frames 20, 40 and 60.
const SEGMENT_SECONDS = '2';
const JOINS = [20, 40, 60];
const SETTINGS: ColorSettings = { contrast: 20, saturation: 15, temperature: 10 };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-segments-test-'));

/** Per-frame PSNR (average of the planes, dB) of `file` against `reference`. */
function psnrPerFrame(file: string, reference: string): number[] {
  const stats = path.join(work, `psnr-${path.basename(file)}.log`);
  execFileSync(FFMPEG, ['-v', 'error', '-i', file, '-i', reference, '-lavfi', `[0:v][1:v]psnr=stats_file=${stats}`, '-f', 'null', '-']);
  return fs
    .readFileSync(stats, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const value = /psnr_avg:(\S+)/.exec(line)?.[1] ?? 'nan';
      return value === 'inf' ? 100 : Number(value);
    });
}

describe('a split export (segments on two workers, joined)', () => {
  let server: TestServer;
  let sibling: TestServer;
  let user: { cookie: string; email: string };
  let userId: string;
  let clip: Asset;
  let source: string;
  beforeAll(async () => {
    server = await startTestServer('postgres', { EXPORT_SEGMENT_SECONDS: SEGMENT_SECONDS });
    sibling = await server.sibling();
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    userId = (await server.services.database.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    source = segmentSourceClip(work);
    const response = await new TusTestClient(server, user.cookie).upload(source, 'long take.mp4');
    expect(response.status, await response.clone().text()).toBe(200);
    clip = ((await response.json()) as { asset: Asset }).asset;
  }, WAIT.mediaMs);
  afterAll(async () => {
    await sibling?.close();
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const segmentJobs = async (exportId: string) =>
    (
      await server.services.database.pool.query<{ part: string; retry_count: number; state: string }>(
        `select data->>'part' as part, retry_count, state from pgboss.job where name = 'export.render-segment' and data->>'exportId' = $1 order by (data->>'part')::int`,
        [exportId],
      )
    ).rows;

  /** What is left of an export's segments: rows, stored files, work folders. */
  async function segmentLeftovers(exportId: string): Promise<string[]> {
    const rows = await server.services.database.db.selectFrom('export_segments').select('part').where('export_id', '=', exportId).execute();
    const userFolder = path.join(server.config.dataDir, 'files', userId);
    return [
      ...rows.map((row) => `segment row ${row.part}`),
      ...fs.readdirSync(userFolder).filter((name) => name.includes(`export-${exportId}.part-`)),
      ...fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`cinegrade-export-${exportId}`)),
    ];
  }

  /** Nothing of the segments is left once the job that settled the export has tidied up (a moment after the status changes). */
  async function expectNoSegmentsLeft(exportId: string): Promise<void> {
    await waitFor('the segments to be removed', async () => ((await segmentLeftovers(exportId)).length === 0 ? true : undefined)).catch(() => undefined);
    expect(await segmentLeftovers(exportId)).toEqual([]);
  }

  it('joins MP4 segments into the source\'s frames, duration and colour tags, with no seam against a single-pass render', async () => {
    const started = await startExport(server, user.cookie, { assetId: clip.id, colorSettings: SETTINGS, outputFormat: 'mp4', quality: '720p' });
    // The export's progress while its segments render: theirs together, weighted by their frames.
    const seen: number[] = [];
    const done = await waitFor(
      'the split export to finish',
      async () => {
        const status = await exportStatus(server, user.cookie, started.predictionId);
        seen.push(status.progress);
        return ['succeeded', 'failed', 'canceled'].includes(status.status) ? status : undefined;
      },
      WAIT.renderMs,
      100,
    );
    expect(done.status, done.error ?? '').toBe('succeeded');
    console.log(`Progress seen while rendering: ${[...new Set(seen)].join(', ')}`);
    expect(seen.some((progress) => progress > 0 && progress < 100)).toBe(true);
    const jobs = await segmentJobs(started.predictionId);
    expect(jobs.map((j) => j.part)).toEqual(['0', '1', '2', '3']);
    await expectNoSegmentsLeft(started.predictionId);

    const joined = (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, 'joined.mp4'))).file;
    const probed = probeFile(joined);
    const sourceProbe = probeFile(source);
    expect(videoFrames(joined)).toBe(videoFrames(source));
    expect(videoFrames(joined)).toBe(FRAMES);
    expect(probed.duration).toBeCloseTo(sourceProbe.duration ?? 0, 1);
    const tags = (stream: ProbedStream | undefined) => ({ color_space: stream?.color_space, color_transfer: stream?.color_transfer, color_primaries: stream?.color_primaries, color_range: stream?.color_range });
    const joinedVideo = probed.streams.find((s) => s.codec_type === 'video');
    expect(joinedVideo).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(tags(joinedVideo)).toEqual(tags(sourceProbe.streams.find((s) => s.codec_type === 'video')));
    expect(tags(joinedVideo)).toEqual({ color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709', color_range: 'tv' });
    // The audio is one stream encoded once for the whole export.
    expect(probed.streams.filter((s) => s.codec_type === 'audio')).toMatchObject([{ codec_name: 'aac' }]);

    // The same export in one piece: the export's own command, run directly.
    const metadata = (await server.services.database.db.selectFrom('projects').select('metadata').where('id', '=', clip.id).executeTakeFirstOrThrow()).metadata as AssetMetadata;
    const grade = gradeOfRequest(null, SETTINGS);
    const lutPath = path.join(work, 'grade.cube');
    fs.writeFileSync(lutPath, writeCube(cubeFromLut(bakeLut(grade, DEFAULT_LUT_SIZE), 'single pass')));
    const single = path.join(work, 'single.mp4');
    execFileSync(FFMPEG, exportArgs({ input: { path: source, demuxer: metadata.demuxer }, metadata, grade, format: 'mp4', quality: '720p', lutPath, outputPath: single }));
    const psnr = psnrPerFrame(joined, single);
    expect(psnr).toHaveLength(FRAMES);
    const atJoins = JOINS.flatMap((frame) => [frame - 1, frame]);
    const joinValues = atJoins.map((frame) => psnr[frame] ?? 0);
    const elsewhere = psnr.filter((_, frame) => !atJoins.includes(frame));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(
      `PSNR of the joined file against a single-pass render: at the joins (frames ${atJoins.join(', ')}) ${joinValues.map((v) => v.toFixed(2)).join(', ')} dB (mean ${mean(joinValues).toFixed(2)}); ` +
        `elsewhere mean ${mean(elsewhere).toFixed(2)}, min ${Math.min(...elsewhere).toFixed(2)} dB`,
    );
    // A dropped, doubled or shifted frame at a join would fall far below every other frame.
    expect(Math.min(...joinValues)).toBeGreaterThanOrEqual(Math.min(...elsewhere));
    expect(mean(joinValues)).toBeGreaterThanOrEqual(mean(elsewhere) - 1);
  }, 900_000);

  it.each(['webm', 'mov', 'avi'] satisfies ExportFormat[])('joins %s segments with the source\'s frames and duration', async (format) => {
    const started = await startExport(server, user.cookie, { assetId: clip.id, colorSettings: SETTINGS, outputFormat: format, quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect((await segmentJobs(started.predictionId)).length).toBe(4);
    await expectNoSegmentsLeft(started.predictionId);
    const joined = (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, `joined.${format}`))).file;
    expect(videoFrames(joined)).toBe(FRAMES);
    expect(probeFile(joined).duration).toBeCloseTo(SECONDS, 1);
    const video = probeFile(joined).streams.find((s) => s.codec_type === 'video');
    if (format !== 'avi') expect(video).toMatchObject({ color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709' });
    fs.rmSync(joined);
  }, 900_000);

  it('retries alone a segment whose ffmpeg was killed, and still joins every frame once', async () => {
    const started = await startExport(server, user.cookie, { assetId: clip.id, colorSettings: SETTINGS, outputFormat: 'mp4', quality: '720p' });
    const pidFile = path.join(os.tmpdir(), `cinegrade-export-${started.predictionId}-part-2`, PID_FILE);
    const pid = await waitFor('segment 2 to be rendering', () => Promise.resolve(fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) || undefined : undefined), WAIT.renderMs, 50);
    process.kill(pid, 'SIGKILL');
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const jobs = await segmentJobs(started.predictionId);
    expect(jobs.map((j) => [j.part, j.retry_count])).toEqual([['0', 0], ['1', 0], ['2', 1], ['3', 0]]);
    await expectNoSegmentsLeft(started.predictionId);
    const joined = (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, 'retried.mp4'))).file;
    expect(videoFrames(joined)).toBe(FRAMES);
  }, 900_000);

  it('stops every running segment when cancelled, and keeps nothing', async () => {
    const started = await startExport(server, user.cookie, { assetId: clip.id, colorSettings: { ...SETTINGS, clarity: 40 }, outputFormat: 'mp4', quality: '720p' });
    const running = () =>
      fs
        .readdirSync(os.tmpdir())
        .filter((name) => name.startsWith(`cinegrade-export-${started.predictionId}-part-`))
        .map((name) => {
          try {
            return Number(fs.readFileSync(path.join(os.tmpdir(), name, PID_FILE), 'utf8'));
          } catch {
            return 0;
          }
        })
        .filter((pid) => pid > 0 && fs.existsSync(`/proc/${pid}`));
    // Both workers rendering a segment at once.
    const pids = await waitFor('two segments to be rendering', () => Promise.resolve(running().length >= 2 ? running() : undefined), WAIT.renderMs, 50);
    const cancel = await postJson(server, '/api/functions/cancel-processing', user.cookie, { predictionId: started.predictionId });
    expect(cancel.status).toBe(200);
    await waitFor('every segment ffmpeg to stop', () => Promise.resolve(pids.every((pid) => !fs.existsSync(`/proc/${pid}`)) ? true : undefined), WAIT.serverMs);
    expect((await exportStatus(server, user.cookie, started.predictionId)).status).toBe('canceled');
    // The segments not started yet skip; every segment job ends, and nothing of them is left.
    await waitFor('every segment job to end', async () => ((await segmentJobs(started.predictionId)).every((j) => ['completed', 'cancelled', 'failed'].includes(j.state)) ? true : undefined), WAIT.renderMs);
    await expectNoSegmentsLeft(started.predictionId);
    expect((await server.services.database.db.selectFrom('exports').select(['status', 'size_bytes']).where('id', '=', started.predictionId).executeTakeFirstOrThrow()).status).toBe('canceled');
  }, 900_000);
});
