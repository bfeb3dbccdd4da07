import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';

/**
 * A fresh QueryClient for one test: the app's own (its defaults, its error toasts), except that
 * failures are not retried, so a test sees a failure at once.
 */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** Renders `ui` with a fresh client (or the one given); `rerender` keeps the same client. */
export function renderWithQueryClient(ui: ReactElement, client: QueryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return Object.assign(render(ui, { wrapper }), { client });
}
