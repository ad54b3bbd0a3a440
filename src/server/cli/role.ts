import { loadConfig } from '../config.ts';
import { grantRole, listGrants, revokeRole } from '../auth/roles.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { roleGrantSchema } from '../../shared/role-grants.ts';

/** `npm run role -- grant admin someone@example.org` | `revoke ...` | `list` */
const usage = `Usage:
  npm run role -- grant <admin|dev|club_leader> <email or token subject>
  npm run role -- revoke <admin|dev|club_leader> <email or token subject>
  npm run role -- list`;

const [command, role, principal] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase(config.databaseFile);
migrate(db, migrations);

if (command === 'list') {
  for (const g of listGrants(db)) console.log(`${g.role}\t${g.principal}\t(${g.kind}, since ${g.granted_at})`);
} else if (command === 'grant' || command === 'revoke') {
  const parsed = roleGrantSchema.safeParse({ role, principal });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    console.error(usage);
    process.exit(2);
  }
  const { data } = parsed;
  const changed = command === 'grant' ? grantRole(db, data.principal, data.role) : revokeRole(db, data.principal, data.role);
  console.log(
    command === 'grant'
      ? changed ? `Granted ${data.role} to ${data.principal}.` : `${data.principal} already had ${data.role}.`
      : changed ? `Revoked ${data.role} from ${data.principal}.` : `${data.principal} did not have ${data.role}.`,
  );
} else {
  console.error(usage);
  process.exit(2);
}
db.close();
