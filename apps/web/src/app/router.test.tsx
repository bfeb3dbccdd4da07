import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { renderWithQueryClient } from '../testing/query-client';
import { appRoutes } from './router';
import { STATIC_PAGE_ROUTES } from './route-table';

// No server answers in these tests, so the app sees a signed-out visitor.
function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  renderWithQueryClient(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

const HEADINGS: Record<keyof typeof STATIC_PAGE_ROUTES, string> = {
  helpSupport: 'Help & Support',
  tutorialsLearning: 'Tutorials & Learning',
  filmColorAnalysis: 'Film Color Analysis',
  colorCorrectionGrading: 'Color Correction & Grading',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
};

describe('appRoutes', () => {
  for (const [key, paths] of Object.entries(STATIC_PAGE_ROUTES)) {
    for (const path of paths) {
      it(`renders ${HEADINGS[key as keyof typeof HEADINGS]} at ${path}`, async () => {
        renderAt(path);
        // A lazy chunk: on a busy machine it takes longer than findBy's default second.
        expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[key as keyof typeof HEADINGS] })).toBeTruthy();
      });
    }
  }

  it('shows the 404 screen for an unknown path', async () => {
    renderAt('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it.each(['/profile', '/settings'])('sends signed-out visitors from %s to /auth', async (path) => {
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it.each(['/', '/editor'])('shows the landing page with its three feature cards at %s', async (path) => {
    renderAt(path);
    for (const title of ['Hollywood LUTs', 'Smart Auto Grade', 'Pro Export']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
  });

  it("opens the sign-up form at /auth?mode=signup (the trial banner's Sign Up)", async () => {
    renderAt('/auth?mode=signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up', pressed: true })).toBeTruthy();
  });
});
