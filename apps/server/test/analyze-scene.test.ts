import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getLook, isLookId } from '@cinegrade/color';
import type { AnalyzeSceneResponse } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZE_LIMIT } from '../src/analysis/analysis.routes';
import { resolveMediaBinaries } from '../src/media/binaries';
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';

/** Looks made for skin: the engine must never offer them for a picture without any. */
const SKIN_LOOKS = ['skin-glow', 'selfie-perfect', 'vogue-portrait', 'kodak-portra-800'];

const frameDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-analysis-frames-'));

/** A picture drawn by ffmpeg (real encoders, as a browser would send), as a data URL. */
function frame(name: string, source: string, extra: string[] = []): string {
  const file = path.join(frameDir, name);
  execFileSync(resolveMediaBinaries().ffmpeg, ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', '1', ...extra, '-y', file]);
  const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
}

// A grey ramp lit by bluish light: blue well above red at every level.
const blueCast = frame('blue-cast.jpg', "nullsrc=s=480x270,geq=r='40+X/W*150':g='45+X/W*165':b='70+X/W*185'", ['-q:v', '3']);
// The colourful test pattern with its colour removed: structure, no chroma.
const greyscale = frame('greyscale.png', 'testsrc2=s=480x270', ['-vf', 'format=gray']);
const night = frame('night.webp', "nullsrc=s=320x180,geq=lum='4+X/W*10':cb=128:cr=128", ['-c:v', 'libwebp']);
const pattern = frame('pattern.jpg', 'testsrc2=s=480x270', ['-q:v', '3']);
// A plain beige gradient, sent as a browser's JPEG: skin-coloured, but without any texture.
const beige = frame('beige.jpg', "nullsrc=s=512x288,geq=r='184+X/W*46':g='143+X/W*36':b='115+X/W*30'", ['-q:v', '3']);
// 75 % colour bars (SMPTE), saturated flat areas.
const bars = frame('bars.jpg', 'smptebars=s=512x288', ['-q:v', '3']);
// 5000 × 5000 of one colour: a small file that would decode to 100 MB.
const huge = frame('huge.png', 'color=c=gray:s=5000x5000');

describe.each(DATABASE_KINDS)('POST /api/functions/analyze-scene on the %s database', (kind) => {
  let server: TestServer;
  let free: { cookie: string; email: string };
  let premium: { cookie: string; email: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    free = await server.signedInUser();
    premium = await server.signedInUser();
    await server.services.profiles.setTierByEmail(premium.email, 'Premium');
  });
  afterAll(async () => {
    await server.close();
  });

  const analyze = (cookie: string | undefined, body: object) => server.request('/api/functions/analyze-scene', { method: 'POST', cookie, json: body });
  async function recommendations(cookie: string, body: object): Promise<AnalyzeSceneResponse> {
    const response = await analyze(cookie, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AnalyzeSceneResponse;
  }

  it('recommends a warming look for a blue cast, saying why, with the scene analysis', async () => {
    const answer = await recommendations(free.cookie, { imageData: blueCast, mediaType: 'image' });
    expect(answer.error).toBeUndefined();
    const warming = answer.recommendations.find((r) => r.lut === 'instagram-warm' || r.lut === 'golden-hour-magic');
    expect(warming?.reason).toMatch(/blue cast/i);
    expect(answer.recommendations[0]?.lut).toBe('instagram-warm');
    expect(answer.sceneAnalysis.colorTemperature).toMatch(/K/);
    for (const r of answer.recommendations) {
      expect(isLookId(r.lut) && getLook(r.lut).catalogues).toContain('editor');
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('finds no skin in a plain beige gradient or colour bars, so no skin tone, portrait or skin look', async () => {
    for (const imageData of [beige, bars]) {
      const answer = await recommendations(premium.cookie, { imageData, mediaType: 'image' });
      expect(answer.sceneAnalysis.skinTone).toBeUndefined();
      expect(answer.sceneAnalysis.genre).not.toBe('Portrait / people');
      for (const r of answer.recommendations) {
        expect(SKIN_LOOKS).not.toContain(r.lut);
        expect(r.reason).not.toMatch(/skin/i);
      }
    }
  });

  it('never offers a skin look for a greyscale picture, and offers black and white', async () => {
    for (const cookie of [free.cookie, premium.cookie]) {
      const answer = await recommendations(cookie, { imageData: greyscale, mediaType: 'image' });
      expect(answer.recommendations.map((r) => r.lut)).toContain('black-white-classic');
      for (const r of answer.recommendations) expect(SKIN_LOOKS).not.toContain(r.lut);
    }
  });

  it("gives a Free user looks they can use first, premium ones marked after; Premium by confidence", async () => {
    const forFree = (await recommendations(free.cookie, { imageData: greyscale, mediaType: 'image' })).recommendations;
    const forPremium = (await recommendations(premium.cookie, { imageData: greyscale, mediaType: 'image' })).recommendations;
    const firstPremium = forFree.findIndex((r) => r.premium);
    expect(forFree[0]?.premium).toBe(false);
    expect(firstPremium).toBeGreaterThan(0);
    expect(forFree.slice(firstPremium).every((r) => r.premium)).toBe(true);
    for (const r of forFree) expect(r.premium).toBe(getLook(r.lut).tier === 'premium');
    const confidences = forPremium.map((r) => r.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    // The same picture: a premium look outranks a free one for Premium, and not for Free.
    expect(forPremium.findIndex((r) => r.premium)).toBeLessThan(firstPremium);
  });

  it('says honestly when a frame is too dark to judge, and still recommends', async () => {
    const answer = await recommendations(free.cookie, { imageData: night, mediaType: 'image' });
    expect(answer.error).toMatch(/^This frame is almost black/);
    expect(answer.recommendations.length).toBeGreaterThanOrEqual(3);
  });

  it('analyses several frames of a video as one scene', async () => {
    const answer = await recommendations(free.cookie, { imageData: blueCast, mediaType: 'video', extraFrames: [pattern, blueCast] });
    expect(answer.recommendations.length).toBeGreaterThan(0);
    const alone = await recommendations(free.cookie, { imageData: pattern, mediaType: 'image' });
    expect(answer.sceneAnalysis).not.toEqual(alone.sceneAnalysis);
  });

  it('answers 400 naming the field for a request of the wrong shape', async () => {
    const cases: [object, string][] = [
      [{ imageData: 'data:text/plain;base64,aGVsbG8=', mediaType: 'image' }, 'imageData'],
      [{ imageData: 'https://example.com/frame.jpg', mediaType: 'image' }, 'imageData'],
      [{ mediaType: 'image' }, 'imageData'],
      [{ imageData: pattern, mediaType: 'audio' }, 'mediaType'],
      [{ imageData: pattern, mediaType: 'image', extraFrames: [pattern] }, 'extraFrames'],
      [{ imageData: pattern, mediaType: 'video', extraFrames: [pattern, pattern, pattern, pattern] }, 'extraFrames'],
    ];
    for (const [body, field] of cases) {
      const response = await analyze(free.cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const error = (await response.json()) as { field: string; message: string };
      expect(error.field, error.message).toBe(field);
      expect(error.message).toContain(field);
    }
  });

  it('answers a frame it cannot read with 422 and words for a person, the frame named only in the field', async () => {
    const cases: [object, string, RegExp][] = [
      // The right shape, but the bytes are a web page.
      [{ imageData: `data:image/jpeg;base64,${Buffer.from('<!doctype html><html><body>hello</body></html>').toString('base64')}`, mediaType: 'image' }, 'imageData', /^This frame could not be read: it is not a JPEG, PNG or WebP picture\.$/],
      // A JPEG header and nothing a decoder can use.
      [{ imageData: `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(64).fill(7)]).toString('base64')}`, mediaType: 'image' }, 'imageData', /^This frame could not be read: the picture is damaged/],
      [{ imageData: pattern, mediaType: 'video', extraFrames: [pattern, 'data:image/png;base64,AAAA'] }, 'extraFrames.1', /^Frame 3 of this video could not be read: it is not a JPEG, PNG or WebP picture\.$/],
      [{ imageData: pattern, mediaType: 'video', extraFrames: [`data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(64).fill(7)]).toString('base64')}`] }, 'extraFrames.0', /^Frame 2 of this video could not be read: the picture is damaged/],
    ];
    for (const [body, field, message] of cases) {
      const response = await analyze(free.cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      const error = (await response.json()) as { code: string; field: string; message: string };
      expect(error).toMatchObject({ code: 'unsupported_media', field });
      expect(error.message).toMatch(message);
      expect(error.message).not.toMatch(/imageData|extraFrames/);
    }
  });

  it('refuses a picture over the analysis pixel limit instead of decoding it', async () => {
    const response = await analyze(free.cookie, { imageData: huge, mediaType: 'image' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ field: 'imageData', message: 'This frame could not be read: the picture is damaged, or larger than 4096 × 4096 pixels.' });
  });

  it('answers 401 when signed out', async () => {
    const response = await analyze(undefined, { imageData: pattern, mediaType: 'image' });
    expect(response.status).toBe(401);
  });
});

describe('analyze-scene under a script that hammers it', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The real limits: the other tests raise them, as many of their requests come from one place.
    server = await startTestServer('embedded', { RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('holds one user to the per-minute limit with 429 and a retry time, and not another user', async () => {
    const [eager, other] = [await server.signedInUser(), await server.signedInUser()];
    const analyze = (cookie: string) => server.request('/api/functions/analyze-scene', { method: 'POST', cookie, json: { imageData: night, mediaType: 'image' } });
    for (let i = 0; i < ANALYZE_LIMIT.limit; i++) expect((await analyze(eager.cookie)).status).toBe(200);
    const refused = await analyze(eager.cookie);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; retryAfter: number };
    expect(body.message).toMatch(/wait/);
    expect(body.retryAfter).toBeGreaterThan(0);
    expect((await analyze(other.cookie)).status).toBe(200);
  });
});

afterAll(() => fs.rmSync(frameDir, { recursive: true, force: true }));
