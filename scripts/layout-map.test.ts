import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mappedFolders, missingFromMap } from './layout-map.ts';

const MAP = `# Architecture

## Layout

\`\`\`
src/app/        the app
  features/       one folder per feature
    clubs/            the clubs page
    tournament/       one domain
      common/           what its screens share
  lib/            app-wide modules that carry on
                  over a second line/ naming nothing
src/server/     the API
  events/ names/   domain modules
\`\`\`

## Data flow

\`\`\`
src/app/features/ghost/   not the layout's
\`\`\`
`;

describe('the layout map', () => {
  it('reads the folders each line names, nested by indentation, and only in the Layout section', () => {
    expect([...mappedFolders(MAP)].sort()).toEqual([
      'src/app/',
      'src/app/features/',
      'src/app/features/clubs/',
      'src/app/features/tournament/',
      'src/app/features/tournament/common/',
      'src/app/lib/',
      'src/server/',
      'src/server/events/',
      'src/server/names/',
    ]);
  });

  it('names a folder added without its line, and only that one', () => {
    const files = ['src/app/features/clubs/a.ts', 'src/app/features/tournament/common/b.ts', 'src/server/events/c.ts'];
    expect(missingFromMap(MAP, files)).toEqual([]);
    expect(missingFromMap(MAP, [...files, 'src/app/features/tournament/brackets/d.tsx'])).toEqual([
      'src/app/features/tournament/brackets/',
    ]);
    expect(missingFromMap(MAP, [...files, 'src/server/openapi/__snapshots__/e.snap'])).toEqual(['src/server/openapi/']);
  });

  it('docs/architecture.md has a line for every folder of src/', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && fs.existsSync(f));
    expect(missingFromMap(fs.readFileSync('docs/architecture.md', 'utf8'), files)).toEqual([]);
  });
});
