import { ConfigError, loadConfig } from '../config.ts';
import { runClubsCommand } from '../clubs/command.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';

/** `npm run clubs -- import sheet.csv [--dry-run]` (see clubs/command.ts). */
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const db = openDatabase(config.databaseFile);
migrate(db, migrations);
const code = runClubsCommand(db, process.argv.slice(2), { log: console.log, error: console.error });
db.close();
process.exit(code);
