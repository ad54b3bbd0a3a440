import type { ManifestChunk } from './check-bundle-size.ts';

/**
 * What a first visit's service worker leaves out of its precache. Most visitors never open the chart, sign in,
 * or use the staff screens, so those chunks are cached by the worker the first time they are used instead
 * (sw/sw.ts, the lazy-assets route). Named by source module, not by output file: Rollup names the shared
 * helper chunks after whichever module comes first, so the plan follows the import graph in Vite's manifest
 * and leaves out only what no public screen reaches.
 */
export const LAZY_ROOTS = [
  // The athlete popup's chart: @nivo/line, about 90 KB gzipped, fetched only when a popup's chart comes into view.
  'src/app/features/athletes/SkillChart.tsx',
  // 'How the rankings work' (#/ratings) and its calibration chart (nivo again): an explainer few visitors open; the
  // worker keeps the page and the chart the first time they are, so a page seen once opens offline.
  'src/app/routes/ratings.tsx',
  // Staff only: the admin screen, the head table, the event editor, the supermatch image editor (the cropper).
  'src/app/routes/admin.tsx',
  'src/app/routes/head-table.tsx',
  'src/app/features/events/EventEditor.tsx',
  'src/app/features/supermatch-images/ImageEditor.tsx',
  // Signed in only: the account page, and the OIDC client (signing in needs the network anyway).
  'src/app/features/account/AccountDetails.tsx',
  'src/app/auth/oidc.ts',
  // Table devices only: the table screen is opened by its link, online, once; the worker keeps it from then on.
  'src/app/routes/table.tsx',
  // Tournament days only: the brackets page is kept the first time it is opened (a page the worker did not yet
  // control names its chunks to it), so a bracket seen once opens offline like everything else seen once.
  'src/app/routes/brackets.tsx',
  // The hall's TV: one laptop per hall opens it, online; the worker keeps it from then on.
  'src/app/routes/tv.tsx',
  // Tournament days only: the draw sheets to print, kept the same way the first time they are opened.
  'src/app/routes/draw-sheet.tsx',
] as const;

/**
 * The output files (scripts, their CSS and assets) reachable from the roots and from nothing else the app
 * entry reaches. Everything the entry reaches, statically or lazily, without passing through a root stays
 * precached. Throws when a root is not in the build: a moved module would otherwise be precached unnoticed.
 */
export function lazyOnlyFiles(
  manifest: Record<string, ManifestChunk>,
  roots: readonly string[] = LAZY_ROOTS,
  entry = 'index.html',
): string[] {
  const missing = roots.filter((r) => !manifest[r]);
  if (missing.length) {
    throw new Error(
      `precache plan: no chunk for ${missing.join(', ')} in the build; update LAZY_ROOTS in scripts/precache-plan.ts`,
    );
  }
  const rootSet = new Set(roots);
  const reach = (starts: string[], stopAtRoots: boolean) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || (stopAtRoots && rootSet.has(key)) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      chunk.imports?.forEach(visit);
      chunk.dynamicImports?.forEach(visit);
    };
    starts.forEach(visit);
    return seen;
  };
  const kept = reach([entry], true);
  const filesOf = (keys: Iterable<string>) => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      files.add(chunk.file);
      chunk.css?.forEach((f) => files.add(f));
      chunk.assets?.forEach((f) => files.add(f));
    }
    return files;
  };
  const keptFiles = filesOf(kept);
  const lazy = [...reach([...roots], false)].filter((k) => !kept.has(k));
  return [...filesOf(lazy)].filter((f) => !keptFiles.has(f)).sort();
}
