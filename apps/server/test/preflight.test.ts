/**
 * The preflight of `npm start` and `npm run worker` (scripts/system-deps.mjs): run as a child
 * process the way npm runs it, as a user who is not root (on this machine's root, as `nobody`),
 * so it may never install anything; and its decision, purely, for root on Debian.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_FEATURES } from '@cinegrade/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { MINIMUM_FFMPEG_MAJOR, resolveMediaBinaries } from '../src/media/binaries';
import { ensureSystemDeps, FFMPEG_REQUIREMENT, HEIF_REQUIREMENT, planSystemDeps, SystemDepsError } from '../../../scripts/system-deps.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const NOBODY = 65534;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-preflight-'));
fs.chmodSync(folder, 0o755);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

// The preflight runs as `nobody`, who may not be able to read the checkout (a clone in a private
// temp folder, say): it runs from a copy of the two scripts in this test's own readable folder.
const scripts = path.join(folder, 'scripts');
fs.mkdirSync(scripts, { mode: 0o755 });
for (const script of ['system-deps.mjs', 'ffmpeg-binaries.mjs']) {
  fs.copyFileSync(path.join(REPO_ROOT, 'scripts', script), path.join(scripts, script));
  fs.chmodSync(path.join(scripts, script), 0o644);
}

/** A folder for PATH holding only these programs: links to real ones, or scripts. */
function pathWith(name: string, programs: Record<string, { link: string } | { script: string }>): string {
  const dir = path.join(folder, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const [program, made] of Object.entries(programs)) {
    const file = path.join(dir, program);
    if ('link' in made) fs.symlinkSync(made.link, file);
    else fs.writeFileSync(file, `#!/bin/sh\n${made.script}\n`, { mode: 0o755 });
  }
  return dir;
}

