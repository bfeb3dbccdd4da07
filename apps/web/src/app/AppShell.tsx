import { Outlet } from 'react-router';
import { Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Spinner } from '../ui/primitives';
import { Footer } from './Footer';
import { Header } from './Header';

export function AppShell() {
  return (
    <div className="app">
      <Header />
      <main className="app-main">
        <ErrorBoundary name="page">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
