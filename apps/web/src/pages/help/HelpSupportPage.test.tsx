import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MEDIA_FEATURE_IDS } from '@cinegrade/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../ui/Toaster';
import { dismissToast } from '../../ui/toast-store';
import HelpSupportPage from './HelpSupportPage';
import { FAQ_ITEMS } from './content/faq';

const fetchMock = vi.fn<typeof fetch>();

/** The server's answer when it and its database are up, with every media feature on. */
function healthy(): Promise<Response> {
  const features = Object.fromEntries(MEDIA_FEATURE_IDS.map((id) => [id, { available: true, reason: null }]));
  const body = { ok: true, media: { ffmpeg: '5.1.6-0+deb12u1', features }, disk: { freeBytes: 5e10, floorBytes: 1073741824, acceptingWork: true } };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

function renderPage() {
  return render(
    <MemoryRouter>
      <HelpSupportPage />
      <Toaster />
    </MemoryRouter>,
  );
}

function statusBlock(): HTMLElement {
  return screen.getByRole('region', { name: 'System Status' });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe('HelpSupportPage', () => {
  it('shows every service Operational with the time of the check when /api/health answers ok', async () => {
    fetchMock.mockImplementation(healthy);
    renderPage();
    expect(await screen.findByText('All Systems Operational')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ method: 'GET' }));
    const block = statusBlock();
    expect(within(block).getAllByText('Operational')).toHaveLength(3);
    for (const service of ['Video Processing', 'File Upload', 'Authentication']) expect(within(block).getByText(service)).toBeTruthy();
    expect(within(block).getByText(/Last updated:/).querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('shows the outage when the API cannot be reached, and recovers on Check again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    expect(await screen.findByText('Service Disruption')).toBeTruthy();
    expect(within(statusBlock()).getAllByText('Unavailable')).toHaveLength(3);
    expect(within(statusBlock()).getByText(/Cannot reach the server/)).toBeTruthy();

    fetchMock.mockImplementation(healthy);
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('All Systems Operational')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the outage when the API answers 503', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 'internal', message: 'Database unavailable' }), { status: 503 }));
    renderPage();
    expect(await screen.findByText('Service Disruption')).toBeTruthy();
    expect(within(statusBlock()).getByText(/Database unavailable/)).toBeTruthy();
  });

  it('keeps one FAQ answer open at a time, and a second click closes it', async () => {
    fetchMock.mockImplementation(healthy);
    renderPage();
    await screen.findByText('All Systems Operational');
    const triggers = FAQ_ITEMS.map((item) => screen.getByRole('button', { name: item.question }));
    expect(triggers).toHaveLength(5);
    const expanded = () => triggers.map((trigger) => trigger.getAttribute('aria-expanded'));

    fireEvent.click(triggers[0]!);
    expect(expanded()).toEqual(['true', 'false', 'false', 'false', 'false']);
    fireEvent.click(triggers[1]!);
    expect(expanded()).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(screen.getByText(/Uploads are resumable/)).toBeTruthy();
    fireEvent.click(triggers[1]!);
    expect(expanded()).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it('offers no live chat, which does not exist, and no button that leads nowhere', async () => {
    fetchMock.mockImplementation(healthy);
    renderPage();
    await screen.findByText('All Systems Operational');
    expect(screen.queryByRole('button', { name: 'Start Chat' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Live Chat' })).toBeNull();
  });

  it('links email and phone support', async () => {
    fetchMock.mockImplementation(healthy);
    renderPage();
    await screen.findByText('All Systems Operational');
    expect(screen.getByRole('link', { name: 'support@cinegrade.app' }).getAttribute('href')).toBe('mailto:support@cinegrade.app');
    expect(screen.getByRole('link', { name: /555-0147/ }).getAttribute('href')).toBe('tel:+14155550147');
  });
});
