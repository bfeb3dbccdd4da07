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
import '../workspace/workspace.css';

export function AppShell() {
  return (
    <div className="app">
      <Header
        tools={
          <>
            <HeaderUploadButton />
            <ErrorBoundary name="export menu" fallback={<span className="faint small">Export is unavailable</span>}>
              <ExportMenu />
            </ErrorBoundary>
            <HeaderEditorToggles />
          </>
        }
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
