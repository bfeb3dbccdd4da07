import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { areWheelsAtRest, cubeFromLut, DEFAULT_GRADE, EDITOR_LOOK_IDS, FILTER_PRESET_IDS, getLook, identityLut, LOOK_CATEGORIES, writeCube, type LookId } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast-store';
import { captureSourceFrame, EditorMediaProvider } from '../editor-media';
import type * as EditorMediaModule from '../editor-media';
import { gradeStore } from '../grade-store';
import { renderWithQueryClient } from '../../testing/query-client';
import { analysisStore } from './analysis-store';
import { LooksPanel } from './LooksPanel';
import { mediaKey } from './media-key';
import { installResizeObserver, jsonResponse, mockFetch, sentBody, testAsset } from './test-helpers';

const auth = vi.hoisted(() => ({ tier: 'Free' }));
vi.mock('../../auth/AuthProvider', () => ({
  useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: { subscription_tier: auth.tier } }),
}));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => ({ source: 'asset', asset: testAsset(), url: 'x', mediaType: 'image', name: 'Beach' }) }));
vi.mock('../../ui/toast-store', { spy: true });
// jsdom cannot draw: the captured frame is a synthetic one, as a browser's canvas would give.
vi.mock('../editor-media', async (importOriginal) => ({ ...(await importOriginal<typeof EditorMediaModule>()), captureSourceFrame: vi.fn(() => null) }));

installResizeObserver();
const lookButtons = (grid: HTMLElement) => Array.from(grid.querySelectorAll<HTMLButtonElement>('button[data-look]'));
/** A chip by its text (role queries over the 78 cards are slow in jsdom). */
const chip = (name: string) => within(screen.getByRole('group', { name: 'Look categories' })).getByRole('button', { name });
const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

function cubeFile(text: string, name = 'Teal Punch.cube'): File {
  return new File([text], name, { type: 'application/octet-stream' });
}

