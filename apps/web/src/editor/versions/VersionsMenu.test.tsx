import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cdlToWheels, DEFAULT_GRADE, DEFAULT_WHEELS, parseCdl, wheelsToCdl, writeCdl, type Grade, type Wheels } from '@cinegrade/color';
import { GRADE_VERSION_LIMIT_MESSAGE, savedGradeFromGrade, type GradeVersion } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../testing/query-client';
import { gradeStore } from '../grade-store';
import { editorView } from '../layout/editor-view-store';
import { downloadTextFile } from '../panels/lut-download';
import type * as LutDownloadModule from '../panels/lut-download';
import { jsonResponse, mockFetch, sentBody } from '../panels/test-helpers';
import { versionCompare } from './version-compare';
import { VersionsMenu } from './VersionsMenu';

vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: { subscription_tier: 'Free' } }) }));
// jsdom cannot download; the file's text is checked instead.
vi.mock('../panels/lut-download', async (importOriginal) => ({ ...(await importOriginal<typeof LutDownloadModule>()), downloadTextFile: vi.fn() }));

const ASSET = '00000000-0000-4000-8000-000000000001';
const wheels: Wheels = { ...DEFAULT_WHEELS, lift: { hue: 200, amount: 0.3, master: -0.4 }, gain: { hue: 20, amount: 0.2, master: 0.3 }, saturation: 1.2 };
const warmGrade: Grade = { ...DEFAULT_GRADE, look: 'vintage-film', adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 15 }, wheels };

