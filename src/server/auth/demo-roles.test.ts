import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { applyDemoRoles } from './demo-roles.ts';
import { grantRole, listGrants, roleOf } from './roles.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const roles = () => listGrants(h.db).map((g) => `${g.role} ${g.principal}`);

it('with demo data and the embedded sign-in the demo accounts hold their roles; without, none at all', () => {
  applyDemoRoles(h.db, { demoData: true, embedded: false });
  expect(roles()).toEqual([]);

  applyDemoRoles(h.db, { demoData: true, embedded: true });
  expect(roles()).toEqual([
    'admin admin@demo.armwrestling.test',
    'dev dev@demo.armwrestling.test',
    'club_leader leader@demo.armwrestling.test',
  ]);
  expect(roleOf(h.db, { sub: 'demo-admin', email: 'admin@demo.armwrestling.test' })).toBe('admin');

  // Any role a demo account holds goes, by e-mail or by subject; a real person's grant stays.
  grantRole(h.db, 'demo-athlete', 'club_leader');
  grantRole(h.db, 'chair@association.example', 'admin');
  expect(applyDemoRoles(h.db, { demoData: false, embedded: true })).toBe(4);
  expect(roles()).toEqual(['admin chair@association.example']);
});
