import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import type { AuthConfig } from '../../shared/auth-config.ts';
import { CLOCK_SKEW_SECONDS } from './clock-skew.ts';
import { createUserManager } from './user-manager.ts';

/** Everything that needs oidc-client-ts, loaded on demand (see stored-user.ts). */
let manager: { config: AuthConfig; mgr: UserManager } | undefined;

function managerFor(config: AuthConfig): UserManager {
  if (manager?.config !== config) manager = { config, mgr: createUserManager(config) };
  return manager.mgr;
}

/** How the person signs in: with the e-mail address (the default) or a phone number (a text message). */
export type SignInMethod = 'email' | 'phone';

/**
 * The redirect to the provider's login page. A phone sign-in asks an external
 * provider for its text-message connection (Auth0 reads `connection=sms`;
 * others ignore a parameter they do not know). The embedded provider has no
 * such connection: it shows its accounts for either way.
 */
export async function redirectToSignIn(
  config: AuthConfig,
  returnTo: string,
  { loginHint, method = 'email' }: { loginHint?: string | undefined; method?: SignInMethod } = {},
): Promise<void> {
  const phone = method === 'phone' && !config.embedded;
  await managerFor(config).signinRedirect({
    state: { returnTo },
    prompt: 'login',
    ...(loginHint ? { login_hint: loginHint } : {}),
    extraQueryParams: { audience: config.audience, screen_hint: 'login', ...(phone ? { connection: 'sms' } : {}) },
  });
}

export async function finishSignIn(config: AuthConfig, url: string): Promise<{ returnTo: string; error?: string }> {
  try {
    const user = await managerFor(config).signinRedirectCallback(url);
    const state = user.state as { returnTo?: unknown } | undefined;
    const returnTo = typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') ? state.returnTo : '/';
    return { returnTo };
  } catch (err) {
    const cancelled = err instanceof ErrorResponse && err.error === 'access_denied';
    return { returnTo: '/', error: cancelled ? 'Sign-in was cancelled.' : 'Sign-in failed. Please try again.' };
  }
}

/**
 * Tokens from a new authorization through the hidden iframe (no login page): the embedded provider fits its
 * grant to the account's role only when an authorization makes one, so after a new role a refresh token would
 * keep the scopes of the role before. Returns the new access token; throws when the provider refuses.
 */
export async function renewWithNewGrant(config: AuthConfig): Promise<string | null> {
  return (await managerFor(config).signinSilent({ forceIframeAuth: true }))?.access_token ?? null;
}

export async function signOutLocally(config: AuthConfig): Promise<void> {
  const mgr = managerFor(config);
  // Revoke the refresh token when we can; signing out must work offline too.
  await mgr.revokeTokens().catch(() => undefined);
  await mgr.removeUser();
}

function isDeadRefreshToken(err: unknown): boolean {
  return err instanceof ErrorResponse && (err.error === 'invalid_grant' || err.error === 'invalid_request');
}

/**
 * A refresh token first; when it is missing or no longer valid, the iframe
 * request. Returns the new access token, or null when the provider says the
 * session is over (the user is then signed out). Network failures throw.
 */
export async function renewTokens(config: AuthConfig): Promise<string | null> {
  const mgr = managerFor(config);
  const stored = await mgr.getUser();
  if (!stored) return null;
  // Another tab may have renewed while this one waited for the lock.
  if ((stored.expires_in ?? 0) > CLOCK_SKEW_SECONDS) return stored.access_token;
  try {
    if (stored.refresh_token) return (await mgr.signinSilent())?.access_token ?? null;
  } catch (err) {
    if (!isDeadRefreshToken(err)) throw err;
  }
  try {
    return (await mgr.signinSilent({ forceIframeAuth: true }))?.access_token ?? null;
  } catch (err) {
    if (err instanceof ErrorResponse) {
      await mgr.removeUser();
      return null;
    }
    throw err;
  }
}
