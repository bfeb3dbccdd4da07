import { Outlet } from 'react-router';
import { Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Spinner } from '../ui/primitives';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeaderUploadButton } from '../workspace/HeaderUploadButton';
import { HeaderEditorToggles } from '../editor/layout/HeaderEditorToggles';
import { ExportMenu } from '../export/ExportMenu';
import { UploadTray } from '../workspace/UploadTray';
import { WorkspaceProvider } from '../workspace/WorkspaceProvider';
import { useLiveQuerySync } from '../api/live-query-sync';
import { useAuth } from '../auth/AuthProvider';
import '../workspace/workspace.css';

/**
 * The layout of every page, and the home of what outlives a page: the live channel keeping the
 * signed-in person's queries current, and the workspace (open media, uploads, the trial file),
 * inside the router so that either may read or write the address.
 */
export function AppShell() {
  const { user } = useAuth();
  useLiveQuerySync(user?.id ?? null);
  return (
    <WorkspaceProvider>
      <Shell />
    </WorkspaceProvider>
  );
}

function Shell() {
  return (
    <div className="app">
      <Header
        tools={
          <>
            <HeaderUploadButton />
            <ErrorBoundary name="export menu" fallback={<span className="faint small">Export is unavailable</span>}>
              <ExportMenu />
            </ErrorBoundary>
            <HeaderEditorToggles placement="bar" />
          </>
        }
        menuItems={<HeaderEditorToggles placement="menu" />}
      />
      <main className="app-main">
        <ErrorBoundary name="page">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <UploadTray />
      <Footer />
    </div>
  );
}