function preflight(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const asUser = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  const result = spawnSync(process.execPath, [path.join(scripts, 'system-deps.mjs'), 'server'], { cwd: folder, env, encoding: 'utf8', timeout: 60_000, ...asUser });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const APT_GET = '/usr/bin/apt-get';

/** Where this machine's ffmpeg or ffprobe is, for a PATH that holds them and nothing else. */
const FFMPEG_REQUIREMENT_BINARY = (name: 'ffmpeg' | 'ffprobe') => resolveMediaBinaries()[name];

describe('the preflight of npm start', () => {
  it('stops a user who is not root, before anything starts, with one paragraph saying what to install', () => {
    const PATH = pathWith('debian-without-ffmpeg', fs.existsSync(APT_GET) ? { 'apt-get': { link: APT_GET } } : {});
    const result = preflight({ PATH, npm_lifecycle_event: 'start' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const paragraph = result.stderr.trim();
    expect(paragraph).not.toContain('\n');
    expect(paragraph).toBe(
      'Cinegrade cannot start: it needs ffmpeg and ffprobe 5 or newer, but neither is installed (FFMPEG_PATH and FFPROBE_PATH are not set, and neither is on PATH). ' +
        'On Debian or Ubuntu install it with "sudo apt-get install -y ffmpeg". ' +
        'On other systems install ffmpeg 5 or newer built with zimg (the zscale filter), libx264, libvpx (VP9) and libopus. ' +
        'Or set FFMPEG_PATH and FFPROBE_PATH to such an ffmpeg and ffprobe. Then run "npm start" again.',
    );
  });

  it('stops on an ffmpeg older than 5 and names the worker command, never installing over a chosen binary', () => {
    const old = pathWith('old-ffmpeg', { ffmpeg: { script: 'echo "ffmpeg version 4.1 Copyright (c) 2000-2018 the FFmpeg developers"' } });
    const env = { PATH: pathWith('debian-apt-only', fs.existsSync(APT_GET) ? { 'apt-get': { link: APT_GET } } : {}), FFMPEG_PATH: path.join(old, 'ffmpeg'), FFPROBE_PATH: path.join(old, 'ffmpeg'), npm_lifecycle_event: 'worker' };
    const result = preflight(env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`it needs ffmpeg and ffprobe 5 or newer, but ${path.join(old, 'ffmpeg')} is version 4.1, older than 5.0.`);
    expect(result.stderr).toContain('Then run "npm run worker" again.');
    // Even root on Debian would not install over a binary chosen with FFMPEG_PATH.
    expect(FFMPEG_REQUIREMENT.check(env)).toEqual({ problem: `${path.join(old, 'ffmpeg')} is version 4.1, older than 5.0`, installable: false });
  });

  it('stops with the same paragraph when root cannot install (apt-get fails, offline), saying so', () => {
    const calls = path.join(folder, 'apt-calls');
    const PATH = pathWith('debian-offline', { 'apt-get': { script: `echo "$@" >> ${calls}\necho "E: Could not resolve 'deb.debian.org'" >&2\nexit 100` } });
    const logged: string[] = [];
    let stopped: unknown;
    try {
      ensureSystemDeps([FFMPEG_REQUIREMENT], { who: 'Cinegrade cannot start', command: 'npm start', env: { PATH }, log: (line) => logged.push(line), machine: { isRoot: true, hasApt: true } });
    } catch (error) {
      stopped = error;
    }
    expect(stopped).toBeInstanceOf(SystemDepsError);
    expect((stopped as Error).message).toBe(
      'Cinegrade cannot start: it needs ffmpeg and ffprobe 5 or newer, but neither is installed (FFMPEG_PATH and FFPROBE_PATH are not set, and neither is on PATH); apt-get update failed (exit 100). ' +
        'On Debian or Ubuntu install it with "sudo apt-get install -y ffmpeg". ' +
        'On other systems install ffmpeg 5 or newer built with zimg (the zscale filter), libx264, libvpx (VP9) and libopus. ' +
        'Or set FFMPEG_PATH and FFPROBE_PATH to such an ffmpeg and ffprobe. Then run "npm start" again.',
    );
    expect(logged).toEqual(["Installing from Debian's package archive what is missing: ffmpeg and ffprobe 5 or newer (apt-get install ffmpeg)"]);
    // It stopped at the update: nothing was installed.
    expect(fs.readFileSync(calls, 'utf8')).toBe('update -q\n');
  });

  it('lets the server start without heif-convert, warning that HEIC and AVIF are refused, and installs it with ffmpeg when root', () => {
    const ffmpegOnly = pathWith('ffmpeg-without-heif', { ffmpeg: { link: FFMPEG_REQUIREMENT_BINARY('ffmpeg') }, ffprobe: { link: FFMPEG_REQUIREMENT_BINARY('ffprobe') } });
    const logged: string[] = [];
    ensureSystemDeps([FFMPEG_REQUIREMENT, HEIF_REQUIREMENT], { who: 'Cinegrade cannot start', command: 'npm start', env: { PATH: ffmpegOnly }, log: (line) => logged.push(line), machine: { isRoot: false, hasApt: false } });
    expect(logged).toEqual([
      'Warning: HEIC and AVIF uploads are refused: there is no heif-convert on PATH. On Debian or Ubuntu install it with "sudo apt-get install -y libheif-examples", or set HEIF_CONVERT_PATH to a heif-convert.',
    ]);
    const unmet = [FFMPEG_REQUIREMENT, HEIF_REQUIREMENT].map((requirement) => ({ requirement, shortfall: requirement.check({ PATH: '' })! }));
    expect(planSystemDeps(unmet, { isRoot: true, hasApt: true }, { who: 'Cinegrade cannot start', command: 'npm start' })).toMatchObject({ action: 'install', packages: ['ffmpeg', 'libheif-examples'] });
  });

  it('lets the server start, silently, when PATH has a suitable ffmpeg and ffprobe', () => {
    const result = preflight({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});

describe('the root npm scripts', () => {
  const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

  it('run the preflight before anything else in npm start and npm run worker', () => {
    for (const script of ['start', 'worker']) {
      const steps = (root.scripts[script] ?? '').split(' && ');
      expect(steps[0], `npm run ${script}`).toBe('node scripts/system-deps.mjs server');
      expect(steps.length, `npm run ${script}`).toBeGreaterThan(1);
    }
  });

  it('install no ffmpeg from npm: the lock file holds no package with ffmpeg or ffprobe in its name', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(Object.keys(lock.packages).filter((name) => /ff(?:mpeg|probe)/i.test(name))).toEqual([]);
  });
});

describe('planSystemDeps', () => {
  const wording = { who: 'Cinegrade cannot start', command: 'npm start' };
  const missing = FFMPEG_REQUIREMENT.check({ PATH: '' });

  it('installs Debian ffmpeg when root on a machine with apt-get', () => {
    expect(missing).toEqual({ problem: 'neither is installed (FFMPEG_PATH and FFPROBE_PATH are not set, and neither is on PATH)', installable: true });
    const unmet = [{ requirement: FFMPEG_REQUIREMENT, shortfall: missing! }];
    expect(planSystemDeps(unmet, { isRoot: true, hasApt: true }, wording)).toEqual({ action: 'install', packages: ['ffmpeg'], what: 'ffmpeg and ffprobe 5 or newer' });
  });

  it('stops without apt-get, or when FFMPEG_PATH names a binary that is not there', () => {
    const unmet = [{ requirement: FFMPEG_REQUIREMENT, shortfall: missing! }];
    expect(planSystemDeps(unmet, { isRoot: true, hasApt: false }, wording).action).toBe('stop');
    const misnamed = FFMPEG_REQUIREMENT.check({ PATH: '', FFMPEG_PATH: '/opt/nothing/ffmpeg' });
    expect(misnamed?.installable).toBe(false);
    const plan = planSystemDeps([{ requirement: FFMPEG_REQUIREMENT, shortfall: misnamed! }], { isRoot: true, hasApt: true }, wording);
    expect(plan).toMatchObject({ action: 'stop' });
    expect(plan.action === 'stop' && plan.message).toContain('FFMPEG_PATH is /opt/nothing/ffmpeg, which does not exist');
  });

  it('asks for the same ffmpeg version as the contract does of exports', () => {
    expect(MINIMUM_FFMPEG_MAJOR).toBe(MEDIA_FEATURES.export.requires.minimumMajorVersion);
  });
});
