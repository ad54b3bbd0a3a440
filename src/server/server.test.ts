import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../shared/association.ts';
import { writeSettings } from './association/store.ts';
import { grantRole, listGrants, revokeRole } from './auth/roles.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { migrations } from './db/migrations.ts';
import { HSTS } from './http/security-headers.ts';
import { startServer, type Running } from './server.ts';
import { freePort } from './test/process.ts';

/**
 * The whole server in this process (startServer: the embedded provider, the
 * app, one HTTP server) on a temp data folder, reached over real HTTP.
 */
const started: { running: Running; dir: string }[] = [];
afterEach(async () => {
  for (const { running, dir } of started.splice(0)) {
    await running.close(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** `before` runs on the migrated database before the server starts on it (grants from an earlier life). */
async function serve(env: Record<string, string> = {}, before?: (db: Db) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-server-'));
  if (before) {
    const db = openDatabase(path.join(dir, 'app.db'));
    migrate(db, migrations);
    before(db);
    db.close();
  }
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dir,
    DEMO_DATA: 'false',
    STATIC_DIR: path.join(dir, 'no-build'),
    ...env,
  });
  const running = await startServer(config);
  started.push({ running, dir });
  return { running, config, base: `http://127.0.0.1:${port}` };
}

/** A browser's cookie jar, as far as these requests need one. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    take: (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
    },
  };
}

/**
 * The app's sign-in, done by hand: the authorization request with PKCE, the
 * demo login page's form, the redirect back with a code, the token request.
 */
async function signIn(base: string, clientId: string, redirectUri: string, account: string) {
  const jar = cookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const step = async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, base);
    const res = await fetch(`${base}${u.pathname}${u.search}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), Cookie: jar.header() },
    });
    jar.take(res);
    return res;
  };
  const auth = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email admin:read admin:write',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    prompt: 'login',
  });
  let res = await step(`/oidc/auth?${auth}`);
  expect(res.status).toBe(303);
  const interaction = res.headers.get('location')!;
  res = await step(`${interaction}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account }).toString(),
  });
  expect(res.status).toBe(303);
  res = await step(res.headers.get('location')!);
  expect(res.status).toBe(303);
  const code = new URL(res.headers.get('location')!).searchParams.get('code');
  expect(code).toBeTruthy();
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as { access_token: string; refresh_token: string };
}

function claims(jwt: string): Record<string, unknown> & { scope?: string; sub: string } {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { scope?: string; sub: string };
}

