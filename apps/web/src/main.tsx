import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { AuthProvider } from './auth/AuthProvider';
import { Toaster } from './ui/Toaster';
import { WorkspaceProvider } from './workspace/WorkspaceProvider';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <WorkspaceProvider>
        <RouterProvider router={createAppRouter()} />
      </WorkspaceProvider>
      <Toaster />
    </AuthProvider>
  </StrictMode>,
);