function version(id: string, name: string, grade: Grade): GradeVersion {
  return { id, asset_id: ASSET, name, ...savedGradeFromGrade(grade), created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
}

const cdlFile = (text: string, name: string) => new File([text], name, { type: 'application/xml' });

describe('VersionsMenu', () => {
  let stored: GradeVersion[];
  let fetchMock: ReturnType<typeof mockFetch>;
  let nextPost: (() => Response) | null;
  beforeEach(() => {
    gradeStore.load(ASSET, DEFAULT_GRADE);
    versionCompare.set(null);
    editorView.setCompareMode('off');
    stored = [version('00000000-0000-4000-8000-0000000000a1', 'Warm', warmGrade)];
    nextPost = null;
    fetchMock = mockFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (url === `/api/assets/${ASSET}/versions` && method === 'GET') return jsonResponse(200, { versions: stored });
      if (url === `/api/assets/${ASSET}/versions` && method === 'POST') {
        if (nextPost) return nextPost();
        const body = JSON.parse(init?.body as string) as { name: string; selected_lut: string | null; color_settings: GradeVersion['color_settings'] };
        const made = { ...version(`00000000-0000-4000-8000-0000000000b${stored.length}`, body.name, DEFAULT_GRADE), selected_lut: body.selected_lut, color_settings: body.color_settings };
        stored = [...stored, made];
        return jsonResponse(201, made);
      }
      const one = /\/versions\/([0-9a-f-]+)$/.exec(url)?.[1];
      if (one && method === 'PATCH') {
        const { name } = JSON.parse(init?.body as string) as { name: string };
        stored = stored.map((v) => (v.id === one ? { ...v, name } : v));
        return jsonResponse(200, stored.find((v) => v.id === one));
      }
      if (one && method === 'DELETE') {
        stored = stored.filter((v) => v.id !== one);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const openMenu = async () => {
    renderWithQueryClient(<VersionsMenu assetName="Beach.jpg" disabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Versions' }));
    return screen.findByRole('dialog', { name: 'Versions and interchange' });
  };
  const actionsOf = async (name: string) => within(await screen.findByRole('group', { name }));

  it('saves the current grade, wheels included, as a named version and lists it', async () => {
    gradeStore.change({ ...DEFAULT_GRADE, wheels });
    await openMenu();
    await screen.findByText('Warm');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Version name' }).placeholder).toBe('Version 2');
    fireEvent.change(screen.getByRole('textbox', { name: 'Version name' }), { target: { value: 'Cool take' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('Cool take')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST')).toMatchObject({ name: 'Cool take', selected_lut: null, color_settings: { wheels } });
    expect(screen.getByRole('status').textContent).toBe('Saved the current grade as "Cool take".');
  });

  it('says why a version cannot be saved when the asset keeps the most it may', async () => {
    nextPost = () => jsonResponse(403, { code: 'forbidden', message: GRADE_VERSION_LIMIT_MESSAGE });
    await openMenu();
    await screen.findByText('Warm');
    fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GRADE_VERSION_LIMIT_MESSAGE);
  });

  it('loads a version into the editor as one undoable change', async () => {
    await openMenu();
    fireEvent.click((await actionsOf('Warm')).getByRole('button', { name: 'Load' }));
    expect(gradeStore.getState().grade).toEqual(warmGrade);
    gradeStore.undo();
    expect(gradeStore.getState().grade).toEqual(DEFAULT_GRADE);
  });

  it('compares a version with the current grade in the split wipe, and stops', async () => {
    await openMenu();
    const compare = (await actionsOf('Warm')).getByRole('button', { name: 'Compare' });
    fireEvent.click(compare);
    expect(versionCompare.get()).toMatchObject({ assetId: ASSET, name: 'Warm', grade: warmGrade });
    expect(editorView.getState().compare.mode).toBe('split');
    await waitFor(() => expect(compare.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(compare);
    expect(versionCompare.get()).toBeNull();
  });

  it('compares two saved versions: the one compared left of the divider, the one loaded right', async () => {
    const coolGrade: Grade = { ...DEFAULT_GRADE, look: 'tiktok-vibrant', adjustments: { ...DEFAULT_GRADE.adjustments, temperature: -20 } };
    stored = [...stored, version('00000000-0000-4000-8000-0000000000a2', 'Cool', coolGrade)];
    await openMenu();
    expect(await screen.findByText('To compare two versions, press Compare on one and Load on the other.')).toBeTruthy();
    fireEvent.click((await actionsOf('Warm')).getByRole('button', { name: 'Compare' }));
    fireEvent.click((await actionsOf('Cool')).getByRole('button', { name: 'Load' }));
    expect(versionCompare.get()).toMatchObject({ name: 'Warm', grade: warmGrade });
    expect(gradeStore.getState().grade).toEqual(coolGrade);
    expect(editorView.getState().compare.mode).toBe('split');
  });

  it('renames and deletes a version (delete asks once more)', async () => {
    await openMenu();
    fireEvent.click((await actionsOf('Warm')).getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New name for Warm' }), { target: { value: 'Warm, final' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    const renamed = await actionsOf('Warm, final');
    expect(sentBody(fetchMock, 'PATCH')).toEqual({ name: 'Warm, final' });
    fireEvent.click(renamed.getByRole('button', { name: 'Delete' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(renamed.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(screen.queryByText('Warm, final')).toBeNull());
    expect(screen.getByText(/No versions yet/)).toBeTruthy();
  });

  it('imports a CDL into the colour wheels, and refuses a file that is not one or is out of range', async () => {
    await openMenu();
    const input = screen.getByTestId('cdl-file-input');
    const cdl = { slope: [1.2, 1, 0.9], offset: [0.02, 0, -0.01], power: [1, 1.1, 1], saturation: 0.8 } as const;
    fireEvent.change(input, { target: { files: [cdlFile(writeCdl([{ id: 'shot 12', descriptions: [], cdl }], 'cc'), 'shot12.cc')] } });
    expect((await screen.findByRole('status')).textContent).toBe('Applied shot12.cc to the colour wheels.');
    expect(gradeStore.getState().grade.wheels).toEqual(cdlToWheels(cdl));

    fireEvent.change(input, { target: { files: [cdlFile('<LUT><Size>3</Size></LUT>', 'notes.cdl')] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^notes\.cdl is not a CDL file this editor can read: line 1: the file is not an ASC CDL/);
    const far = { slope: [1, 1, 1], offset: [0.9, 0.9, 0.9], power: [1, 1, 1], saturation: 1 } as const;
    fireEvent.change(input, { target: { files: [cdlFile(writeCdl([{ id: null, descriptions: [], cdl: far }], 'cc'), 'far.cc')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^far\.cc cannot be applied: The offset values go beyond what the Offset wheel reaches/));
    // The refused files left the wheels as they were.
    expect(gradeStore.getState().grade.wheels).toEqual(cdlToWheels(cdl));
  });

  it('exports the colour wheels as a .cdl that imports back to the same correction', async () => {
    gradeStore.change({ ...DEFAULT_GRADE, wheels: { ...wheels, lift: { hue: 0, amount: 0, master: -1 }, gain: { hue: 0, amount: 0, master: 1 } } });
    await openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Export CDL' }));
    const [fileName, text] = vi.mocked(downloadTextFile).mock.calls.at(-1)!;
    expect(fileName).toBe('Beach.cdl');
    const read = parseCdl(text).corrections[0]!;
    expect(read.id).toBe('Beach');
    const again = wheelsToCdl(cdlToWheels(read.cdl));
    // Slope 5 with a strong Lift: the case that failed to import before.
    expect(read.cdl.slope.some((v) => v > 4)).toBe(true);
    again.slope.forEach((v, c) => expect(Math.abs(v - read.cdl.slope[c]!) / v).toBeLessThan(2e-5));
    again.offset.forEach((v, c) => expect(Math.abs(v - read.cdl.offset[c]!)).toBeLessThan(2e-5));
  });
});
