import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Where the floor page is served on the bench's demo server (under the built app's static folder). */
export const FLOOR_PATH = '/floor/index.html';

/**
 * Builds the floor page (scripts/bench/floor/) into `<staticDir>/floor/`, production mode, with nothing of the
 * app's build settings: no service worker, no manifest, React and React DOM only.
 */
export async function buildFloor(staticDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, 'floor'),
    base: '/floor/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: path.join(staticDir, 'floor'), emptyOutDir: true, target: 'es2022', modulePreload: false },
  });
}
