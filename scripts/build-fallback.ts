import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Db } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { migrations } from '../src/server/db/migrations.ts';
import { hasResults, seedDemoState } from '../src/server/demo/generate.ts';
import { seedDemoEvents } from '../src/server/demo/events.ts';
import { seedDemoCards } from '../src/server/demo/cards.ts';
import { storeDemoProfile } from '../src/server/demo/seed.ts';
import { fallbackDocument } from '../src/server/rankings/fallback.ts';

/**
 * Writes public/fallback.json before `vite build` (so the service worker can
 * precache it): what the app shows when the API fails. It comes from the
 * configured database when that holds results, else from the demo state that
 * `npm start` loads into an empty database (DEMO_ASSOCIATION's).
 */
function source(): { db: Db; from: string } {
  const { databaseFile: file, demoAssociation } = loadConfig();
  if (fs.existsSync(file)) {
    const db = openDatabase(file);
    migrate(db, migrations);
    if (hasResults(db)) return { db, from: file };
    db.close();
  }
  const db = openDatabase(':memory:');
  migrate(db, migrations);
  storeDemoProfile(db, demoAssociation);
  seedDemoState(db, { association: demoAssociation });
  seedDemoEvents(db, undefined, demoAssociation);
  seedDemoCards(db);
  return { db, from: `the demo state (${demoAssociation})` };
}

const { db, from } = source();
const out = path.resolve('public/fallback.json');
const json = JSON.stringify(fallbackDocument(db));
fs.writeFileSync(out, json);
db.close();
console.log(`fallback.json from ${from}: ${(json.length / 1024).toFixed(0)} KB`);
