import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { COMPRESS_MIN_BYTES, compressible } from './encoding.ts';
import { sendStored, strongEtag, type StoredBody } from './etag.ts';

/**
 * The built app, read into memory once at start: it is small, and serving from
 * memory means no path from a request ever reaches the file system.
 */
type StaticFile = StoredBody;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The Content-Type a built file is served with, by its extension. */
function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Whether a built file of this name and size is kept with compressed forms: text of at least COMPRESS_MIN_BYTES.
 * The build writes the brotli form of the same files (scripts/precompress.ts), source maps aside.
 */
export function hasCompressedForms(file: string, bytes: number): boolean {
  return compressible(contentTypeOf(file)) && bytes >= COMPRESS_MIN_BYTES;
}

/** Vite puts content-hashed files under /assets; they never change, everything else may. */
function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Build metadata such as .vite/manifest.json is not for the public; a .br file is another file's brotli form.
    if (entry.name.startsWith('.') || entry.name.endsWith('.br')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full, base) : [full];
  });
}

export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of walk(dir)) {
    const urlPath = '/' + path.relative(dir, full).split(path.sep).join('/');
    const body = new Uint8Array(fs.readFileSync(full));
    const type = contentTypeOf(full);
    const compress = hasCompressedForms(full, body.length);
    const gzip = compress ? new Uint8Array(zlib.gzipSync(body, { level: 9 })) : undefined;
    const br = compress ? builtBrotli(full, body) : undefined;
    files.set(urlPath, { body, br, gzip, type, etag: strongEtag(body), cacheControl: cacheControlFor(urlPath) });
  }
  return files;
}

/**
 * The brotli form the build wrote beside a file (scripts/precompress.ts: brotli's best, too slow to make at each
 * start), if it is there and still decodes to the file (a file changed after the build would otherwise be
 * served stale); decoding them all takes a few milliseconds.
 */
function builtBrotli(full: string, body: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  if (!fs.existsSync(full + '.br')) return undefined;
  const br = new Uint8Array(fs.readFileSync(full + '.br'));
  return Buffer.from(zlib.brotliDecompressSync(br)).equals(body) ? br : undefined;
}

/**
 * Answers a GET for a built file, or with index.html for any other path that
 * does not look like a file, so addresses such as /events?id=2 open the app
 * (which rewrites them to the hash route). `made` are the files made at the
 * time of the request rather than read at start (the page and the web app
 * manifest, from the association profile: association/app-files.ts); they
 * take the place of the built files of the same path.
 */
export function staticHandler(files: Map<string, StaticFile>, made = new Map<string, () => StaticFile>()) {
  return (c: Context) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    const file = urlPath === '/index.html' ? undefined : (made.get(urlPath)?.() ?? files.get(urlPath));
    if (file) return sendStored(c, file);
    if (path.posix.extname(urlPath) && urlPath !== '/index.html') {
      return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    const index = made.get('/index.html')?.() ?? files.get('/index.html');
    if (!index) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    return sendStored(c, index);
  };
}
