import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './app/router';
import { AuthProvider } from './auth/AuthProvider';
import { Toaster } from './ui/Toaster';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** The app's one cache of server state (see `api/query-client.ts`). */
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={createAppRouter()} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
