import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, type ApiRouteName, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_CHECKOUT_PATH, BUILTIN_PORTAL_PATH } from '../src/billing/builtin-billing';
import { FFMPEG } from './support/exports';
import { fixtures } from './support/fixtures';
import { DATABASE_KINDS, sessionCookie, startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { within } from './support/wait';

/**
 * The access matrix: every route the server registers × {signed out, another user, the owner},
 * each acting on the owner's objects (asset, pending upload, file, LUT, export, subscription
 * checkout). Signed out answers 401 (or the public answer listed below), another user never
 * gets the owner's object nor any of the owner's ids, names or email, and the owner succeeds.
 * A route the server registers that is not listed here fails the suite, naming the route.
 */

type Who = 'signedOut' | 'other' | 'owner';
const WHO: Who[] = ['signedOut', 'other', 'owner'];

interface Call {
  method: string;
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** A cookie to use instead of the caller's usual session (sign-out must not end the shared ones). */
  cookie?: string | null;
}

/** What the suite made for the owner, and the identifiers that must never reach anyone else. */
interface World {
  owner: { cookie: string; email: string };
  other: { cookie: string; email: string };
  asset: Asset;
  /** A pending upload's tus location. */
  upload: string;
  /** A signed URL path of the owner's original. */
  filePath: string;
  lutId: string;
  /** A grade version of the owner's asset. */
  versionId: string;
  exportId: string;
  checkoutId: string;
  /**
   * A new checkout of the owner's, for a call that uses one: a newer checkout supersedes the older
   * ones (only the newest can be confirmed), and the matrix itself creates checkouts.
   */
  freshCheckout(): Promise<string>;
  frame: string;
  /** The owner's batch session (made once, when first asked for: the owner needs Premium, bought in phase 1). */
  batch(): Promise<string>;
  /** A video asset of the owner's for batches, one per label (uploaded when first asked for). */
  batchVideo(label: 'created' | 'session'): Promise<string>;
  /** A new session of the same account, so signing out does not end the one the suite uses. */
  freshSession(who: 'other' | 'owner'): Promise<string>;
}

type ObjectKind = 'public' | 'account' | 'asset' | 'upload' | 'file' | 'lut' | 'export' | 'subscription' | 'batch';

interface Entry {
  object: ObjectKind;
  call(world: World, who: Who): Call | Promise<Call>;
  /** Statuses each caller may get. Defaults: signed out 401, another user 404, owner 2xx. */
  expect?: Partial<Record<Who, number[]>>;
  /**
   * When it runs: 0 (default) reads or leaves the owner's objects as they are; 1 changes or removes
   * one; 2 needs the owner's Premium bought in 1; 3 removes what 2 needs.
   */
  phase?: 1 | 2 | 3;
  /** An event stream: its status is checked and it is closed without reading. */
  stream?: boolean;
}

const OK = [200, 201, 204];
const SELF = { other: OK };
const PASSWORD = 'correct horse battery';
const tus = { 'Tus-Resumable': '1.0.0' };
const exportBody = (w: World) => ({ assetId: w.asset.id, outputFormat: 'png', quality: '720p' });

/** Every route of the contract. A route added to the contract fails typechecking until it is listed here. */
const CONTRACT_MATRIX: Record<ApiRouteName, Entry> = {
  health: { object: 'public', call: () => ({ method: 'GET', path: API.health.path }), expect: { signedOut: [200], other: [200] } },
  openApi: { object: 'public', call: () => ({ method: 'GET', path: API.openApi.path }), expect: { signedOut: [200], other: [200] } },
  // Neither a session nor being signed out opens the metrics: only the bearer token of METRICS_TOKEN does.
  metrics: { object: 'public', call: () => ({ method: 'GET', path: API.metrics.path }), expect: { signedOut: [401], other: [401], owner: [401] } },
  // Sign-up answers alike for a known and an unknown email: the owner's own address is used signed out.
  signUp: {
    object: 'public',
    call: (w, who) => ({ method: 'POST', path: API.signUp.path, json: { fullName: 'Someone', email: who === 'signedOut' ? w.owner.email : `new-${who}@example.com`, password: PASSWORD } }),
    expect: { signedOut: [200], other: [200] },
  },
  signIn: {
    object: 'public',
    call: (w, who) => ({ method: 'POST', path: API.signIn.path, json: who === 'signedOut' ? { email: w.owner.email, password: 'not the password' } : { email: w[who].email, password: PASSWORD } }),
    expect: { other: OK },
  },
  signOut: {
    object: 'public',
    call: async (w, who) => ({ method: 'POST', path: API.signOut.path, cookie: who === 'signedOut' ? null : await w.freshSession(who) }),
    expect: { signedOut: OK, other: OK },
  },
  session: { object: 'public', call: () => ({ method: 'GET', path: API.session.path }), expect: { signedOut: [200], other: [200] } },
  verifyEmail: { object: 'public', call: () => ({ method: 'GET', path: `${API.verifyEmail.path}?token=not-a-token` }), expect: { signedOut: [302], other: [302], owner: [302] } },
  unlockDevice: { object: 'public', call: () => ({ method: 'GET', path: `${API.unlockDevice.path}?token=not-a-token` }), expect: { signedOut: [302], other: [302], owner: [302] } },
  requestUnlockLink: {
    object: 'public',
    call: (w) => ({ method: 'POST', path: API.requestUnlockLink.path, json: { email: w.owner.email } }),
    expect: { signedOut: OK, other: OK },
  },
  resendVerification: {
    object: 'public',
    call: (w) => ({ method: 'POST', path: API.resendVerification.path, json: { email: w.owner.email } }),
    expect: { signedOut: OK, other: OK },
  },
  stripeWebhook: {
    object: 'public',
    call: () => ({ method: 'POST', path: API.stripeWebhook.path, body: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' } }),
    expect: { signedOut: [400, 404], other: [400, 404], owner: [400, 404] },
  },
  getProfile: { object: 'account', call: () => ({ method: 'GET', path: API.getProfile.path }), expect: SELF },
  getSettings: { object: 'account', call: () => ({ method: 'GET', path: API.getSettings.path }), expect: SELF },
  updateSettings: { object: 'account', call: () => ({ method: 'PUT', path: API.updateSettings.path, json: { weeklyTips: true } }), expect: SELF },
  events: { object: 'account', call: () => ({ method: 'GET', path: API.events.path }), expect: SELF, stream: true },
  getStorageUsage: { object: 'account', call: () => ({ method: 'GET', path: API.getStorageUsage.path }), expect: SELF },
  listAssets: { object: 'account', call: () => ({ method: 'GET', path: API.listAssets.path }), expect: SELF },
  listUserLuts: { object: 'account', call: () => ({ method: 'GET', path: API.listUserLuts.path }), expect: SELF },
  importUserLut: { object: 'account', call: () => ({ method: 'POST', path: API.importUserLut.path, json: { name: 'Matrix import', cube: tinyCube() } }), expect: SELF },
  analyzeScene: { object: 'account', call: (w) => ({ method: 'POST', path: API.analyzeScene.path, json: { imageData: w.frame, mediaType: 'image' } }), expect: SELF },
  checkSubscription: { object: 'subscription', call: () => ({ method: 'POST', path: API.checkSubscription.path }), expect: SELF },
  createCheckout: { object: 'subscription', call: () => ({ method: 'POST', path: API.createCheckout.path }), expect: SELF },
  // Another user has no subscription of their own; the owner's was bought in phase 1.
  customerPortal: { object: 'subscription', call: () => ({ method: 'POST', path: API.customerPortal.path }), expect: { other: [404] }, phase: 2 },
  uploads: {
    object: 'account',
    call: () => ({ method: 'POST', path: API.uploads.path, headers: { ...tus, 'Upload-Length': '10', 'Upload-Metadata': `filename ${Buffer.from('matrix.png').toString('base64')}` } }),
    expect: SELF,
  },
  uploadChunk: {
    object: 'upload',
    call: (w) => ({ method: 'PATCH', path: w.upload, headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: new Blob([new Uint8Array([1])]) }),
  },
  uploadOffset: { object: 'upload', call: (w) => ({ method: 'HEAD', path: w.upload, headers: tus }) },
  cancelUpload: { object: 'upload', call: (w) => ({ method: 'DELETE', path: w.upload, headers: tus }), phase: 1 },
  getAsset: { object: 'asset', call: (w) => ({ method: 'GET', path: `/api/assets/${w.asset.id}` }) },
  updateAsset: { object: 'asset', call: (w) => ({ method: 'PATCH', path: `/api/assets/${w.asset.id}`, json: { selected_lut: 'vintage-film' } }) },
  deleteAsset: { object: 'asset', call: (w) => ({ method: 'DELETE', path: `/api/assets/${w.asset.id}` }), phase: 3 },
  listGradeVersions: { object: 'asset', call: (w) => ({ method: 'GET', path: `/api/assets/${w.asset.id}/versions` }) },
  createGradeVersion: {
    object: 'asset',
    call: (w) => ({ method: 'POST', path: `/api/assets/${w.asset.id}/versions`, json: { name: 'Another take', selected_lut: null, color_settings: { contrast: 5 } } }),
  },
  renameGradeVersion: { object: 'asset', call: (w) => ({ method: 'PATCH', path: `/api/assets/${w.asset.id}/versions/${w.versionId}`, json: { name: 'Renamed take' } }) },
  deleteGradeVersion: { object: 'asset', call: (w) => ({ method: 'DELETE', path: `/api/assets/${w.asset.id}/versions/${w.versionId}` }), phase: 1 },
  file: { object: 'file', call: (w) => ({ method: 'GET', path: w.filePath }) },
  userLutTable: { object: 'lut', call: (w) => ({ method: 'GET', path: `/api/luts/${w.lutId}/table` }) },
  deleteUserLut: { object: 'lut', call: (w) => ({ method: 'DELETE', path: `/api/luts/${w.lutId}` }), phase: 1 },
  processVideo: { object: 'asset', call: (w) => ({ method: 'POST', path: API.processVideo.path, json: exportBody(w) }) },
  checkProcessingStatus: { object: 'export', call: (w) => ({ method: 'POST', path: API.checkProcessingStatus.path, json: { predictionId: w.exportId } }) },
  cancelProcessing: { object: 'export', call: (w) => ({ method: 'POST', path: API.cancelProcessing.path, json: { predictionId: w.exportId } }), phase: 1 },
  applyGrade: { object: 'asset', call: (w) => ({ method: 'POST', path: API.applyGrade.path, json: { assetIds: [w.asset.id], selected_lut: 'vintage-film', color_settings: {} } }) },
  // Batch calls need exactly Premium or Enterprise: another user (Free) is refused with 403 before
  // any lookup, so the owner's batch is neither found nor revealed to them.
  createBatch: {
    object: 'batch',
    call: async (w) => ({ method: 'POST', path: API.createBatch.path, json: { assetIds: [await w.batchVideo('created')], outputFormat: 'mp4', quality: '720p' } }),
    expect: { other: [403], owner: [201] },
    phase: 2,
  },
  listBatches: { object: 'batch', call: () => ({ method: 'GET', path: API.listBatches.path }), expect: { other: [403] }, phase: 2 },
  getBatch: { object: 'batch', call: async (w) => ({ method: 'GET', path: `/api/batches/${await w.batch()}` }), expect: { other: [403] }, phase: 2 },
  updateBatchGrade: {
    object: 'batch',
    call: async (w) => ({ method: 'PUT', path: `/api/batches/${await w.batch()}/grade`, json: { selectedLUT: 'vintage-film', colorSettings: {} } }),
    expect: { other: [403] },
    phase: 2,
  },
  // The file may still be rendering (409) or done (200) when these run.
  exportBatch: { object: 'batch', call: async (w) => ({ method: 'POST', path: `/api/batches/${await w.batch()}/export`, json: {} }), expect: { other: [403], owner: [200, 409] }, phase: 2 },
  retryBatchFile: {
    object: 'batch',
    call: async (w) => ({ method: 'POST', path: `/api/batches/${await w.batch()}/files/${await w.batchVideo('session')}/retry` }),
    expect: { other: [403], owner: [200, 409] },
    phase: 2,
  },
  downloadBatch: { object: 'batch', call: async (w) => ({ method: 'GET', path: `/api/batches/${await w.batch()}/download` }), expect: { other: [403], owner: [200, 409] }, phase: 2 },
  deleteBatch: { object: 'batch', call: async (w) => ({ method: 'DELETE', path: `/api/batches/${await w.batch()}` }), expect: { other: [403] }, phase: 2 },
};

/**
 * Server pages outside the contract: the built-in billing provider's test checkout and portal.
 * Signed out they send the browser to the sign-in page.
 */
const PAGE_MATRIX: Record<string, Entry> = {
  [`GET ${BUILTIN_CHECKOUT_PATH}/:id`]: {
    object: 'subscription',
    call: async (w) => ({ method: 'GET', path: `${BUILTIN_CHECKOUT_PATH}/${await w.freshCheckout()}` }),
    expect: { signedOut: [302] },
  },
  [`POST /api${BUILTIN_CHECKOUT_PATH}/:id/cancel`]: {
    object: 'subscription',
    call: async (w) => ({ method: 'POST', path: `/api${BUILTIN_CHECKOUT_PATH}/${await w.freshCheckout()}/cancel` }),
    // Another user's cancel leaves the owner's checkout alone (back to the plans page either way).
    expect: { signedOut: [303], other: [303], owner: [303] },
  },
  [`POST /api${BUILTIN_CHECKOUT_PATH}/:id/confirm`]: {
    object: 'subscription',
    call: async (w) => ({ method: 'POST', path: `/api${BUILTIN_CHECKOUT_PATH}/${await w.freshCheckout()}/confirm` }),
    // Another user's confirmation is ignored (back to the plans page); the owner's starts Premium.
    expect: { signedOut: [303], other: [303], owner: [303] },
    phase: 1,
  },
  [`GET ${BUILTIN_PORTAL_PATH}`]: { object: 'subscription', call: () => ({ method: 'GET', path: BUILTIN_PORTAL_PATH }), expect: { signedOut: [302], other: [200] }, phase: 2 },
  [`POST /api${BUILTIN_PORTAL_PATH}/cancel`]: {
    object: 'subscription',
    call: () => ({ method: 'POST', path: `/api${BUILTIN_PORTAL_PATH}/cancel` }),
    expect: { signedOut: [303], other: [404], owner: [303] },
    phase: 3,
  },
};

/** Handlers for every method: middleware, the tus server (the contract's upload routes), the API's 404 and the web app. */
const CATCH_ALL = new Set(['ALL /*', 'ALL /api/*', 'ALL /api/uploads', 'ALL /api/uploads/*', 'GET /*']);

function contractKey(name: ApiRouteName): string {
  const route = API[name];
  return `${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** The contract's tus routes are served by the upload handler registered for every method. */
const TUS_ROUTES: ApiRouteName[] = ['uploads', 'uploadChunk', 'uploadOffset', 'cancelUpload'];

/** The first call's promise, answered to every call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function tinyCube(): string {
  const lines = ['TITLE "Matrix"', 'LUT_3D_SIZE 2'];
  for (let b = 0; b < 2; b++) for (let g = 0; g < 2; g++) for (let r = 0; r < 2; r++) lines.push(`${r} ${g} ${b}`);
  return `${lines.join('\n')}\n`;
}

describe.each(DATABASE_KINDS)('access matrix on the %s database', (kind) => {
  let server: TestServer;
  let world: World;
  const secrets: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { METRICS_TOKEN: 'matrix-metrics-token-0123456789' });
    const owner = await server.signedInUser(undefined, 'Matrix Owner Zed');
    const other = await server.signedInUser();
    const upload = await new TusTestClient(server, owner.cookie).upload(fixtures.png, 'owner-secret-still.png');
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { asset } = (await upload.json()) as { asset: Asset };
    const pending = await new TusTestClient(server, owner.cookie).create(10, 'owner-pending.png', 'image/png');
    expect(pending.status).toBe(201);
    const lut = await server.request(API.importUserLut.path, { method: 'POST', cookie: owner.cookie, json: { name: 'Owner Secret Look', cube: tinyCube() } });
    expect(OK, await lut.clone().text()).toContain(lut.status);
    const lutId = ((await lut.json()) as { id: string }).id;
    const version = await server.request(`/api/assets/${asset.id}/versions`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Owner Secret Version', selected_lut: 'vintage-film', color_settings: { contrast: 10 } },
    });
    expect(OK, await version.clone().text()).toContain(version.status);
    const versionId = ((await version.json()) as { id: string }).id;
    const started = await server.request(API.processVideo.path, { method: 'POST', cookie: owner.cookie, json: { assetId: asset.id, outputFormat: 'png', quality: '720p' } });
    expect(OK, await started.clone().text()).toContain(started.status);
    const exportId = ((await started.json()) as { predictionId: string }).predictionId;
    const checkout = await server.request(API.createCheckout.path, { method: 'POST', cookie: owner.cookie });
    expect(OK, await checkout.clone().text()).toContain(checkout.status);
    const checkoutUrl = ((await checkout.json()) as { url: string }).url;
    const checkoutId = checkoutUrl.split('/').pop() ?? '';
    const batchVideos = new Map<string, Promise<string>>();
    const uploadBatchVideo = async (label: string) => {
      const uploaded = await new TusTestClient(server, owner.cookie).upload(fixtures.h264Mp4, `owner-secret-batch-${label}.mp4`);
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const id = ((await uploaded.json()) as { asset: Asset }).asset.id;
      secrets.push(id);
      return id;
    };
    const fileUrl = new URL(asset.original_url ?? '', 'http://localhost:3000');
    const framePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-matrix-')), 'frame.png');
    execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x90', '-frames:v', '1', '-y', framePath]);
    world = {
      owner,
      other,
      asset,
      upload: pending.headers.get('location') ?? '',
      filePath: `${fileUrl.pathname}${fileUrl.search}`,
      lutId,
      versionId,
      exportId,
      checkoutId,
      freshCheckout: async () => {
        const fresh = await server.request(API.createCheckout.path, { method: 'POST', cookie: owner.cookie });
        expect(OK, await fresh.clone().text()).toContain(fresh.status);
        const id = ((await fresh.json()) as { url: string }).url.split('/').pop() ?? '';
        secrets.push(id);
        return id;
      },
      frame: `data:image/png;base64,${fs.readFileSync(framePath).toString('base64')}`,
      batchVideo: (label) => {
        const made = batchVideos.get(label) ?? uploadBatchVideo(label);
        batchVideos.set(label, made);
        return made;
      },
      batch: once(async () => {
        const created = await server.request(API.createBatch.path, { method: 'POST', cookie: owner.cookie, json: { assetIds: [await world.batchVideo('session')], outputFormat: 'mp4', quality: '720p' } });
        expect(created.status, await created.clone().text()).toBe(201);
        const id = ((await created.json()) as { session: { id: string } }).session.id;
        secrets.push(id);
        return id;
      }),
      freshSession: async (who) => {
        const signIn = await server.request(API.signIn.path, { method: 'POST', json: { email: world[who].email, password: PASSWORD } });
        return sessionCookie(signIn);
      },
    };
    const ownerRow = await server.services.database.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow();
    secrets.push(ownerRow.id, owner.email, 'Matrix Owner Zed', asset.id, 'owner-secret-still', world.upload.split('/').pop() ?? '', lutId, 'Owner Secret Look', versionId, 'Owner Secret Version', exportId, checkoutId);
    for (const s of secrets) expect(s.length, 'every secret is a real value').toBeGreaterThan(3);
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it('covers every route the server registers, and every route of the contract', () => {
    const covered = new Set<string>([...Object.keys(PAGE_MATRIX), ...CATCH_ALL]);
    for (const name of Object.keys(API) as ApiRouteName[]) {
      expect(CONTRACT_MATRIX[name], `contract route ${name} is not in the access matrix`).toBeDefined();
      if (!TUS_ROUTES.includes(name)) covered.add(contractKey(name));
    }
    const registered = [...new Set(server.app.routes.map((r) => `${r.method} ${r.path}`))];
    const uncovered = registered.filter((key) => !covered.has(key));
    expect(uncovered, `routes the server registers that the access matrix does not cover: ${uncovered.join(', ')}`).toEqual([]);
    // And every listed route really is served (a stale entry would test nothing).
    const stale = [...covered].filter((key) => !registered.includes(key));
    expect(stale, `access matrix entries the server does not register: ${stale.join(', ')}`).toEqual([]);
  });

  const entries = [...Object.entries(CONTRACT_MATRIX), ...Object.entries(PAGE_MATRIX)].sort(([, a], [, b]) => (a.phase ?? 0) - (b.phase ?? 0));
  const defaults: Record<Who, number[]> = { signedOut: [401], other: [404], owner: OK };

  it.each(entries)('%s: signed out, another user and the owner', async (name, entry) => {
    for (const who of WHO) {
      const call = await entry.call(world, who);
      const cookie = call.cookie !== undefined ? call.cookie : who === 'signedOut' ? null : world[who].cookie;
      const response = await within(
        `${who} ${call.method} ${call.path}`,
        server.request(call.path, { method: call.method, headers: call.headers, ...(call.json !== undefined ? { json: call.json } : {}), ...(call.body !== undefined ? { body: call.body } : {}), ...(cookie ? { cookie } : {}) }),
      );
      const allowed = entry.expect?.[who] ?? (who === 'owner' && [302, 303].includes(entry.expect?.signedOut?.[0] ?? 0) ? [200] : defaults[who]);
      const text = entry.stream ? '' : await response.text();
      if (entry.stream) await response.body?.cancel();
      expect(allowed, `${name} as ${who} (${entry.object}): ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
      if (who !== 'owner') {
        const leaked = secrets.filter((s) => text.includes(s) || [...response.headers.values()].some((v) => v.includes(s)));
        expect(leaked, `${name} as ${who} answered the owner's data`).toEqual([]);
      }
    }
  });
});
