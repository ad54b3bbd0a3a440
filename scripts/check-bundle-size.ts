import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Deterministic size budget, run by `npm test` after the build: the
 * JavaScript needed before the leaderboards show (the entry chunk and
 * everything it imports statically, not the lazy chunks), gzipped at level 9
 * as the server sends it.
 */
export const BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function firstScreenFiles(manifest: Record<string, ManifestChunk>, entry = 'index.html'): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  visit(entry);
  return [...seen].map((k) => manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js'));
}

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function main() {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: run npm run build first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = firstScreenFiles(manifest);
  let total = 0;
  for (const f of files) {
    const size = gzipSize(path.join(dist, f));
    total += size;
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `First-screen JavaScript: ${(total / 1024).toFixed(1)} KB gzipped, ${verdict} the ${BUDGET_BYTES / 1024} KB budget.`,
  );
  if (total > BUDGET_BYTES) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
