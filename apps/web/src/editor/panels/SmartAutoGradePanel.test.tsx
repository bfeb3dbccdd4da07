import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_GRADE, measureImage } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL, type AnalyzeSceneResponse } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast-store';
import type { OpenMedia } from '../../workspace/open-media';
import { gradeStore } from '../grade-store';
import { analysisStore } from './analysis-store';
import { captureAnalysisFrames, measureCurrentFrame } from './scene-frames';
import { SmartAutoGradePanel } from './SmartAutoGradePanel';
import { jsonResponse, mockFetch, sentBody, testAsset } from './test-helpers';

vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'u' }, profile: { subscription_tier: 'Free' } }) }));
const workspace = vi.hoisted(() => ({ media: null as OpenMedia | null }));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => workspace.media }));
vi.mock('../../ui/toast-store', { spy: true });
// jsdom has no canvas: the frames are what a browser's capture would give.
vi.mock('./scene-frames', () => ({ captureAnalysisFrames: vi.fn(), measureCurrentFrame: vi.fn() }));
// Shot Match (inside this panel) has its own test.
vi.mock('./ShotMatch', () => ({ ShotMatch: () => null }));

const FRAME = { imageData: 'data:image/jpeg;base64,AAAA', extraFrames: [] };
const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];
const SCENE = { lighting: 'Balanced exposure', mood: 'Calm', colorTemperature: '7400 K (cool)', genre: 'Documentary', setting: 'Outdoor' };

function answer(body: Partial<AnalyzeSceneResponse>) {
  return mockFetch(() => jsonResponse(200, { recommendations: [], sceneAnalysis: SCENE, ...body }));
}

