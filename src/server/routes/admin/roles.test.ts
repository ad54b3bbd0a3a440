import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_MESSAGE } from '../../../shared/field-rules.ts';
import { grantRole, listGrants } from '../../auth/roles.ts';
import { createHarness } from '../../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../../test/refused-input.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'root-sub', 'admin');
  admin = await h.token({ sub: 'root-sub' });
});
afterEach(() => h.close());

const grant = (json: unknown) => h.request('/api/v1/admin/roles', { method: 'POST', token: admin, json });
const revoke = (principal: string, role: string) =>
  h.request(`/api/v1/admin/roles?principal=${encodeURIComponent(principal)}&role=${role}`, {
    method: 'DELETE',
    token: admin,
  });

describe('/api/v1/admin/roles', () => {
  it('refuses a principal with control characters or a lone surrogate (400 naming it) and grants nothing', async () => {
    for (const principal of Object.values(CONTROL_VALUES)) {
      await expectRefused(await grant({ principal, role: 'admin' }), 'principal', CONTROL_MESSAGE);
    }
    // A query string cannot carry half a UTF-16 pair (it is UTF-8), so only the control characters here.
    for (const principal of [CONTROL_VALUES.nul, CONTROL_VALUES.bell]) {
      await expectRefused(await revoke(principal, 'admin'), 'principal', CONTROL_MESSAGE);
    }
    await expectRefused(await grant({ principal: 'ann@example.org\nbo@example.org', role: 'dev' }), 'principal');
    expect(listGrants(h.db).map((g) => g.principal)).toEqual(['root-sub']);
  });

  it('revoking a grant nobody holds is a 404 in the error shape; a held one is revoked once', async () => {
    expect((await grant({ principal: 'Lee@Club.org', role: 'club_leader' })).status).toBe(201);
    const wrongRole = await revoke('lee@club.org', 'admin');
    expect(wrongRole.status).toBe(404);
    expect(await wrongRole.json()).toEqual({
      error: { code: 'not_found', message: 'lee@club.org does not hold admin.' },
    });
    expect((await revoke('nobody@club.org', 'club_leader')).status).toBe(404);

    const revoked = await revoke('LEE@club.org', 'club_leader');
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ grants: [{ principal: 'root-sub', role: 'admin' }] });
    expect((await revoke('lee@club.org', 'club_leader')).status).toBe(404);
  });
});