async function refresh(base: string, clientId: string, refreshToken: string) {
  const res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

const apiScopes = (jwt: string) => (claims(jwt).scope ?? '').split(' ').filter((s) => s.startsWith('admin:'));

describe('the embedded sign-in gives admin scopes only to roles that allow them', () => {
  it(
    'a plain user gets none, an admin both, and a revoked admin none at the next refresh',
    { timeout: 60_000 },
    async () => {
      const { running, config, base } = await serve();
      // Without demo data the demo accounts hold no roles (auth/demo-roles.ts): the admin is granted here.
      grantRole(running.db, 'admin@demo.armwrestling.test', 'admin');
      const redirect = `${config.publicUrl}/`;

      const user = await signIn(base, config.auth.clientId, redirect, 'demo-athlete');
      expect(claims(user.access_token).sub).toBe('demo-athlete');
      expect(apiScopes(user.access_token)).toEqual([]);

      const admin = await signIn(base, config.auth.clientId, redirect, 'demo-admin');
      expect(apiScopes(admin.access_token).sort()).toEqual(['admin:read', 'admin:write']);

      // The role is read when a token is issued: a refresh after the role is taken away brings no admin scope.
      revokeRole(running.db, 'admin@demo.armwrestling.test', 'admin');
      const after = await refresh(base, config.auth.clientId, admin.refresh_token);
      expect(apiScopes(after.access_token)).toEqual([]);

      // Signing out revokes the refresh token (the app's own client may), after which it renews nothing.
      const revoked = await fetch(`${base}/oidc/token/revocation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: after.refresh_token, client_id: config.auth.clientId }).toString(),
      });
      expect(revoked.status).toBe(200);
      const renewed = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: after.refresh_token,
          client_id: config.auth.clientId,
        }).toString(),
      });
      expect(renewed.status).toBe(400);
    },
  );
});

describe("a new deployment's first run", () => {
  const production = { NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true', DEMO_DATA: 'false' };
  /** The info lines the server logged while `run` ran, by message. */
  async function logged(run: () => Promise<unknown>): Promise<string[]> {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((l) => l.startsWith('{')),
      );
      return true;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return lines.map((l) => (JSON.parse(l) as { message: string }).message);
  }

  it(
    'in production with no admin: one setup link in the log; its user becomes admin, and the demo admin is not',
    { timeout: 60_000 },
    async () => {
      let served: Awaited<ReturnType<typeof serve>> | undefined;
      const messages = await logged(async () => (served = await serve(production)));
      const { running, config, base } = served!;
      const link = running.setupLink!;
      expect(link).toMatch(new RegExp(`^${config.publicUrl}/#/setup\\?token=[\\w-]{43}$`));
      expect(messages.filter((m) => m.includes('/#/setup?token='))).toEqual([
        `Open ${link} to set up this association.`,
      ]);

      // The demo admin signs in (the demo sign-in is allowed here) but holds no role: demo data is off.
      const redirect = `${config.publicUrl}/`;
      const demoAdmin = await signIn(base, config.auth.clientId, redirect, 'demo-admin');
      expect(apiScopes(demoAdmin.access_token)).toEqual([]);
      expect(listGrants(running.db)).toEqual([]);

      const token = new URL(link.replace('/#/', '/')).searchParams.get('token');
      const setup = await fetch(`${base}/api/v1/setup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demoAdmin.access_token}` },
        body: JSON.stringify({ token }),
      });
      expect(await setup.json()).toEqual({ role: 'admin', principal: 'demo-admin' });
      // The grant is by subject; a new sign-in's token carries the admin scopes.
      expect(listGrants(running.db)).toEqual([expect.objectContaining({ principal: 'demo-admin', kind: 'sub' })]);
      const again = await signIn(base, config.auth.clientId, redirect, 'demo-admin');
      expect(apiScopes(again.access_token).sort()).toEqual(['admin:read', 'admin:write']);
    },
  );

  it('no link once an admin exists, nor outside production; without demo data the demo roles are taken away', async () => {
    const earlierDemo = (db: Db) => {
      grantRole(db, 'admin@demo.armwrestling.test', 'admin');
      grantRole(db, 'demo-dev', 'dev');
    };
    const withAdmin = (db: Db) => grantRole(db, 'chair@association.example', 'admin');
    const messages = await logged(async () => {
      expect((await serve(production, withAdmin)).running.setupLink).toBeUndefined();
      expect((await serve({ DEMO_DATA: 'false' })).running.setupLink).toBeUndefined();
      // A database that ran the demo before: its demo roles go, so it has no admin and gets a link.
      const { running } = await serve(production, earlierDemo);
      expect(listGrants(running.db)).toEqual([]);
      expect(running.setupLink).toBeDefined();
    });
    expect(messages.filter((m) => m.includes('to set up this association'))).toHaveLength(1);
    expect(messages).toContain('Took the roles of the demo accounts away (2): DEMO_DATA is off.');
  });
});

