import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { grantRole, roleOf } from './roles.ts';
import { claimSetupToken, hasAdmin, issueSetupToken, listAdmins, setupMessage, setupUrl } from './setup.ts';

/** The setup link on a real database: the token's rules, and the route a signed-in person sends it to. */
let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-03-01T09:00:00.000Z');

describe('a setup token', () => {
  it('makes its first holder admin by subject, once', () => {
    const { token } = issueSetupToken(h.db, T0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hasAdmin(h.db)).toBe(false);

    expect(claimSetupToken(h.db, token, 'auth0|chair', T0 + HOUR)).toEqual({ ok: true });
    expect(roleOf(h.db, { sub: 'auth0|chair' })).toBe('admin');
    expect(listAdmins(h.db)).toEqual([
      expect.objectContaining({ principal: 'auth0|chair', kind: 'sub', role: 'admin' }),
    ]);

    // A second use, by anyone: already used (not 'an admin exists', though one does now).
    expect(claimSetupToken(h.db, token, 'auth0|other', T0 + HOUR)).toEqual({ ok: false, refusal: 'used' });
    expect(claimSetupToken(h.db, token, 'auth0|chair', T0 + HOUR)).toEqual({ ok: false, refusal: 'used' });
    expect(roleOf(h.db, { sub: 'auth0|other' })).toBe('user');
  });

  it('works for 24 hours from when it was made, and not a moment longer', () => {
    const early = issueSetupToken(h.db, T0).token;
    expect(claimSetupToken(h.db, early, 'late', T0 + 24 * HOUR)).toEqual({ ok: false, refusal: 'expired' });
    const { token, expiresAt } = issueSetupToken(h.db, T0);
    expect(expiresAt).toBe('2026-03-02T09:00:00.000Z');
    expect(claimSetupToken(h.db, token, 'just-in-time', T0 + 24 * HOUR - 1)).toEqual({ ok: true });
  });

  it('is refused once an admin or a developer exists, however the role was granted', () => {
    const { token } = issueSetupToken(h.db, T0);
    grantRole(h.db, 'dev@association.example', 'dev');
    expect(claimSetupToken(h.db, token, 'someone', T0)).toEqual({ ok: false, refusal: 'admin_exists' });
    expect(roleOf(h.db, { sub: 'someone' })).toBe('user');
  });

  it('a newer link replaces the ones before it; a token this server never made is unknown', () => {
    const first = issueSetupToken(h.db, T0).token;
    const second = issueSetupToken(h.db, T0 + HOUR).token;
    expect(claimSetupToken(h.db, first, 'someone', T0 + HOUR)).toEqual({ ok: false, refusal: 'replaced' });
    expect(claimSetupToken(h.db, 'x'.repeat(43), 'someone', T0 + HOUR)).toEqual({ ok: false, refusal: 'unknown' });
    expect(claimSetupToken(h.db, second, 'someone', T0 + HOUR)).toEqual({ ok: true });
  });

  it('is kept only as its hash, and its link reads as the log line says', () => {
    const { token } = issueSetupToken(h.db, T0);
    const stored = JSON.stringify(h.db.prepare('SELECT * FROM setup_tokens').all());
    expect(stored).not.toContain(token);
    expect(setupMessage(setupUrl('https://rankings.example.org', token))).toBe(
      `Open https://rankings.example.org/#/setup?token=${token} to set up this association.`,
    );
  });
});

describe('POST /api/v1/setup', () => {
  const post = async (json: unknown, sub?: string) => {
    const res = await h.request('/api/v1/setup', {
      method: 'POST',
      json,
      token: sub ? await h.token({ sub }) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('makes the signed-in caller admin, and a second use answers that the link was used', async () => {
    const { token } = issueSetupToken(h.db);
    expect((await post({ token })).status).toBe(401);
    expect(await post({ token }, 'first-person')).toEqual({
      status: 200,
      body: { role: 'admin', principal: 'first-person' },
    });
    const role = await h.request('/api/v1/me/role', { token: await h.token({ sub: 'first-person' }) });
    expect(await role.json()).toEqual({ role: 'admin' });

    expect(await post({ token }, 'second-person')).toEqual({
      status: 409,
      body: { error: { code: 'setup_token_used', message: 'This setup link has already been used.' } },
    });
  });

  it('names the token field when it is not a token, unknown, replaced or expired', async () => {
    const fieldError = async (json: unknown) => {
      const { status, body } = await post(json, 'someone');
      const error = body.error as { code: string; message: string; fields?: Record<string, string[]> };
      expect(status).toBe(400);
      expect(Object.keys(error.fields ?? {})).toEqual(['token']);
      return { code: error.code, message: error.fields!.token![0] };
    };
    expect(await fieldError({})).toMatchObject({ code: 'invalid_input' });
    expect(await fieldError({ token: 'short' })).toMatchObject({
      message: "This is not a setup link's token: open the whole link from the server's log.",
    });
    const unknown = await fieldError({ token: 'x'.repeat(43) });
    expect(unknown.code).toBe('setup_token_unknown');
    expect(unknown.message).toContain('not one this server made');
    // Two links made 25 hours ago: the first was replaced by the second, which has expired.
    const replaced = issueSetupToken(h.db, Date.now() - 25 * HOUR).token;
    const expired = issueSetupToken(h.db, Date.now() - 25 * HOUR).token;
    const wasReplaced = await fieldError({ token: replaced });
    expect(wasReplaced.code).toBe('setup_token_replaced');
    expect(wasReplaced.message).toContain('A newer setup link has replaced this one.');
    expect(await fieldError({ token: expired })).toEqual({
      code: 'setup_token_expired',
      message:
        'This setup link has expired: a link works for 24 hours. Run npm run setup on the server for a new link.',
    });
    expect(hasAdmin(h.db)).toBe(false);
  });

  it('refuses a good token once someone is admin', async () => {
    const { token } = issueSetupToken(h.db);
    grantRole(h.db, 'chair@association.example', 'admin');
    expect(await post({ token }, 'latecomer')).toEqual({
      status: 409,
      body: {
        error: {
          code: 'already_set_up',
          message: 'This association already has an admin. Ask them to give you a role.',
        },
      },
    });
  });
});
