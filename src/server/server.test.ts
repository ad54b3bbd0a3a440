import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { revokeRole } from './auth/roles.ts';
import { loadConfig, type Config } from './config.ts';
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

async function serve(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-server-'));
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

function claims(jwt: string): { scope?: string; sub: string } {
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
    },
  );
});

describe('transport security', () => {
  /** The cookies the provider sets when a sign-in starts (before its login page). */
  async function signInCookies(base: string, config: Config) {
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
