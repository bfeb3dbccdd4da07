import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_MESSAGES, type SubscriptionStatus } from '@cinegrade/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { jsonResponse, mockFetch } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import { toast } from '../ui/toast-store';
import { usePaymentQuery } from './payment-query';
import { formatDate } from '../lib/format-date';
import { browser, SubscriptionsScreen } from './SubscriptionsScreen';

vi.mock('../ui/toast-store', { spy: true });

const WHEN = '2024-01-01T00:00:00.000Z';
const USER = { id: 'user-1', email: 'ann@example.com', user_metadata: { full_name: 'Ann' }, created_at: WHEN, email_confirmed_at: WHEN };
const PROFILE = { id: 'user-1', full_name: 'Ann', avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN };
const FREE: SubscriptionStatus = { subscribed: false, subscription_tier: 'Free', subscription_end: null };
const PREMIUM: SubscriptionStatus = { subscribed: true, subscription_tier: 'Premium', subscription_end: '2031-03-15T12:00:00.000Z' };
const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);

/** A server answering the session, check-subscription (in turn from `statuses`) and the billing calls. */
function serve(statuses: SubscriptionStatus[], billing: (url: string) => Response = () => jsonResponse(404, { code: 'not_found', message: 'Not found.' })) {
  let reads = 0;
  return mockFetch((url) => {
    if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, statuses[Math.min(reads++, statuses.length - 1)]);
    return billing(url);
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPlans() {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={['/subscriptions']}>
      <AuthProvider>
        <SubscriptionsScreen />
      </AuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('the Subscription Plans screen', () => {
  it('shows a Free user both plans from the enforced limits, Premium recommended, and sends Upgrade to checkout', async () => {
    const fetchMock = serve([FREE], (url) => (url === '/api/functions/create-checkout' ? jsonResponse(200, { url: 'http://localhost:3000/billing/test-checkout/abc' }) : jsonResponse(404, {})));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderPlans();
    const free = screen.getByRole('region', { name: 'Free' });
    const premium = screen.getByRole('region', { name: 'Premium' });
    await waitFor(() => expect(within(free).getByText('Current Plan', { selector: '.badge' })).toBeTruthy());
    expect(within(premium).getByText('Recommended')).toBeTruthy();
    expect(within(free).getByText('$0')).toBeTruthy();
    expect(within(premium).getByText('$7.99')).toBeTruthy();
    expect(within(free).getByText('Export up to 720p in MP4 or WebM')).toBeTruthy();
    expect(within(premium).getByText('Export up to 16K, including MOV (ProRes 422 HQ) and AVI (Uncompressed)')).toBeTruthy();
    expect(within(free).getByText('2 GB of storage, videos up to 10 minutes at 1920×1080')).toBeTruthy();
    expect(within(premium).getByText('50 GB of storage, videos up to 30 minutes at 3840×2160')).toBeTruthy();
    expect(within(free).getByText('Email and phone support')).toBeTruthy();
    // The look counts are the catalogue's: 16 of its 78 looks are free, 62 locked for Free.
    expect(within(free).getByText('16 free looks of the 78 in the LUT library')).toBeTruthy();
    expect(within(premium).getByText('The full LUT library: all 78 looks, including the 62 premium ones (cinema, film emulation, skin tones and the filter presets)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/500\+|Priority support|Community support|workspace layouts|AI-powered/);
    expect(within(free).getByRole<HTMLButtonElement>('button', { name: 'Current Plan' }).disabled).toBe(true);
    expect(screen.queryByText(/Current subscription expires on/)).toBeNull();
    const why = screen.getByRole('heading', { name: 'Why Upgrade to Premium?' }).parentElement!;
    expect(within(why).getByRole('heading', { name: 'Enhanced Performance' }).nextSibling?.textContent).toBe(
      'Export up to 16K (Free: 720p), from videos up to 30 minutes at 3840×2160 (Free: 10 minutes at 1920×1080), with 50 GB of storage (Free: 2 GB).',
    );
    expect(within(why).getByRole('heading', { name: 'Professional Tools' }).nextSibling?.textContent).toBe(
      '62 premium looks (cinema, film emulation, skin tones and the filter presets), MOV (ProRes 422 HQ) and AVI (Uncompressed) delivery, batch grading, and up to 50 imported LUTs (Free: 3).',
    );
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/');
    // Smart Enhancement is not sold: the page says no plan has it yet.
    expect(screen.getByTestId('plans-enhancement-note').textContent).toContain('Smart Enhancement is not available yet. Upscaling, frame interpolation, noise reduction and sharpening are not part of Cinegrade yet, on any plan');

    fireEvent.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/billing/test-checkout/abc'));
    expect(within(premium).getByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(fetchMock.mock.calls.find(([url]) => url === '/api/functions/create-checkout')?.[1]?.method).toBe('POST');
  });

  it('shows a subscriber Current Plan on Premium, the expiry date, and opens the portal in a new tab', async () => {
    let answerPortal: () => void = () => undefined;
    const portalAnswered = new Promise<void>((resolve) => (answerPortal = resolve));
    const fetchMock = serve([PREMIUM]);
    const serveRest = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/functions/customer-portal') {
        await portalAnswered;
        return jsonResponse(200, { url: 'https://billing.example/p/1' });
      }
      return serveRest(input, init);
    });
    const openTab = vi.spyOn(browser, 'openTab').mockImplementation(() => null);
    renderPlans();
    const premium = screen.getByRole('region', { name: 'Premium' });
    await waitFor(() => expect(within(premium).getByText('Current Plan')).toBeTruthy());
    expect(screen.queryByText('Recommended')).toBeNull();
    // Not renewing (PREMIUM has no renews: cancelled, or the built-in month): it expires then.
    expect(screen.getByText(`Current subscription expires on: ${formatDate(PREMIUM.subscription_end)}`)).toBeTruthy();
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).getByRole<HTMLButtonElement>('button', { name: 'Downgrade' }).disabled).toBe(true);
    fireEvent.click(within(premium).getByRole('button', { name: 'Manage Subscription' }));
    expect(await within(premium).findByRole('button', { name: 'Loading...' })).toBeTruthy();
    answerPortal();
    await waitFor(() => expect(openTab).toHaveBeenCalledWith('https://billing.example/p/1'));
    await waitFor(() => expect(within(premium).getByRole('button', { name: 'Manage Subscription' })).toBeTruthy());
  });

  it.each([
    { button: 'Upgrade to Premium', status: FREE, path: '/api/functions/create-checkout', server: 'Failed to create checkout session', thrown: 'Failed to start upgrade process', leave: 'assign' as const },
    { button: 'Manage Subscription', status: PREMIUM, path: '/api/functions/customer-portal', server: 'Failed to open customer portal', thrown: 'Failed to open subscription management', leave: 'openTab' as const },
  ])("$button shows the server's message, or the spec's wording when the call fails, and can be tried again", async ({ button, status, path, server, thrown, leave }) => {
    let answer: 'server' | 'network' = 'server';
    serve([status], (url) => {
      if (url !== path) return jsonResponse(404, {});
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return jsonResponse(503, { code: 'unavailable', message: server });
    });
    const left = vi.spyOn(browser, leave).mockImplementation(() => null);
    renderPlans();
    const premium = screen.getByRole('region', { name: 'Premium' });
    // Upgrade waits, disabled, until the session is read.
    const ready = () => waitFor(() => expect(within(premium).getByRole<HTMLButtonElement>('button', { name: button }).disabled).toBe(false));
    await ready();
    fireEvent.click(within(premium).getByRole('button', { name: button }));
    await waitFor(() => expect(toasts().at(-1)).toEqual({ title: 'Error', description: server, variant: 'destructive' }));
    answer = 'network';
    await ready();
    fireEvent.click(within(premium).getByRole('button', { name: button }));
    await waitFor(() => expect(toasts().at(-1)).toEqual({ title: 'Error', description: thrown, variant: 'destructive' }));
    expect(left).not.toHaveBeenCalled();
  });
});

function PaymentProbe() {
  usePaymentQuery({ intervalMs: 20, attempts: 5 });
  return <Where />;
}

function renderPayment(search: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[`/${search}`]}>
      <AuthProvider>
        <PaymentProbe />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('the payment parameter', () => {
  it('says a renewing subscription renews on its date, and one that does not expires then', async () => {
    const date = formatDate(PREMIUM.subscription_end);
    serve([{ ...PREMIUM, renews: true }]);
    const first = renderPlans();
    expect(await screen.findByText(`Current subscription renews on: ${date}`)).toBeTruthy();
    expect(screen.queryByText(/expires on/)).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    serve([{ ...PREMIUM, renews: false }]);
    renderPlans();
    expect(await screen.findByText(`Current subscription expires on: ${date}`)).toBeTruthy();
    expect(screen.queryByText(/renews on/)).toBeNull();
  });

  it("says 'Payment Successful!' only once the server confirms a paid subscription, then removes the parameter", async () => {
    serve([FREE, FREE, PREMIUM]);
    renderPayment('?payment=success');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    await waitFor(() => expect(toasts().at(-1)).toEqual({ ...PAYMENT_MESSAGES.success, variant: 'success' }));
    expect(toasts()[0]).toEqual(PAYMENT_MESSAGES.confirming);
    expect(toasts().filter((t) => t.title === PAYMENT_MESSAGES.success.title)).toHaveLength(1);
  });

  it.each([
    ['a Free user', FREE],
    ['a tier granted by an administrator (no paid period)', { subscribed: true, subscription_tier: 'Enterprise', subscription_end: null } satisfies SubscriptionStatus],
  ])('says the payment was not found when the server never confirms one, for %s', async (_who, status) => {
    serve([status]);
    renderPayment('?payment=success');
    await waitFor(() => expect(toasts().at(-1)).toEqual({ ...PAYMENT_MESSAGES.notFound, variant: 'destructive' }));
    expect(toasts().some((t) => t.title === PAYMENT_MESSAGES.success.title)).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it("shows 'Payment Cancelled' for ?payment=cancelled and removes the parameter", async () => {
    serve([FREE]);
    renderPayment('?payment=cancelled&tab=x');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/?tab=x'));
    expect(toasts()).toEqual([{ ...PAYMENT_MESSAGES.cancelled, variant: 'destructive' }]);
  });
});
