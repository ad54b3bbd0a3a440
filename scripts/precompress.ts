import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { hasCompressedForms } from '../src/server/http/static-files.ts';

const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `x.br` beside every file of the build the server keeps compressed (static-files.ts says which): brotli
 * at its best quality, which is too slow to make at each start of the server (about 0.6 s for the main chunk
 * alone) but gives an eighth less than gzip on the JavaScript a phone fetches first. The server reads them at
 * start (src/server/http/static-files.ts) and sends them to browsers that take brotli, which all do. Runs last,
 * once every other plugin (the service worker's included) has written its files; the worker's precache list
 * names no .br file.
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
            if (!hasCompressedForms(file, body.length)) return;
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

/** The build's files the server serves (dot-folders are not), source maps aside: developers alone fetch those. */
function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isFile() && !entry.name.endsWith('.map') && !full.includes(`${path.sep}.`) ? [full] : [];
  });
}
