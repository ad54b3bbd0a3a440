import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In `npm run dev` the API (with the embedded sign-in) runs on API_PORT behind this server. */
const apiPort = process.env.API_PORT ?? '8788';
const api = { target: `http://localhost:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // For the first-screen size budget (scripts/check-bundle-size.ts); the server does not serve dot-folders.
    manifest: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    proxy: { '/api': api, '/oidc': api },
  },
});
