import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenFiles, htmlScripts, precacheSize, precacheUrls, type ManifestChunk } from './check-bundle-size.ts';
import { lazyOnlyFiles } from './precache-plan.ts';

/** A build's manifest in Vite's shape: an entry, its static imports, lazy routes and what they share. */
const manifest: Record<string, ManifestChunk> = {
  'index.html': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    dynamicImports: ['src/routes/events.tsx', 'src/routes/admin.tsx', 'src/Chart.tsx'],
    css: ['assets/main-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js', imports: ['_jsx-1.js'] },
  '_jsx-1.js': { file: 'assets/jsx-1.js' },
  '_schemas-1.js': { file: 'assets/schemas-1.js' },
  '_upload-1.js': { file: 'assets/upload-1.js' },
  'src/routes/events.tsx': { file: 'assets/events-1.js', isDynamicEntry: true, imports: ['_schemas-1.js'] },
  'src/routes/admin.tsx': {
    file: 'assets/admin-1.js',
    isDynamicEntry: true,
    imports: ['_schemas-1.js', '_upload-1.js', 'index.html'],
    dynamicImports: ['src/Editor.tsx'],
    css: ['assets/admin-1.css'],
  },
  'src/Editor.tsx': { file: 'assets/Editor-1.js', isDynamicEntry: true, imports: ['_upload-1.js'] },
  'src/Chart.tsx': { file: 'assets/Chart-1.js', isDynamicEntry: true, imports: ['_jsx-1.js'] },
};

const html = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/main-1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  <link rel="stylesheet" href="/assets/main-1.css">
  <script type="application/ld+json">{}</script>
  <link rel="modulepreload" href="https://cdn.example/x.js">
</head><body><div id="root"></div></body></html>`;

describe('firstScreenFiles', () => {
  it('counts the scripts index.html names and their static imports, never the lazy chunks', () => {
    expect(htmlScripts(html)).toEqual(['assets/main-1.js', 'assets/react-1.js']);
    expect(firstScreenFiles(manifest, 'index.html', html).sort()).toEqual([
      'assets/jsx-1.js',
      'assets/main-1.js',
      'assets/react-1.js',
    ]);
  });

  it('counts a script the page names that no static import reaches (a modulepreload of a lazy chunk)', () => {
    const eager = html.replace('</head>', '<link rel="modulepreload" href="/assets/events-1.js"></head>');
    expect(firstScreenFiles(manifest, 'index.html', eager)).toEqual(
      expect.arrayContaining(['assets/events-1.js', 'assets/schemas-1.js']),
    );
  });

  it('without the page, the entry and its static imports', () => {
    expect(firstScreenFiles(manifest).sort()).toEqual(['assets/jsx-1.js', 'assets/main-1.js', 'assets/react-1.js']);
  });
});

describe('lazyOnlyFiles', () => {
  it('leaves out what only the lazy roots reach, and keeps what a public screen shares with them', () => {
    expect(lazyOnlyFiles(manifest, ['src/routes/admin.tsx', 'src/Chart.tsx'])).toEqual([
      'assets/Chart-1.js',
      'assets/Editor-1.js',
      'assets/admin-1.css',
      'assets/admin-1.js',
      'assets/upload-1.js',
    ]);
  });

  it('keeps a chunk that a public screen also reaches lazily', () => {
    const shared = {
      ...manifest,
      'src/routes/events.tsx': { ...manifest['src/routes/events.tsx']!, dynamicImports: ['src/Editor.tsx'] },
    };
    expect(lazyOnlyFiles(shared, ['src/routes/admin.tsx'])).toEqual(['assets/admin-1.css', 'assets/admin-1.js']);
  });

  it('fails on a root the build does not have, so a moved module is not precached unnoticed', () => {
    expect(() => lazyOnlyFiles(manifest, ['src/Moved.tsx'])).toThrow(/src\/Moved\.tsx/);
  });
});

describe('precacheSize', () => {
  let dist = '';
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('reads the list the build injected into sw.js and gzips each file once', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-size-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const files = { 'index.html': '<p>hi</p>'.repeat(50), 'assets/main-1.js': 'let a=1;'.repeat(300) };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), text);
    // As Workbox writes it into the minified worker; the second index.html stands for the icons listed twice.
    const list =
      '[{"revision":"abc","url":"index.html"},{"revision":null,"url":"assets/main-1.js"},{"revision":"abc","url":"index.html"}]';
    fs.writeFileSync(path.join(dist, 'sw.js'), `var e=[1,2];try{x()}catch{}Ve(${list}),Ge();`);

    expect(precacheUrls(dist)).toEqual(['index.html', 'assets/main-1.js']);
    const gz = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
    expect(precacheSize(dist)).toEqual({
      files: 2,
      rawBytes: files['index.html'].length + files['assets/main-1.js'].length,
      gzipBytes: gz(files['index.html']) + gz(files['assets/main-1.js']),
    });
  });

  it('says so when the worker holds no list', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-size-'));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'precacheAndRoute(self.__WB_MANIFEST)');
    expect(() => precacheSize(dist)).toThrow(/No precache list/);
  });
});
