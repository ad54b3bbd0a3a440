import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readManifest } from './scripts/check-bundle-size.ts';
import { lazyOnlyFiles } from './scripts/precache-plan.ts';
import { precompress } from './scripts/precompress.ts';

/**
 * The chunks the app's entry imports statically (its whole closure): loaded before anything lazy runs, so a lazy
 * chunk's preload list need not name them. Filled from the bundle before Vite writes those lists.
 */
const firstScreenChunks = new Set<string>();
const findFirstScreenChunks: Plugin = {
  name: 'find-first-screen-chunks',
  enforce: 'pre',
  generateBundle(_options, bundle) {
    firstScreenChunks.clear();
    const visit = (file: string) => {
      const chunk = bundle[file];
      if (chunk?.type !== 'chunk' || firstScreenChunks.has(file)) return;
      firstScreenChunks.add(file);
      chunk.imports.forEach(visit);
    };
    for (const [file, chunk] of Object.entries(bundle))
      if (chunk.type === 'chunk' && chunk.name === 'main') visit(file);
  },
};

/**
 * The modules the page's entry (index.html) reaches by static imports: the first screen's code, all loaded before
 * anything lazy. Filled once the module graph is known, before the chunks are made (the `shell` group below).
 */
const firstScreenModules = new Set<string>();
const findFirstScreenModules: Plugin = {
  name: 'find-first-screen-modules',
  buildEnd() {
    firstScreenModules.clear();
    const visit = (id: string) => {
      if (firstScreenModules.has(id)) return;
      firstScreenModules.add(id);
      this.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    for (const id of this.getModuleIds()) if (id.endsWith('/index.html')) visit(id);
  },
};

/** In `npm run dev` the API (with the embedded sign-in) runs on API_PORT behind this server. */
const apiPort = process.env.API_PORT ?? '8788';
const api = { target: `http://localhost:${apiPort}`, changeOrigin: false };

/** One id per build: the persisted query cache is dropped when it changes (a new build may read new shapes). */
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

/** The build folder (`--outDir` included), for reading Vite's manifest when the worker's precache list is made. */
let outDir = 'dist';
const rememberOutDir: Plugin = {
  name: 'remember-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    rememberOutDir,
    findFirstScreenModules,
    findFirstScreenChunks,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself (src/app/pwa/), after the first screen is up.
      injectRegister: false,
      // The manifest's icons are precached only as the glob below says (the plugin would add them all).
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,json,webmanifest}'],
        // The demo's drawn portraits are athlete pictures like the uploads, not part of the app (only the demo
        // state points at them): the worker's picture route keeps each one seen.
        // The large install icons are read by the browser when it installs the app, online, never by the app
        // itself offline: they stay out too (the 192 px icon, which notifications and the manifest use, stays).
        globIgnores: ['**/silent-renew*', '**/*.map', 'portraits/**', 'icons/*-512.png', 'icons/apple-touch-icon.png'],
        // fallback.json holds every athlete and can pass the default 2 MiB on a large state.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // The chart, the staff screens and the sign-in client stay out of a first visit's download; the worker
        // caches each the first time it is used (scripts/precache-plan.ts says which and why).
        manifestTransforms: [
          (entries) => {
            const lazy = new Set(lazyOnlyFiles(readManifest(outDir)));
            return { manifest: entries.filter((e) => !lazy.has(e.url)), warnings: [] };
          },
        ],
      },
      // The web app manifest is the server's, made from the association profile (src/server/association/
      // web-manifest.ts), and index.html links it itself: a manifest made here would carry the name and colour of
      // the build, and a second copy of it in dist/ and in the precache could be served in place of the server's.
      manifest: false,
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // For the first-screen size budget (scripts/check-bundle-size.ts); the server does not serve dot-folders.
    manifest: true,
    // A lazy chunk's import names the chunks it needs, for the page to preload them beside it; those of the first
    // screen are always loaded by then, so naming them again was bytes of the main chunk for nothing (168 bytes
    // gzipped over its routes and screens' lists).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !firstScreenChunks.has(dep)) : deps,
    },
    rollupOptions: {
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
      // Rolldown's note that plugins took most of a slow build's time (the worker's own build, on a busy machine) is
      // not something to act on, and it scrolled by on every `npm start`.
      checks: { bundlerTimings: false },
      // React DOM and the TanStack libraries in chunks of their own, beside the app's main chunk. The browser
      // compiles each module script when it arrives, and evaluates the whole graph in one task; with one 357 KB main
      // chunk, most of its compiling landed in that task, the longest of every screen's start. Traced at 4x CPU on
      // the leaderboards, medians of 6 loads in each of two runs: the evaluation task 353 and 564 ms before, 252 and
      // 259 after; V8's script compiling on the main thread 167 and 215 ms before, 76 and 71 after. First-screen
      // scripts grow by 0.3 KB gzipped (the chunks' import lines). Only these two library groups: splitting the chart's
      // libraries by size broke the chart (a d3 scale read before its chunk had run), so nivo stays one chunk.
      //
      // Every other module of the first screen in one group with the entry's own module, which makes the group the
      // entry's chunk (main): left to itself, Rolldown gives each module that the first screen and a lazy chunk
      // both import a chunk of its own (rolldown/rolldown#10731), which made seven more first-screen scripts of
      // 0.4-2.5 KB, each a request of its own on a phone's few connections. Lazy chunks import them from main now,
      // as Rollup would have it. Four first-screen scripts instead of eleven, and 1.7 KB less gzipped (the chunks'
      // import lines).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'shell', test: (id) => firstScreenModules.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    proxy: { '/api': api, '/oidc': api, '/manifest.webmanifest': api },
  },
});
