import type { Role } from '../../shared/roles.ts';

/**
 * The accounts the embedded identity provider offers on its login page.
 * Invented people; their roles are seeded into the roles table at start.
 */
export interface DemoAccount {
  sub: string;
  email: string;
  name: string;
  label: string;
  role: Role;
  /** Issue 5 links this account's name to an athlete as already verified. */
  verifiedAthleteName?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    sub: 'demo-athlete',
    email: 'athlete@demo.armwrestling.test',
    name: 'Jordan Reyes',
    label: 'Athlete',
    role: 'user',
  },
  {
    sub: 'demo-verified',
    email: 'verified@demo.armwrestling.test',
    name: 'Casey Morrow',
    label: 'Athlete with a verified name',
    role: 'user',
    verifiedAthleteName: 'Casey Morrow',
  },
  {
    sub: 'demo-leader',
    email: 'leader@demo.armwrestling.test',
    name: 'Riley Okafor',
    label: 'Club leader',
    role: 'club_leader',
    // Verified, so the club they lead (Iron Grip Pullers in the demo) is theirs to edit.
    verifiedAthleteName: 'Riley Okafor',
  },
  { sub: 'demo-admin', email: 'admin@demo.armwrestling.test', name: 'Morgan Vance', label: 'Admin', role: 'admin' },
  { sub: 'demo-dev', email: 'dev@demo.armwrestling.test', name: 'Sam Lindqvist', label: 'Developer', role: 'dev' },
];

export function findDemoAccount(sub: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((a) => a.sub === sub);
}
