/**
 * The layout map of docs/architecture.md against the folders of `src/`: every folder must have its line, so that
 * the map the lint config and newcomers go by does not drift (scripts/layout-map.test.ts runs it with the tests).
 *
 * The map is the code blocks of the page's "Layout" section (down to the next `## `). A line names folders when it
 * starts, at an even indentation, with one or more words ending in `/` (`events/ names/ submissions/`); a name at
 * the left edge is a path from the top (`src/app/`), and an indented one sits in the folder named on the last line
 * indented two spaces less. Lines that carry on a description are indented further and name nothing.
 */
export function mappedFolders(markdown: string): Set<string> {
  const start = markdown.indexOf('\n## Layout');
  if (start < 0) throw new Error('docs/architecture.md has no "## Layout" section.');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const folders = new Set<string>();
  for (const block of blocks) {
    // The folder named at each indentation (0, 2, 4, ...) on the way down to the current line.
    const parents: string[] = [];
    for (const line of block.split('\n')) {
      const m = /^( *)((?:[\w.-]+(?:\/[\w.-]+)*\/ ?)+)(?: |$)/.exec(line);
      if (!m || m[1]!.length % 2) continue;
      const depth = m[1]!.length / 2;
      if (depth > 0 && parents[depth - 1] === undefined) continue;
      const base = depth === 0 ? '' : parents[depth - 1]!;
      const names = m[2]!.trim().split(/ +/);
      for (const name of names) folders.add(base + name);
      parents.length = depth;
      // Several folders on one line (`demo/ results/ cli/`) have no sub-folders listed under them.
      parents[depth] = names.length === 1 ? base + names[0] : undefined!;
    }
  }
  return folders;
}

/** The folders (with a trailing `/`) that hold files, and every folder above them, from a list of file paths. */
export function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return folders;
}

/** Folders left out of the map on purpose: made by tools, never edited by hand. */
const GENERATED = /(^|\/)__snapshots__\/$/;

/** The folders of `files` under `root` that the map does not name. */
export function missingFromMap(markdown: string, files: readonly string[], root = 'src/'): string[] {
  const mapped = mappedFolders(markdown);
  return [...foldersOf(files)]
    .filter((f) => f.startsWith(root) && f !== root && !GENERATED.test(f) && !mapped.has(f))
    .sort();
}
