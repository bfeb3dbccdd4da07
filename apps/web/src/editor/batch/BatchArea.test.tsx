import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchArea } from './BatchArea';

const auth = vi.hoisted(() => ({ tier: null as string | null }));
vi.mock('../../auth/AuthProvider', () => ({
  useAuth: () => ({ profile: auth.tier === null ? null : { subscription_tier: auth.tier } }),
}));

function renderArea() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<BatchArea />} />
        <Route path="/subscriptions" element={<h1>Plans</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BatchArea', () => {
  beforeEach(() => {
    auth.tier = null;
  });

  it('locks batch processing below Premium, with the upgrade button going to the plans', async () => {
    for (const tier of [null, 'Free', 'premium', 'Pro']) {
      auth.tier = tier;
      const { unmount } = renderArea();
      expect(screen.getByRole('heading', { name: 'Batch Processing - Premium Only' })).toBeTruthy();
      unmount();
    }
    auth.tier = 'Free';
    renderArea();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeTruthy();
  });

  it('tells Premium and Enterprise plainly that batch processing is not in this version yet', () => {
    for (const tier of ['Premium', 'Enterprise']) {
      auth.tier = tier;
      const { unmount } = renderArea();
      expect(screen.queryByText('Batch Processing - Premium Only')).toBeNull();
      expect(screen.getByText(/not available in this version/)).toBeTruthy();
      unmount();
    }
  });
});
