import fs from 'node:fs';
import path from 'node:path';
import { BUDGET_BYTES, PRECACHE_BUDGET_BYTES, firstScreenOf, gzipSize, precacheSize } from '../check-bundle-size.ts';

/**
 * Gzipped sizes of the build, the same way `npm run check:size` counts them: the JavaScript of the first
 * screen, all JavaScript, and what a first visit's service worker precaches.
 */
export interface SizeFigures {
  firstScreenJsGzipBytes: number;
  firstScreenFiles: string[];
  budgetBytes: number;
  allJsGzipBytes: number;
  allJsFiles: number;
  precache: { files: number; rawBytes: number; gzipBytes: number; budgetBytes: number };
}

export function measureSizes(dist: string): SizeFigures {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`No ${manifestFile}: the build wrote no manifest`);
  // Counted exactly as `npm run check:size` counts it: what the built index.html loads.
  const first = firstScreenOf(dist);
  const assets = path.join(dist, 'assets');
  const allJs = fs.existsSync(assets)
    ? fs
        .readdirSync(assets, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(assets, f))
    : [];
  return {
    firstScreenJsGzipBytes: first.reduce((sum, f) => sum + gzipSize(path.join(dist, f)), 0),
    firstScreenFiles: first,
    budgetBytes: BUDGET_BYTES,
    allJsGzipBytes: allJs.reduce((sum, f) => sum + gzipSize(f), 0),
    allJsFiles: allJs.length,
    precache: { ...precacheSize(dist), budgetBytes: PRECACHE_BUDGET_BYTES },
  };
}