describe('SmartAutoGradePanel', () => {
  beforeEach(() => {
    workspace.media = { source: 'asset', asset: testAsset(), url: 'x', mediaType: 'image', name: 'Beach' };
    gradeStore.load('asset-1', DEFAULT_GRADE);
    vi.mocked(toast).mockClear();
    vi.mocked(captureAnalysisFrames).mockResolvedValue(FRAME);
    analysisStore.set(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is disabled with no media', () => {
    workspace.media = null;
    render(<SmartAutoGradePanel />);
    expect(screen.getByRole('button', { name: 'Smart Analyze' })).toHaveProperty('disabled', true);
  });

  it('says what Smart Analyze and Auto Grade do before either is used, and gives the space to the results after', async () => {
    answer({ recommendations: [{ lut: 'youtube-clean', confidence: 0.7, reason: 'Even light', premium: false }] });
    render(<SmartAutoGradePanel />);
    const intro = screen.getByTestId('smart-intro');
    expect(intro.textContent).toContain('up to 3 more from across the clip');
    expect(intro.textContent).toContain('recommends up to five looks');
    expect(intro.textContent).toContain('sets Temperature, Contrast, Highlights and Shadows');
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    await screen.findByTestId('analysis-results');
    expect(screen.queryByTestId('smart-intro')).toBeNull();
    // The same results are what Hollywood LUTs marks.
    expect(analysisStore.get()?.outcome.recommendations.map((r) => r.lut)).toEqual(['youtube-clean']);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('smart-intro')).toBeTruthy();
    expect(analysisStore.get()).toBeNull();
  });

  it("says 'No Media Available' when there is no frame to read", async () => {
    vi.mocked(captureAnalysisFrames).mockResolvedValue(null);
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'No Media Available', description: 'Please upload an image or video first' }));
  });

  it('shows results with rounded, coloured confidences and reasons, and applies one with a click', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const running = await screen.findByRole('button', { name: 'Analyzing Scene...' });
    expect(running).toHaveProperty('disabled', true);
    await act(async () => {
      release(
        jsonResponse(200, {
          recommendations: [
            { lut: 'instagram-warm', confidence: 0.834, reason: 'Cool blue cast in the mid-tones', premium: false },
            { lut: 'golden-hour-magic', confidence: 0.796, reason: 'Evening sun', premium: true },
            { lut: 'youtube-clean', confidence: 0.5, reason: 'Clean', premium: false },
          ],
          sceneAnalysis: SCENE,
        }),
      );
      await Promise.resolve();
    });
    await screen.findByTestId('analysis-results');
    expect(sentBody(fetchMock, 'POST')).toEqual({ imageData: FRAME.imageData, mediaType: 'image' });
    const results = screen.getByTestId('analysis-results');
    const confidences = within(results).getAllByText(/^\d+%$/);
    expect(confidences.map((c) => [c.textContent, c.getAttribute('data-confidence-color')])).toEqual([
      ['83%', 'green'],
      ['80%', 'yellow'],
      ['50%', 'orange'],
    ]);
    expect(within(results).getByText('Cool blue cast in the mid-tones')).toBeTruthy();
    expect(within(results).queryByRole('note', { name: 'Professional Mode' })).toBeNull();
    expect(lastToast()?.title).toBe('Smart Analysis Complete');

    fireEvent.click(within(results).getByRole('button', { name: /Instagram Warm/ }));
    expect(gradeStore.getState().grade.look).toBe('instagram-warm');
    fireEvent.click(within(results).getByRole('button', { name: /Golden Hour Magic/ }));
    expect(lastToast()).toMatchObject({ title: PREMIUM_LOOK_REFUSAL.title, description: PREMIUM_LOOK_REFUSAL.description });
    expect(gradeStore.getState().grade.look).toBe('instagram-warm');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('analysis-results')).toBeNull();
  });

  it("shows the server's error text as the Professional Mode notice", async () => {
    answer({ error: 'This frame is almost black.', recommendations: [{ lut: 'street-urban', confidence: 0.7, reason: 'Low-key', premium: false }] });
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const notice = await screen.findByRole('note', { name: 'Professional Mode' });
    expect(notice.textContent).toContain('This frame is almost black.');
    expect(lastToast()?.title).toBe('Expert Recommendations Ready');
    expect(screen.getByRole('button', { name: /Street Urban/ })).toBeTruthy();
  });

  it('falls back to the built-in list when the call fails', async () => {
    mockFetch(() => jsonResponse(503, { code: 'internal', message: 'down' }));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const notice = await screen.findByRole('note', { name: 'Professional Mode' });
    expect(notice.textContent).toContain('Analysis service temporarily unavailable');
    expect(lastToast()?.title).toBe('Professional Recommendations');
    const results = screen.getByTestId('analysis-results');
    expect(within(results).getAllByRole('button').map((b) => [b.getAttribute('data-look'), within(b).getByText(/%$/).textContent])).toEqual([
      ['instagram-warm', '70%'],
      ['skin-glow', '60%'],
      ['youtube-clean', '50%'],
    ]);
    quiet.mockRestore();
  });

  it('tells a signed-out visitor that analysis needs an account, and still offers the built-in list', async () => {
    mockFetch(() => jsonResponse(401, { code: 'unauthenticated', message: 'Please sign in to continue.' }));
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const notice = await screen.findByRole('note', { name: 'Professional Mode' });
    expect(notice.textContent).toContain('for signed-in accounts');
    expect(notice.textContent).not.toContain('temporarily unavailable');
    expect(lastToast()?.title).toBe('Professional Recommendations');
    expect(within(screen.getByTestId('analysis-results')).getAllByRole('button')).toHaveLength(3);
  });

  it('says to wait when the server holds back too many analyses, instead of calling it unavailable', async () => {
    mockFetch(() => jsonResponse(429, { code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.', retryAfter: 40 }));
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const notice = await screen.findByRole('note', { name: 'Professional Mode' });
    expect(notice.textContent).toContain('Please wait a few minutes');
    expect(notice.textContent).not.toContain('temporarily unavailable');
  });

  it('says the frame could not be read when the server cannot decode it, instead of calling the service unavailable', async () => {
    const message = 'This frame could not be read: the picture is damaged, or larger than 4096 × 4096 pixels.';
    mockFetch(() => jsonResponse(422, { code: 'unsupported_media', message, field: 'imageData' }));
    const logged = vi.spyOn(console, 'error');
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Smart Analyze' }));
    const notice = await screen.findByRole('note', { name: 'Professional Mode' });
    expect(notice.textContent).toContain(message);
    expect(notice.textContent).not.toContain('temporarily unavailable');
    expect(notice.textContent).not.toContain('imageData');
    expect(lastToast()?.title).toBe('Professional Recommendations');
    expect(within(screen.getByTestId('analysis-results')).getAllByRole('button')).toHaveLength(3);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("applies Auto Grade's slider values measured from the frame, keeping creative sliders", () => {
    // A dim frame with a blue cast: it needs warming and lifting.
    const data = new Uint8ClampedArray(64 * 36 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([20 + ((i / 4) % 64), 30 + ((i / 4) % 64), 60 + ((i / 4) % 64), 255], i);
    vi.mocked(measureCurrentFrame).mockReturnValue(measureImage(data, 64, 36));
    gradeStore.change((g) => ({ ...g, adjustments: { ...g.adjustments, vibrance: 33 } }));
    render(<SmartAutoGradePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Auto Grade' }));
    const { adjustments } = gradeStore.getState().grade;
    expect(adjustments.temperature).toBeGreaterThan(0);
    expect(adjustments.shadows).toBeGreaterThan(0);
    expect(adjustments.vibrance).toBe(33);
    expect(lastToast()?.title).toBe('Auto Grade applied');
  });
});
