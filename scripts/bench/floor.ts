import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Where the floor page is served on the bench's demo server (under the built app's static folder). */
export const FLOOR_PATH = '/floor/index.html';
/** Where the stack floor is served: the same rows through the owner's router and query cache (floor-stack/). */
export const STACK_FLOOR_PATH = '/floor-stack/index.html';

/**
 * Builds the floor page (scripts/bench/floor/) into `<staticDir>/floor/` and the stack floor
 * (scripts/bench/floor-stack/) into `<staticDir>/floor-stack/`: production mode, with nothing of the app's build
 * settings (no service worker, no manifest, no stylesheet), only the packages each one imports.
 */
export async function buildFloor(staticDir: string): Promise<void> {
  for (const name of ['floor', 'floor-stack']) {
    await build({
      configFile: false,
      root: path.join(import.meta.dirname, name),
      base: `/${name}/`,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: path.join(staticDir, name), emptyOutDir: true, target: 'es2022', modulePreload: false },
    });
  }
}
