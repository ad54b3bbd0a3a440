import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);

/** What is worth a brotli form: the app's text files (source maps are fetched by developers only). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/i;
/** Smaller bodies go as they are (http/encoding.ts). */
const MIN_BYTES = 1024;

/**
 * Writes `x.br` beside every text file of the build: brotli at its best quality, which is too slow to make at
 * each start of the server (about 0.6 s for the main chunk alone) but gives an eighth less than gzip on the
 * JavaScript a phone fetches first. The server reads them at start (src/server/http/static-files.ts) and sends
 * them to browsers that take brotli, which all do. Runs last, once every other plugin (the service worker's
 * included) has written its files; the worker's precache list names no .br file.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await Promise.all(
          textFiles(outDir).map(async (file) => {
            const body = fs.readFileSync(file);
            if (body.length < MIN_BYTES) return;
            const params = {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            };
            fs.writeFileSync(`${file}.br`, await brotli(body, { params }));
          }),
        );
      },
    },
  };
}

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isFile() && COMPRESSIBLE.test(entry.name) && !full.includes(`${path.sep}.`) ? [full] : [];
  });
}