// Each test renders the 78-card catalogue, which jsdom on a shared machine takes seconds over.
describe('LooksPanel', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    auth.tier = 'Free';
    gradeStore.load('asset-1', DEFAULT_GRADE);
    vi.mocked(toast).mockClear();
    analysisStore.set(null);
    fetchMock = mockFetch((url) => (url === '/api/luts' ? jsonResponse(200, { luts: [] }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every look once under All, and each category, the presets and My LUTs behind a chip', () => {
    renderWithQueryClient(<LooksPanel />);
    const chips = within(screen.getByRole('group', { name: 'Look categories' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All', ...LOOK_CATEGORIES, 'Presets', 'My LUTs']);
    expect(chip('All').getAttribute('aria-pressed')).toBe('true');
    const all = lookButtons(screen.getByRole('group', { name: 'All looks' }));
    // The editor's 46, then the 32 filter-recipe presets that are not editor looks.
    expect(all).toHaveLength(78);
    expect(new Set(all.map((b) => b.getAttribute('data-look'))).size).toBe(78);
    expect(all.slice(0, 46).map((b) => b.getAttribute('data-look'))).toEqual([...EDITOR_LOOK_IDS]);

    fireEvent.click(chip('Cinematic'));
    const cinematic = lookButtons(screen.getByRole('group', { name: 'Cinematic looks' }));
    expect(cinematic.map((b) => b.getAttribute('aria-label'))).toContain('Blade Runner 2049 (Premium)');
    expect(cinematic.every((b) => getLook(b.getAttribute('data-look') as LookId).category === 'Cinematic')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Instagram Warm' })).toBeNull();

    fireEvent.click(chip('Social Media'));
    expect(screen.getByRole('button', { name: 'Instagram Warm' }).getAttribute('data-tier')).toBe('free');

    fireEvent.click(chip('Presets'));
    expect(lookButtons(screen.getByRole('group', { name: 'Presets looks' })).map((b) => b.getAttribute('data-look'))).toEqual([...FILTER_PRESET_IDS]);
  });

  it('searches by name or category within the chosen chip, and says when nothing matches', () => {
    renderWithQueryClient(<LooksPanel />);
    const search = screen.getByRole('searchbox', { name: 'Search looks' });
    fireEvent.change(search, { target: { value: 'blade' } });
    expect(lookButtons(screen.getByRole('group', { name: 'All looks' })).map((b) => b.getAttribute('data-look'))).toEqual(['blade-runner-2049']);
    fireEvent.change(search, { target: { value: 'monochrome' } });
    const mono = lookButtons(screen.getByRole('group', { name: 'All looks' }));
    expect(mono.length).toBeGreaterThan(1);
    expect(mono.every((b) => getLook(b.getAttribute('data-look') as LookId).category === 'Monochrome')).toBe(true);
    fireEvent.click(chip('Retro'));
    expect(lookButtons(screen.getByRole('group', { name: 'Retro looks' }))).toHaveLength(0);
    expect(screen.getByText('No looks match “monochrome” here.')).toBeTruthy();
  });

  it('moves focus through the grid by its real column count with a roving tabindex, and Enter chooses', () => {
    renderWithQueryClient(<LooksPanel />);
    const grid = screen.getByRole('group', { name: 'All looks' });
    // The browser's computed track list; jsdom has no layout, so the test lays out five columns.
    grid.style.gridTemplateColumns = '80px 80px 80px 80px 80px';
    const cards = lookButtons(grid);
    expect(cards).toHaveLength(78);
    expect(cards.map((c) => c.tabIndex)).toEqual(cards.map((_, i) => (i === 0 ? 0 : -1)));
    cards[0]!.focus();
    fireEvent.keyDown(cards[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cards[6]);
    fireEvent.keyDown(cards[6]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: 'End' });
    expect(document.activeElement).toBe(cards[77]);
    // 78 cards in rows of five: from 73 (row 15 of 16) Down goes to the last row's last card.
    cards[73]!.focus();
    fireEvent.keyDown(cards[73]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cards[77]);
    fireEvent.keyDown(cards[77]!, { key: 'Home' });
    expect(document.activeElement).toBe(cards[0]);
    fireEvent.keyDown(cards[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cards[0]);
    fireEvent.keyDown(cards[0]!, { key: 'ArrowRight' });
    // Only the focused card is in the tab order; a button's Enter is its click.
    expect(lookButtons(grid).map((c) => c.tabIndex)).toEqual(cards.map((_, i) => (i === 1 ? 0 : -1)));
    fireEvent.click(cards[1]!);
    expect(gradeStore.getState().grade.look).toBe(cards[1]!.getAttribute('data-look'));
    expect(cards[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a name its card cuts short whole in a tip while the card is focused or hovered, and none for a name that fits', () => {
    // jsdom lays nothing out: a label is as wide as 11 characters, its text 6 px a character.
    const restore = (['scrollWidth', 'clientWidth'] as const).map((key) => {
      const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key);
      Object.defineProperty(HTMLElement.prototype, key, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('look-card-name') ? (key === 'clientWidth' ? 66 : (this.textContent ?? '').length * 6) : 0;
        },
      });
      return () => (own ? Object.defineProperty(HTMLElement.prototype, key, own) : Reflect.deleteProperty(HTMLElement.prototype, key));
    });
    try {
      renderWithQueryClient(<LooksPanel />);
      const tip = () => screen.queryByTestId('look-name-tip');
      const long = screen.getByRole('button', { name: 'Blockbuster Teal & Orange (Premium)' });
      fireEvent.focus(long);
      expect(tip()?.textContent).toBe('Blockbuster Teal & Orange');
      expect(tip()?.getAttribute('aria-hidden')).toBe('true');
      // Hovered as well, then left by the pointer: still focused, so still shown.
      fireEvent.mouseEnter(long);
      fireEvent.mouseLeave(long);
      expect(tip()?.textContent).toBe('Blockbuster Teal & Orange');
      fireEvent.blur(long);
      expect(tip()).toBeNull();
      fireEvent.mouseEnter(long);
      expect(tip()?.textContent).toBe('Blockbuster Teal & Orange');
      fireEvent.mouseLeave(long);
      expect(tip()).toBeNull();
      const short = screen.getByRole('button', { name: 'Cottagecore' });
      fireEvent.focus(short);
      fireEvent.mouseEnter(short);
      expect(tip()).toBeNull();
      // One tip at a time: the hovered card's, over the focused one's.
      const other = screen.getByRole('button', { name: 'Golden Hour Magic (Premium)' });
      fireEvent.mouseLeave(short);
      fireEvent.blur(short);
      fireEvent.focus(long);
      fireEvent.mouseEnter(other);
      expect(screen.getAllByTestId('look-name-tip').map((t) => t.textContent)).toEqual(['Golden Hour Magic']);
      fireEvent.mouseLeave(other);
      expect(screen.getAllByTestId('look-name-tip').map((t) => t.textContent)).toEqual(['Blockbuster Teal & Orange']);
      fireEvent.blur(long);
    } finally {
      for (const undo of restore) undo();
    }
  });

  it("marks Smart Analyze's recommendations for the open media in the catalogue, with confidence and reason", () => {
    analysisStore.set({
      key: mediaKey({ source: 'asset', asset: testAsset(), url: 'x', mediaType: 'image', name: 'Beach' }),
      outcome: {
        kind: 'complete',
        scene: [],
        recommendations: [
          { lut: 'golden-hour-magic', confidence: 0.88, reason: 'Warm low sun in 40% of the frame', premium: true },
          { lut: 'instagram-warm', confidence: 0.64, reason: 'Warm colour balance', premium: false },
        ],
      },
    });
    renderWithQueryClient(<LooksPanel />);
    const chips = within(screen.getByRole('group', { name: 'Look categories' })).getAllByRole('button');
    expect(chips[0]!.textContent).toBe('Recommended');
    const warm = screen.getByRole('button', { name: 'Instagram Warm' });
    expect(warm.getAttribute('data-recommended')).toBe('64%');
    expect(warm.className).toContain('look-card-recommended');
    expect(warm.title).toContain('Recommended, 64% confidence: Warm colour balance');
    expect(screen.getByRole('button', { name: 'Instagram Warm', description: 'Recommended, 64% confidence: Warm colour balance' })).toBe(warm);
    expect(screen.getByRole('button', { name: 'YouTube Clean' }).hasAttribute('data-recommended')).toBe(false);
    fireEvent.click(chips[0]!);
    expect(lookButtons(screen.getByRole('group', { name: 'Recommended looks' })).map((b) => b.getAttribute('data-look'))).toEqual(['golden-hour-magic', 'instagram-warm']);
    expect(within(screen.getByRole('list', { name: 'Why these looks' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Golden Hour Magic 88% Warm low sun in 40% of the frame',
      'Instagram Warm 64% Warm colour balance',
    ]);
    // Reset in Smart Auto Grade clears them: the chip goes and All is shown.
    act(() => analysisStore.set(null));
    expect(screen.queryByRole('button', { name: 'Recommended' })).toBeNull();
    expect(screen.getByRole('group', { name: 'All looks' })).toBeTruthy();
  });

  it('offers the filter-recipe presets through the same rules: premium refused to Free, applied for Premium', () => {
    renderWithQueryClient(<LooksPanel />);
    fireEvent.click(chip('Presets'));
    fireEvent.click(screen.getByRole('button', { name: 'Bleach Bypass (Premium)' }));
    expect(lastToast()?.title).toBe(PREMIUM_LOOK_REFUSAL.title);
    expect(gradeStore.getState().grade.look).toBeNull();
    cleanup();
    auth.tier = 'Premium';
    renderWithQueryClient(<LooksPanel />);
    fireEvent.click(chip('Presets'));
    fireEvent.click(screen.getByRole('button', { name: 'Bleach Bypass (Premium)' }));
    expect(gradeStore.getState().grade.look).toBe('bleach-bypass');
  });

  it('shows Free a padlock on premium looks, refuses one with the spec toast, and leaves the grade alone', () => {
    renderWithQueryClient(<LooksPanel />);
    // Free sees a padlock on every premium look, and no badge on a free one.
    const blade = screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' });
    expect(blade.querySelector('.look-card-premium .lock-icon')).not.toBeNull();
    expect(blade.className).toContain('look-card-locked');
    expect(screen.getByRole('button', { name: 'Vintage Film' }).querySelector('.look-card-premium')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' }));
    expect(lastToast()).toEqual({ title: PREMIUM_LOOK_REFUSAL.title, description: PREMIUM_LOOK_REFUSAL.description, variant: 'destructive' });
    expect(gradeStore.getState().grade.look).toBeNull();
    expect(gradeStore.getState().revision).toBe(0);
  });

  it('lets a Premium user choose a premium look (a star, no padlock), and anyone a free one; only the chosen card is marked', () => {
    auth.tier = 'Premium';
    renderWithQueryClient(<LooksPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' }));
    expect(gradeStore.getState().grade.look).toBe('blade-runner-2049');
    const blade = screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' });
    expect(blade.getAttribute('aria-pressed')).toBe('true');
    // Premium sees a star, not a padlock; the chosen card carries the tick's class, and only it.
    expect(blade.querySelector('.look-card-premium')?.textContent).toBe('★');
    expect(blade.querySelector('.lock-icon')).toBeNull();
    expect(blade.className).not.toContain('look-card-locked');
    expect(Array.from(document.querySelectorAll('.look-card-selected')).map((card) => card.getAttribute('data-look'))).toEqual(['blade-runner-2049']);
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    expect(gradeStore.getState().grade.look).toBe('vintage-film');
    expect(Array.from(document.querySelectorAll('.look-card-selected')).map((card) => card.getAttribute('data-look'))).toEqual(['vintage-film']);
    expect(toast).not.toHaveBeenCalled();
  });

  it('Reset sets the look back to none', () => {
    renderWithQueryClient(<LooksPanel />);
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    expect(gradeStore.getState().grade.look).toBe('vintage-film');
    fireEvent.click(reset);
    expect(gradeStore.getState().grade.look).toBeNull();
    expect(gradeStore.getState().grade.customLook).toBeNull();
  });

  it('sets the look strength from 0 to 100 with the keyboard, only with a look chosen', () => {
    renderWithQueryClient(<LooksPanel />);
    const strength = screen.getByRole('slider', { name: 'Look strength' });
    expect(strength.getAttribute('aria-valuenow')).toBe('100');
    expect(strength.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    fireEvent.keyDown(strength, { key: 'ArrowLeft' });
    fireEvent.keyDown(strength, { key: 'PageDown' });
    expect(gradeStore.getState().grade.lookStrength).toBe(89);
    fireEvent.keyDown(strength, { key: 'Home' });
    expect(gradeStore.getState().grade.lookStrength).toBe(0);
    fireEvent.keyDown(strength, { key: 'End' });
    expect(gradeStore.getState().grade.lookStrength).toBe(100);
  });

  it('renders each swatch from the current frame through its look, falling back to the gradient without one', async () => {
    const width = 16;
    const height = 9;
    const data = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 53) % 256));
    vi.mocked(captureSourceFrame).mockReturnValue({ canvas: document.createElement('canvas'), image: { data, width, height, colorSpace: 'srgb' } });
    const drawn = new Map<string, Uint8ClampedArray>();
    vi.stubGlobal('ImageData', class {
      constructor(readonly data: Uint8ClampedArray, readonly width: number, readonly height: number) {}
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return { putImageData: (image: ImageData) => drawn.set(this.closest('[data-look]')?.getAttribute('data-look') ?? '', image.data) } as unknown as CanvasRenderingContext2D;
    });

    const { unmount } = renderWithQueryClient(<LooksPanel />);
    expect(document.querySelectorAll('[data-swatch="gradient"]')).toHaveLength(78);
    unmount();
    const frameListeners = new Set<() => void>();
    const onFrame = (listener: () => void) => {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    };
    renderWithQueryClient(
      <EditorMediaProvider value={{ element: document.createElement('img'), mediaType: 'image', onFrame, readProgramPixels: () => null }}>
        <LooksPanel />
      </EditorMediaProvider>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-swatch="frame"]')).toHaveLength(78));
    await waitFor(() => expect(drawn.size).toBe(78));
    const mono = drawn.get('black-white-classic')!;
    for (let i = 0; i < width * height; i++) expect(Math.max(mono[i * 4]!, mono[i * 4 + 1]!, mono[i * 4 + 2]!) - Math.min(mono[i * 4]!, mono[i * 4 + 1]!, mono[i * 4 + 2]!)).toBeLessThanOrEqual(1);
    expect(Array.from(drawn.get('instagram-warm')!)).not.toEqual(Array.from(data));

    // A new frame (playback, a seek) is announced through onFrame, and the swatches follow it.
    const before = drawn.get('instagram-warm')!;
    const black = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : 0));
    vi.mocked(captureSourceFrame).mockReturnValue({ canvas: document.createElement('canvas'), image: { data: black, width, height, colorSpace: 'srgb' } });
    for (const listener of frameListeners) listener();
    await waitFor(() => expect(drawn.get('instagram-warm')).not.toBe(before));
    expect(Array.from(drawn.get('instagram-warm')!)).not.toEqual(Array.from(before));
    vi.mocked(captureSourceFrame).mockReturnValue(null);
    vi.restoreAllMocks();
  });

  it("shows a broken .cube file's parser error with its line at once, sending nothing", async () => {
    renderWithQueryClient(<LooksPanel />);
    const broken = writeCube(cubeFromLut(identityLut(2), 'Broken')).replace(/\n1\.0+ 0\.0+ 0\.0+\n/, '\n1.0 red 0.0\n');
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(broken)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('Invalid .cube file'));
    expect(lastToast()?.description).toMatch(/^This is not a valid \.cube file: line 6: value "red" is not a number$/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('reads a .3dl as a .3dl (its error names the format and line), sends it with its format, and applies an ASC CDL to the wheels without the server', async () => {
    fetchMock = mockFetch((url, init) =>
      url === '/api/luts' && init?.method === 'POST' ? jsonResponse(201, { id: '00000000-0000-4000-8000-00000000000b', name: 'Flame', size: 5, created_at: '2024-01-01T00:00:00.000Z' }) : jsonResponse(200, { luts: [] }),
    );
    renderWithQueryClient(<LooksPanel />);
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile('0 256 512 768 1023\n0 0 0\n', 'Flame.3dl')] } });
    await waitFor(() => expect(lastToast()?.title).toBe('Invalid .3dl file'));
    expect(lastToast()?.description).toMatch(/^This is not a valid \.3dl file: line 2: /);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    const rows: string[] = [];
    for (let i = 0; i < 125; i++) rows.push(`${i % 5} ${Math.floor(i / 5) % 5} ${Math.floor(i / 25)}`.replace(/\d/g, (d) => String(Number(d) * 256)));
    const flame = ['0 256 512 768 1023', ...rows].join('\n');
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(flame, 'Flame.3dl')] } });
    await waitFor(() => expect(lastToast()?.title).toBe('LUT imported'));
    expect(sentBody(fetchMock, 'POST')).toEqual({ name: 'Flame', cube: flame, format: '3dl' });

    const cc = '<ColorCorrection id="warm"><SOPNode><Slope>1.1 1 0.9</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode><SatNode><Saturation>1</Saturation></SatNode></ColorCorrection>';
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(cc, 'warm.cc')] } });
    await waitFor(() => expect(lastToast()?.title).toBe('CDL applied'));
    const wheels = gradeStore.getState().grade.wheels;
    expect(wheels && !areWheelsAtRest(wheels)).toBe(true);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(posts);
  });

  it("imports a valid file, shows the server's refusal when the plan is full, and selects it when accepted", async () => {
    const good = writeCube(cubeFromLut(identityLut(2), 'Good'));
    let full = true;
    fetchMock = mockFetch((url, init) => {
      if (url === '/api/luts' && init?.method === 'POST') {
        return full
          ? jsonResponse(403, { code: 'forbidden', message: 'Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.' })
          : jsonResponse(201, { id: '00000000-0000-4000-8000-00000000000a', name: 'Teal Punch', size: 2, created_at: '2024-01-01T00:00:00.000Z' });
      }
      return jsonResponse(200, { luts: [] });
    });
    renderWithQueryClient(<LooksPanel />);
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(good)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('Import failed'));
    expect(lastToast()?.description).toBe('Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.');
    expect(sentBody(fetchMock, 'POST')).toEqual({ name: 'Teal Punch', cube: good });

    full = false;
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(good)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('LUT imported'));
    expect(gradeStore.getState().grade.customLook).toBe('00000000-0000-4000-8000-00000000000a');
    fireEvent.click(chip('My LUTs'));
    const mine = screen.getByRole('group', { name: 'My LUTs looks' });
    expect((await within(mine).findByRole('button', { name: 'Teal Punch' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists My LUTs with the catalogue, chooses one, and deletes it (the open grade then has no look)', async () => {
    const lut = { id: '00000000-0000-4000-8000-00000000000b', name: 'Night Bleach', size: 33, created_at: '2024-01-01T00:00:00.000Z' };
    const deleted: string[] = [];
    fetchMock = mockFetch((url, init) => {
      if (init?.method === 'DELETE') {
        deleted.push(url);
        return new Response(null, { status: 204 });
      }
      return url === '/api/luts' ? jsonResponse(200, { luts: [lut] }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderWithQueryClient(<LooksPanel />);
    // Imported LUTs come first under All, and alone under the My LUTs chip.
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'All looks' })).getAllByRole('button')[0]!.getAttribute('aria-label')).toBe('Night Bleach'));
    fireEvent.click(chip('My LUTs'));
    const mine = screen.getByRole('group', { name: 'My LUTs looks' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Night Bleach' }));
    expect(gradeStore.getState().grade).toMatchObject({ look: null, customLook: lut.id });
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete Night Bleach' }));
    await waitFor(() => expect(within(mine).queryByRole('button', { name: 'Night Bleach' })).toBeNull());
    expect(deleted).toEqual([`/api/luts/${lut.id}`]);
    expect(gradeStore.getState().grade.customLook).toBeNull();
    expect(lastToast()?.title).toBe('LUT deleted');
  });
});
