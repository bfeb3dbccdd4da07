import { act } from '@testing-library/react';
import { DEFAULT_GRADE } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../testing/query-client';
import { toast } from '../../ui/toast-store';
import type { OpenMedia } from '../../workspace/open-media';
import { gradeStore } from '../grade-store';
import { GradeAutosaver } from './grade-autosaver';
import { testAsset } from './test-helpers';
import { useGradeAutosave } from './use-grade-autosave';
import { useLookQuery } from './use-look-query';

const state = vi.hoisted(() => ({ media: null as OpenMedia | null, tier: 'Free' }));
vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'u' }, profile: { subscription_tier: state.tier } }) }));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => state.media }));
vi.mock('../../ui/toast-store', { spy: true });

const saver = new GradeAutosaver(() => Promise.resolve(), () => {});
let search = '';

function Home() {
  useLookQuery();
  search = useLocation().search;
  return state.media ? <Editor /> : null;
}
function Editor() {
  useGradeAutosave(gradeStore, saver);
  return null;
}
const app = (entry: string) => (
  <MemoryRouter initialEntries={[entry]}>
    <Home />
  </MemoryRouter>
);
const asset = testAsset({ selected_lut: 'retro-80s', color_settings: { contrast: 15 } });
const openAsset: OpenMedia = { source: 'asset', asset, url: 'x', mediaType: 'image', name: 'Beach' };

describe('useLookQuery (/?look=)', () => {
  beforeEach(() => {
    state.media = null;
    state.tier = 'Free';
    gradeStore.load(null, DEFAULT_GRADE);
    vi.mocked(toast).mockClear();
  });

  it('keeps the look until media is open, telling the person to open some, then applies it over the saved grade', () => {
    const view = renderWithQueryClient(app('/?look=vintage-film&payment=success'));
    expect(vi.mocked(toast).mock.calls[0]?.[0]).toMatchObject({ title: 'Vintage Film is ready', description: expect.stringMatching(/Open a clip or photo/) as string });
    expect(search).toBe('?look=vintage-film&payment=success');
    act(() => {
      state.media = openAsset;
      view.rerender(app('/?look=vintage-film&payment=success'));
    });
    expect(gradeStore.getState().grade).toMatchObject({ look: 'vintage-film', adjustments: { contrast: 15 } });
    expect(gradeStore.getState().assetId).toBe(asset.id);
    expect(search).toBe('?payment=success');
  });

  it('refuses a premium look to a Free user with the spec toast, and removes the parameter', () => {
    state.media = openAsset;
    renderWithQueryClient(app('/?look=joker-2019'));
    expect(vi.mocked(toast).mock.calls.at(-1)?.[0]).toMatchObject({ title: PREMIUM_LOOK_REFUSAL.title, description: PREMIUM_LOOK_REFUSAL.description });
    expect(gradeStore.getState().grade.look).toBe('retro-80s');
    expect(search).toBe('');
  });

  it('applies a premium look for Premium, and drops an unknown id with a message', () => {
    state.media = openAsset;
    state.tier = 'Premium';
    const view = renderWithQueryClient(app('/?look=joker-2019'));
    expect(gradeStore.getState().grade.look).toBe('joker-2019');
    view.unmount();
    renderWithQueryClient(app('/?look=not-a-look'));
    expect(vi.mocked(toast).mock.calls.at(-1)?.[0].title).toBe('Look not found');
    expect(search).toBe('');
  });
});
