import { generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, AUDIENCE, ISSUER } from '../test/harness.ts';
import { grantRole } from './roles.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

async function roleWith(token: string | undefined) {
  const res = await h.request('/api/v1/me/role', { ...(token ? { token } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
}

describe('access tokens', () => {
  it('a valid token reads the role, user by default', async () => {
    const { status, body } = await roleWith(await h.token({ sub: 'someone' }));
    expect(status).toBe(200);
    expect(body).toEqual({ role: 'user' });
  });

  it('no token: 401 with the error shape', async () => {
    const { status, body } = await roleWith(undefined);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to do this.' } });
  });

  it('a malformed Authorization header: 401', async () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'token']) {
      const res = await h.request('/api/v1/me/role', { headers: { Authorization: header } });
      expect(res.status).toBe(401);
    }
  });

  it('expired: 401 invalid_token', async () => {
    const token = await h.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const { status, body, res } = await roleWith(token);
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { code: 'invalid_token' } });
    expect(res.headers.get('WWW-Authenticate')).toContain('invalid_token');
  });

  it('wrong audience: 401', async () => {
    expect((await roleWith(await h.token({ aud: 'urn:someone-else' }))).status).toBe(401);
  });

  it('wrong issuer: 401', async () => {
    expect((await roleWith(await h.token({ iss: 'https://evil.test/oidc' }))).status).toBe(401);
  });

  it('tampered signature: 401', async () => {
    const token = await h.token();
    const [head, payload, sig] = token.split('.') as [string, string, string];
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    expect((await roleWith(`${head}.${payload}.${flipped}`)).status).toBe(401);
  });

  it('tampered payload (claims changed after signing): 401', async () => {
    const token = await h.token({ sub: 'plain-user' });
    const [head, payload, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    claims.sub = 'someone-else';
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect((await roleWith(`${head}.${forged}.${sig}`)).status).toBe(401);
  });

  it('signed by another key: 401', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await roleWith(await h.token({}, { key: privateKey }))).status).toBe(401);
  });

  it('a shared-secret (HS256) token is refused even with the right claims', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await roleWith(token)).status).toBe(401);
  });

  it('an ID token (not typ at+jwt) is not an access token: 401', async () => {
    expect((await roleWith(await h.token({}, { typ: 'JWT' }))).status).toBe(401);
  });
});

describe('roles', () => {
  it('are read by subject and by e-mail, the strongest wins', async () => {
    grantRole(h.db, 'Boss@Example.org', 'admin');
    grantRole(h.db, 'sub-dev', 'dev');
    grantRole(h.db, 'sub-leader', 'club_leader');
    expect((await roleWith(await h.token({ sub: 'x', email: 'boss@example.org' }))).body).toEqual({ role: 'admin' });
    expect((await roleWith(await h.token({ sub: 'sub-dev' }))).body).toEqual({ role: 'dev' });
    expect((await roleWith(await h.token({ sub: 'sub-leader' }))).body).toEqual({ role: 'club_leader' });
    grantRole(h.db, 'sub-leader', 'admin');
    expect((await roleWith(await h.token({ sub: 'sub-leader' }))).body).toEqual({ role: 'admin' });
  });

  it('a user token on an admin route: 403; an admin token: 200', async () => {
    const user = await h.token({ sub: 'plain' });
    const res = await h.request('/api/v1/admin/roles', { token: user });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'forbidden', message: 'You do not have permission to do this.' } });

    grantRole(h.db, 'admin@example.org', 'admin');
    const admin = await h.token({ sub: 'a', email: 'admin@example.org' });
    const ok = await h.request('/api/v1/admin/roles', { token: admin });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ grants: [{ principal: 'admin@example.org', kind: 'email', role: 'admin' }] });
  });

  it('an admin grants and revokes roles through the API', async () => {
    grantRole(h.db, 'root-sub', 'admin');
    const admin = await h.token({ sub: 'root-sub' });
    const created = await h.request('/api/v1/admin/roles', {
      method: 'POST',
      token: admin,
      json: { principal: 'Leader@Club.org', role: 'club_leader' },
    });
    expect(created.status).toBe(201);
    expect((await roleWith(await h.token({ sub: 'q', email: 'leader@club.org' }))).body).toEqual({ role: 'club_leader' });
    const revoked = await h.request('/api/v1/admin/roles?principal=leader@club.org&role=club_leader', {
      method: 'DELETE',
      token: admin,
    });
    expect(revoked.status).toBe(200);
    expect((await roleWith(await h.token({ sub: 'q', email: 'leader@club.org' }))).body).toEqual({ role: 'user' });
  });
});
