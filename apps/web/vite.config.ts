import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port (npm run dev -w @cinegrade/server); Vite proxies it.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: { sourcemap: true, chunkSizeWarningLimit: 900 },
});
