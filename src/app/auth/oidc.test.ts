import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '../../shared/auth-config.ts';

const signinRedirect = vi.fn((_args: unknown) => Promise.resolve());
vi.mock('./user-manager.ts', () => ({ createUserManager: () => ({ signinRedirect }) }));
const { redirectToSignIn } = await import('./oidc.ts');

const external: AuthConfig = {
  authority: 'https://tenant.example',
  client_id: 'app',
  audience: 'api',
  embedded: false,
};
const embedded: AuthConfig = { ...external, authority: 'http://localhost:8787/oidc', embedded: true };

const paramsOf = () => signinRedirect.mock.calls.at(-1)![0] as Record<string, unknown>;

beforeEach(() => signinRedirect.mockClear());

describe('the sign-in redirect', () => {
  it('by phone, an external provider is asked for its text-message connection, with no e-mail hint', async () => {
    await redirectToSignIn(external, '/admin', { method: 'phone' });
    expect(paramsOf()).toMatchObject({
      state: { returnTo: '/admin' },
      prompt: 'login',
      extraQueryParams: { audience: 'api', screen_hint: 'login', connection: 'sms' },
    });
    expect(paramsOf()).not.toHaveProperty('login_hint');
  });

  it('by e-mail (the default) it names no connection and passes the last address as a hint', async () => {
    await redirectToSignIn(external, '/admin', { loginHint: 'sam@example.test' });
    expect(paramsOf()).toMatchObject({ login_hint: 'sam@example.test' });
    expect(paramsOf().extraQueryParams).toEqual({ audience: 'api', screen_hint: 'login' });
  });

  it('the embedded provider gets the same request either way: it shows its accounts', async () => {
    await redirectToSignIn(embedded, '/admin', { method: 'phone' });
    expect(paramsOf().extraQueryParams).toEqual({ audience: 'api', screen_hint: 'login' });
  });
});
