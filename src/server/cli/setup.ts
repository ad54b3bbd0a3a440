import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { issueSetupToken, listAdmins, setupMessage, setupUrl } from '../auth/setup.ts';

/**
 * `npm run setup`: while nobody is admin, a fresh setup link (it replaces the links made before it, the one the
 * server logged at start too); once someone is, who the admins are. Run it where the server runs, with its
 * settings (DATA_DIR, PUBLIC_URL): the link is made for the server's address.
 */
const config = loadConfig();
const db = openDatabase(config.databaseFile);
migrate(db, migrations);

const admins = listAdmins(db);
if (admins.length) {
  console.log('This association is set up. Its admins:');
  for (const a of admins) {
    console.log(
      `  ${a.role.padEnd(5)} ${a.principal} (${a.kind === 'email' ? 'e-mail' : 'subject'}, since ${a.granted_at})`,
    );
  }
  console.log('Give someone a role with: npm run role -- grant <admin|dev|club_leader> <email or token subject>');
} else {
  const { token, expiresAt } = issueSetupToken(db);
  console.log(setupMessage(setupUrl(config.publicUrl, token)));
  console.log(
    `Whoever opens it and signs in becomes admin. It works once, until ${expiresAt} (24 hours), ` +
      'while nobody is admin; the setup links made before it no longer work.',
  );
}
db.close();
