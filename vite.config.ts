import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** In `npm run dev` the API (with the embedded sign-in) runs on API_PORT behind this server. */
const apiPort = process.env.API_PORT ?? '8788';
const api = { target: `http://localhost:${apiPort}`, changeOrigin: false };

/** One id per build: the persisted query cache is dropped when it changes (a new build may read new shapes). */
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself (src/app/pwa/), after the first screen is up.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,json,webmanifest}'],
        globIgnores: ['**/silent-renew*', '**/*.map'],
        // fallback.json holds every athlete and can pass the default 2 MiB on a large state.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      manifest: {
        name: 'Arm-wrestling Rankings',
        short_name: 'AW Rankings',
        description: 'Leaderboards, athlete cards, events, supermatches and clubs of the state arm-wrestling community.',
        theme_color: '#0f172a',
        background_color: '#0b1120',
        display: 'standalone',
        start_url: '/#/leaderboards',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
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
