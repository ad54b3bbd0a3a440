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
    const { status, body, res } = await roleWith(undefined);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to do this.' } });
    // RFC 6750: the scheme to use, and no error code when no token was sent.
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  it('a malformed Authorization header: 401', async () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'token']) {
      const res = await h.request('/api/v1/me/role', { headers: { Authorization: header } });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
  });

  it('expired: 401 invalid_token', async () => {
    const token = await h.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const { status, body, res } = await roleWith(token);
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { code: 'invalid_token' } });
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"');
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
    expect(await res.json()).toEqual({
      error: { code: 'forbidden', message: 'You do not have permission to do this.' },
    });

    grantRole(h.db, 'admin@example.org', 'admin');
    const admin = await h.token({ sub: 'a', email: 'admin@example.org' });
    const ok = await h.request('/api/v1/admin/roles', { token: admin });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      grants: [{ principal: 'admin@example.org', kind: 'email', role: 'admin' }],
    });
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
    expect((await roleWith(await h.token({ sub: 'q', email: 'leader@club.org' }))).body).toEqual({
      role: 'club_leader',
    });
    const revoked = await h.request('/api/v1/admin/roles?principal=leader@club.org&role=club_leader', {
      method: 'DELETE',
      token: admin,
    });
    expect(revoked.status).toBe(200);
    expect((await roleWith(await h.token({ sub: 'q', email: 'leader@club.org' }))).body).toEqual({ role: 'user' });
  });
});

describe('roles granted by e-mail', () => {
  beforeEach(() => grantRole(h.db, 'boss@example.org', 'admin'));

  it('count only when the provider says the address is verified', async () => {
    const verified = await h.token({ sub: 'boss', email: 'boss@example.org', email_verified: true });
    expect((await roleWith(verified)).body).toEqual({ role: 'admin' });
    // Someone else who registered the admin's address without proving it: a plain user.
    const unverified = await h.token({ sub: 'impostor', email: 'boss@example.org', email_verified: false });
    expect((await roleWith(unverified)).body).toEqual({ role: 'user' });
    const res = await h.request('/api/v1/admin/roles', { token: unverified });
    expect(res.status).toBe(403);
    // A provider that does not say is not taken at its word either.
    const unsaid = await h.token({ sub: 'impostor', email: 'boss@example.org', email_verified: undefined });
    expect((await roleWith(unsaid)).body).toEqual({ role: 'user' });
    // Only the boolean true counts.
    const stringy = await h.token({ sub: 'impostor', email: 'boss@example.org', email_verified: 'true' });
    expect((await roleWith(stringy)).body).toEqual({ role: 'user' });
  });

  it('an unverified address is not recorded as the submitter of a form either', async () => {
    const unverified = await h.token({ sub: 'impostor', email: 'boss@example.org', email_verified: false });
    const sent = await h.request('/api/v1/feedback', {
      method: 'POST',
      token: unverified,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: { text: 'Hello', name: 'Pat' },
    });
    expect(sent.status).toBe(201);
    expect(h.db.prepare('SELECT submitter_sub, submitter_email FROM feedback').get()).toEqual({
      submitter_sub: 'impostor',
      submitter_email: null,
    });
  });

  it('a grant by subject holds whatever the token says of its e-mail', async () => {
    grantRole(h.db, 'dev-sub', 'dev');
    const token = await h.token({ sub: 'dev-sub', email: 'someone@example.org', email_verified: false });
    expect((await roleWith(token)).body).toEqual({ role: 'dev' });
  });
});

describe('admin scopes', () => {
  beforeEach(() => grantRole(h.db, 'admin-sub', 'admin'));
  const grant = { principal: 'leader@club.org', role: 'club_leader' };

  it('reads need admin:read, changes admin:write, on top of the role', async () => {
    const readOnly = await h.token({ sub: 'admin-sub', scope: 'openid profile email admin:read' });
    expect((await h.request('/api/v1/admin/roles', { token: readOnly })).status).toBe(200);
    const refused = await h.request('/api/v1/admin/roles', { method: 'POST', token: readOnly, json: grant });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer error="insufficient_scope", scope="admin:write"');
    expect(await refused.json()).toEqual({
      error: {
        code: 'insufficient_scope',
        message: 'Your sign-in does not include admin:write. Sign out and sign in again to be given it.',
      },
    });

    const writeOnly = await h.token({ sub: 'admin-sub', scope: 'admin:write' });
    const read = await h.request('/api/v1/admin/roles', { token: writeOnly });
    expect(read.status).toBe(403);
    expect(read.headers.get('WWW-Authenticate')).toBe('Bearer error="insufficient_scope", scope="admin:read"');
    expect((await h.request('/api/v1/admin/roles', { method: 'POST', token: writeOnly, json: grant })).status).toBe(
      201,
    );
  });

  it('a token without scopes: 403 insufficient_scope for an admin, 403 forbidden for a user', async () => {
    const admin = await h.token({ sub: 'admin-sub', scope: 'openid profile email' });
    const res = await h.request('/api/v1/admin/roles', { token: admin });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
    const scopeless = await h.token({ sub: 'admin-sub', scope: undefined });
    expect((await h.request('/api/v1/admin/roles', { token: scopeless })).status).toBe(403);
    // The role is checked first: a user with the scopes is still just a user.
    const user = await h.token({ sub: 'plain' });
    const forbidden = await h.request('/api/v1/admin/roles', { token: user });
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    // A scope must be a whole word of the list.
    const lookalike = await h.token({ sub: 'admin-sub', scope: 'admin:readonly admin:writer' });
    expect((await h.request('/api/v1/admin/roles', { token: lookalike })).status).toBe(403);
  });

  it('the developer tools need them too, and the drafts in the events list need admin:read', async () => {
    grantRole(h.db, 'dev-sub', 'dev');
    const devNoScope = await h.token({ sub: 'dev-sub', scope: 'openid' });
    const res = await h.request('/api/v1/dev/db/download', { token: devNoScope });
    expect(res.status).toBe(403);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer error="insufficient_scope", scope="admin:read"');

    const created = await h.request('/api/v1/events', {
      method: 'POST',
      token: await h.token({ sub: 'admin-sub' }),
      json: { name: 'Draft Pull', date: '2030-01-01', status: 'draft' },
    });
    expect(created.status).toBe(201);
    const names = async (token: string) =>
      ((await (await h.request('/api/v1/events', { token })).json()) as { events: { name: string }[] }).events.map(
        (e) => e.name,
      );
    expect(await names(await h.token({ sub: 'admin-sub' }))).toContain('Draft Pull');
    expect(await names(await h.token({ sub: 'admin-sub', scope: 'admin:write' }))).not.toContain('Draft Pull');
  });
});
