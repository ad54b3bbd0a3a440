import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/server/app.ts';
import { InvalidTokenError } from '../src/server/auth/tokens.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { migrations } from '../src/server/db/migrations.ts';

/**
 * `npm run lint:api`: builds the app in this process (an empty database in a
 * temp folder, no server, no sign-in), writes the document it serves at
 * /api/v1/openapi.json to a temp file, and lints it with Redocly
 * (redocly.yaml) and Spectral (.spectral.yaml). Either linter's error or
 * warning fails the run. `--keep` leaves the file and prints where it is.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-openapi-'));
const keep = process.argv.includes('--keep');
let failed = false;
try {
  const db = openDatabase(path.join(dir, 'app.db'));
  migrate(db, migrations);
  const app = createApp({
    db,
    verify: () => Promise.reject(new InvalidTokenError('No tokens are checked while the document is written.')),
    authConfig: { authority: 'https://sign-in.invalid/oidc', client_id: 'app', audience: 'urn:api', embedded: false },
    dataDir: dir,
  });
  const res = await app.request('/api/v1/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}: ${await res.text()}`);
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(await res.json(), null, 2));
  db.close();
  if (keep) console.log(`The document: ${file}`);

  const bin = (name: string) => path.join(import.meta.dirname, '..', 'node_modules', '.bin', name);
  const run = (name: string, args: string[]) => {
    console.log(`\n$ ${name} ${args.join(' ')}`);
    const done = spawnSync(bin(name), args, { stdio: 'inherit' });
    if (done.status !== 0) failed = true;
  };
  run('redocly', ['lint', file, '--config', 'redocly.yaml']);
  run('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn']);
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('\nThe API document has lint problems (above).');
  process.exit(1);
}
