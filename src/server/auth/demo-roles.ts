import type { Db } from '../db/connection.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { grantRole } from './roles.ts';

/**
 * The demo accounts' roles are demo data. With demo data on (and the embedded sign-in, where those accounts
 * exist) they are granted at every start; with it off, none of the demo accounts holds any role, even where
 * ALLOW_DEMO_SIGN_IN_IN_PRODUCTION lets them sign in: a real deployment makes its first admin with the setup
 * link (setup.ts), and a database that once ran the demo loses the demo admin at its next start without demo
 * data. Returns how many grants were taken away.
 */
export function applyDemoRoles(db: Db, { demoData, embedded }: { demoData: boolean; embedded: boolean }): number {
  if (demoData) {
    if (embedded)
      for (const account of DEMO_ACCOUNTS) if (account.role !== 'user') grantRole(db, account.email, account.role);
    return 0;
  }
  const principals = DEMO_ACCOUNTS.flatMap((a) => [a.email.toLowerCase(), a.sub]);
  return db
    .prepare(`DELETE FROM role_grants WHERE principal IN (${principals.map(() => '?').join(', ')})`)
    .run(...principals).changes;
}