/** The app's authorization request, up to the provider's redirect to its login page. */
async function startSignIn(base: string, config: Config): Promise<Response> {
  const auth = new URLSearchParams({
    client_id: config.auth.clientId,
    redirect_uri: `${config.publicUrl}/`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
  });
  const res = await fetch(`${base}/oidc/auth?${auth}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res;
}

describe('transport security', () => {
  /** The cookies the provider sets when a sign-in starts (before its login page). */
  async function signInCookies(base: string, config: Config) {
    const res = await startSignIn(base, config);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    return cookies;
  }

  it('an https public address: HSTS on every answer, also the sign-in pages, and Secure sign-in cookies', async () => {
    const { base, config } = await serve({ PUBLIC_URL: 'https://rankings.example.org' });
    for (const p of ['/api/v1/health', '/no-such-page', '/oidc/.well-known/openid-configuration']) {
      const res = await fetch(`${base}${p}`);
      expect(res.headers.get('Strict-Transport-Security'), p).toBe(HSTS);
    }
    // The server itself speaks plain HTTP (TLS ends at the proxy), yet the cookies are Secure and the
    // provider names its https endpoints.
    const discovery = (await (await fetch(`${base}/oidc/.well-known/openid-configuration`)).json()) as {
      authorization_endpoint: string;
    };
    expect(discovery.authorization_endpoint).toBe('https://rankings.example.org/oidc/auth');
    for (const cookie of await signInCookies(base, config)) expect(cookie.toLowerCase()).toContain('; secure');
  });

  it('a plain-http public address (a laptop, the tests): no HSTS, cookies without Secure', async () => {
    const { base, config } = await serve();
    for (const p of ['/api/v1/health', '/oidc/.well-known/openid-configuration']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Strict-Transport-Security'), p).toBeNull();
    }
    for (const cookie of await signInCookies(base, config)) expect(cookie.toLowerCase()).not.toContain('secure');
  });
});

describe('the embedded sign-in page names the association', () => {
  /** The login page of a sign-in started now, as a browser that follows the provider's redirect sees it. */
  async function loginPage(base: string, config: Config): Promise<string> {
    const start = await startSignIn(base, config);
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(start.headers.get('location')!, base), { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    return page.text();
  }

  it('as the profile has it now, with no restart', async () => {
    const { running, config, base } = await serve();
    expect(await loginPage(base, config)).toContain('<strong>Arm-wrestling Rankings</strong>');
    writeSettings(running.db, { ...DEFAULT_SETTINGS, name: 'Oregon Arm Wrestling & Friends' }, 'test');
    expect(await loginPage(base, config)).toContain('<strong>Oregon Arm Wrestling &#38; Friends</strong>');
  });
});

describe('the embedded sign-in puts a verified e-mail into access tokens', () => {
  it('so a role granted by e-mail holds for the demo admin, whose token carries both admin scopes', async () => {
    const { running, config, base } = await serve();
    grantRole(running.db, 'admin@demo.armwrestling.test', 'admin');
    const admin = await signIn(base, config.auth.clientId, `${config.publicUrl}/`, 'demo-admin');
    expect(claims(admin.access_token)).toMatchObject({ email: 'admin@demo.armwrestling.test', email_verified: true });
    const grants = await fetch(`${base}/api/v1/admin/roles`, {
      headers: { Authorization: `Bearer ${admin.access_token}` },
    });
    expect(grants.status).toBe(200);
  });
});

/**
 * An external identity provider: an independent OpenID Connect server
 * (oauth2-mock-server) on this machine, found through its discovery document
 * like Auth0 or Keycloak, whose signer makes the tokens each case needs.
 */
describe('with an external identity provider', () => {
  const AUDIENCE = 'https://rankings.example.org/api';
  const SCOPES = 'openid profile email admin:read admin:write';
  let provider: OAuth2Server;
  let other: OAuth2Server;
  const kids = { rs256: 'rs256', es256: 'es256', rs384: 'rs384' };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256', { kid: kids.rs256 });
    await provider.issuer.keys.generate('ES256', { kid: kids.es256 });
    // Published in the provider's keys, but not an algorithm the server accepts.
    await provider.issuer.keys.generate('RS384', { kid: kids.rs384 });
    await provider.start(0, '127.0.0.1');
    other = new OAuth2Server();
    await other.issuer.keys.generate('RS256', { kid: kids.rs256 });
    await other.start(0, '127.0.0.1');
  });
  afterAll(async () => {
    await provider.stop();
    await other.stop();
  });

  /** A token the provider signs: its issuer, an hour's life, the app's scopes and audience unless told otherwise. */
  const tokenFrom = (
    from: OAuth2Server,
    claims: Record<string, unknown>,
    opts: { kid?: string; expiresIn?: number } = {},
  ) =>
    from.issuer.buildToken({
      kid: opts.kid ?? kids.rs256,
      expiresIn: opts.expiresIn ?? 3600,
      scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: AUDIENCE, scope: SCOPES }, claims),
    });

  async function serveWithProvider(env: Record<string, string> = {}) {
    const served = await serve({
      ...env,
      HOST: '127.0.0.1',
      OIDC_ISSUER: provider.issuer.url!,
      OIDC_CLIENT_ID: 'rankings-app',
      OIDC_AUDIENCE: AUDIENCE,
    });
    expect(served.config.auth.kind).toBe('external');
    const call = async (token: string, init: RequestInit = {}) => {
      const res = await fetch(`${served.base}/api/v1/admin/roles`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
      });
      return {
        status: res.status,
        authenticate: res.headers.get('WWW-Authenticate'),
        body: (await res.json()) as unknown,
      };
    };
    const role = async (token: string) => {
      const res = await fetch(`${served.base}/api/v1/me/role`, { headers: { Authorization: `Bearer ${token}` } });
      return res.status === 200 ? ((await res.json()) as { role: string }).role : res.status;
    };
    return { ...served, call, role };
  }

  it('a role granted by e-mail holds only for a verified address; a grant by subject always', async () => {
    const { running, call, role } = await serveWithProvider();
    grantRole(running.db, 'chair@association.example', 'admin');
    grantRole(running.db, 'auth0|dev-1', 'dev');

    const verified = await tokenFrom(provider, {
      sub: 'auth0|chair',
      email: 'chair@association.example',
      email_verified: true,
    });
    expect(await role(verified)).toBe('admin');
    expect((await call(verified)).status).toBe(200);

    // Another person who signed up with the chair's address and never proved it.
    const unverified = await tokenFrom(provider, {
      sub: 'auth0|impostor',
      email: 'Chair@Association.example',
      email_verified: false,
    });
    expect(await role(unverified)).toBe('user');
    expect((await call(unverified)).status).toBe(403);
    const unsaid = await tokenFrom(provider, { sub: 'auth0|impostor', email: 'chair@association.example' });
    expect(await role(unsaid)).toBe('user');

    const bySubject = await tokenFrom(provider, {
      sub: 'auth0|dev-1',
      email: 'dev@elsewhere.example',
      email_verified: false,
    });
    expect(await role(bySubject)).toBe('dev');
    expect((await call(bySubject)).status).toBe(200);
  });

  it("in production with no admin, the setup link makes the provider's signed-in user admin by subject", async () => {
    const { running, base, role } = await serveWithProvider({ NODE_ENV: 'production' });
    const token = new URL(running.setupLink!.replace('/#/', '/')).searchParams.get('token');
    const chair = await tokenFrom(provider, { sub: 'auth0|chair', email: 'chair@association.example' });
    expect(await role(chair)).toBe('user');
    const setup = await fetch(`${base}/api/v1/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${chair}` },
      body: JSON.stringify({ token }),
    });
    expect(setup.status).toBe(200);
    expect(await role(chair)).toBe('admin');
  });

  it('the admin routes need the admin scopes besides the role', async () => {
    const { running, call } = await serveWithProvider();
    grantRole(running.db, 'auth0|chair', 'admin');
    const post = { method: 'POST', headers: { 'Content-Type': 'application/json' } };
    const grant = JSON.stringify({ principal: 'auth0|helper', role: 'club_leader' });

    const signInOnly = await tokenFrom(provider, { sub: 'auth0|chair', scope: 'openid profile email' });
    expect(await call(signInOnly)).toMatchObject({
      status: 403,
      authenticate: 'Bearer error="insufficient_scope", scope="admin:read"',
      body: { error: { code: 'insufficient_scope' } },
    });
    const readOnly = await tokenFrom(provider, { sub: 'auth0|chair', scope: 'openid admin:read' });
    expect((await call(readOnly)).status).toBe(200);
    expect(await call(readOnly, { ...post, body: grant })).toMatchObject({
      status: 403,
      authenticate: 'Bearer error="insufficient_scope", scope="admin:write"',
    });
    const both = await tokenFrom(provider, { sub: 'auth0|chair' });
    expect((await call(both, { ...post, body: grant })).status).toBe(201);
  });

  it('refuses a token of another issuer, for another audience, with a refused algorithm, or expired', async () => {
    const { running, call, role } = await serveWithProvider();
    grantRole(running.db, 'auth0|chair', 'admin');
    const chair = { sub: 'auth0|chair' };
    const refused = async (token: string) => {
      expect(await call(token)).toMatchObject({
        status: 401,
        authenticate: 'Bearer error="invalid_token"',
        body: { error: { code: 'invalid_token' } },
      });
    };

    // The same claims, accepted from the provider with either of its accepted algorithms.
    expect(await role(await tokenFrom(provider, chair))).toBe('admin');
    expect(await role(await tokenFrom(provider, chair, { kid: kids.es256 }))).toBe('admin');

    await refused(await tokenFrom(other, chair));
    await refused(await tokenFrom(other, { ...chair, iss: provider.issuer.url }));
    await refused(await tokenFrom(provider, { ...chair, iss: other.issuer.url }));
    await refused(await tokenFrom(provider, { ...chair, aud: 'https://another-api.example' }));
    await refused(await tokenFrom(provider, { ...chair, aud: undefined }));
    await refused(await tokenFrom(provider, chair, { kid: kids.rs384 }));
    await refused(await tokenFrom(provider, chair, { expiresIn: -60 }));
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      (await tokenFrom(provider, chair)).split('.')[1],
      '',
    ].join('.');
    await refused(unsigned);
  });
});
