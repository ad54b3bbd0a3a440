import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { loadAuthConfig, cachedAuthConfig } from './auth-config.ts';
import { CLOCK_SKEW_SECONDS, createUserManager } from './user-manager.ts';

/**
 * The signed-in user, shared by the whole app. Token renewal happens here and
 * only here, under a Web Lock, so tabs never race each other with a rotating
 * refresh token (a used refresh token is dead; the loser would be signed out).
 */

export interface SessionUser {
  sub: string;
  name?: string | undefined;
  email?: string | undefined;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionUser | null = null;
let manager: UserManager | null = null;
let managerLoading: Promise<UserManager | null> | undefined;

const LAST_EMAIL_KEY = 'aw.lastSignInEmail';

function toSessionUser(user: User | null): SessionUser | null {
  // An expired access token still means signed in: getAccessToken renews it or signs out.
  if (!user) return null;
  const p = user.profile;
  return { sub: p.sub, name: p.name ?? undefined, email: p.email ?? undefined };
}

function setCurrent(user: User | null) {
  const next = toSessionUser(user);
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  if (next?.email) writeStorage(LAST_EMAIL_KEY, next.email);
  listeners.forEach((l) => l());
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionUser(): SessionUser | null {
  return current;
}

export function getUserManager(): Promise<UserManager | null> {
  managerLoading ??= (async () => {
    const config = cachedAuthConfig() ?? (await loadAuthConfig());
    if (!config) {
      managerLoading = undefined;
      return null;
    }
    manager = createUserManager(config);
    manager.events.addUserLoaded((u) => setCurrent(u));
    manager.events.addUserUnloaded(() => setCurrent(null));
    // Keep the cached config fresh for next time, without waiting for it.
    void loadAuthConfig();
    return manager;
  })();
  return managerLoading;
}

/** Reads the stored user at start; another tab signing in or out is seen through storage events. */
export async function initSession(): Promise<void> {
  const mgr = await getUserManager();
  if (!mgr) return;
  setCurrent(await mgr.getUser());
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith('oidc.user:')) void mgr.getUser().then(setCurrent);
  });
}

export interface SignInOptions {
  returnTo: string;
}

export async function signIn({ returnTo }: SignInOptions): Promise<void> {
  const mgr = await getUserManager();
  if (!mgr) throw new Error('Sign-in is unavailable while offline.');
  const loginHint = readStorage(LAST_EMAIL_KEY) ?? undefined;
  await mgr.signinRedirect({
    state: { returnTo },
    prompt: 'login',
    ...(loginHint ? { login_hint: loginHint } : {}),
    extraQueryParams: { audience: mgr.settings.extraQueryParams?.audience as string, screen_hint: 'login' },
  });
}

/** Completes the redirect back from the provider; returns where to go. */
export async function completeSignIn(url: string): Promise<{ returnTo: string; error?: string }> {
  const mgr = await getUserManager();
  if (!mgr) return { returnTo: '/', error: 'Sign-in is unavailable right now.' };
  try {
    const user = await mgr.signinRedirectCallback(url);
    setCurrent(user);
    const state = user.state as { returnTo?: unknown } | undefined;
    const returnTo = typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') ? state.returnTo : '/';
    return { returnTo };
  } catch (err) {
    const message = err instanceof ErrorResponse && err.error === 'access_denied' ? 'Sign-in was cancelled.' : 'Sign-in failed. Please try again.';
    return { returnTo: '/', error: message };
  }
}

export async function signOut(): Promise<void> {
  const mgr = await getUserManager();
  if (!mgr) {
    setCurrent(null);
    return;
  }
  // Revoke the refresh token when we can; signing out must work offline too.
  await mgr.revokeTokens().catch(() => undefined);
  await mgr.removeUser();
  setCurrent(null);
}

function isDeadRefreshToken(err: unknown): boolean {
  return err instanceof ErrorResponse && (err.error === 'invalid_grant' || err.error === 'invalid_request');
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('aw.auth.renew', fn) as Promise<T>;
  }
  return fn();
}

/** A refresh token first; when it is missing or no longer valid, the iframe request. */
async function renew(mgr: UserManager): Promise<User | null> {
  return withLock(async () => {
    const stored = await mgr.getUser();
    if (!stored) return null;
    // Another tab may have renewed while this one waited for the lock.
    if ((stored.expires_in ?? 0) > CLOCK_SKEW_SECONDS) return stored;
    try {
      if (stored.refresh_token) return await mgr.signinSilent();
    } catch (err) {
      if (!isDeadRefreshToken(err)) throw err;
    }
    try {
      return await mgr.signinSilent({ forceIframeAuth: true });
    } catch (err) {
      if (err instanceof ErrorResponse) {
        // The provider says the session is over (login_required and the like): sign out here too.
        await mgr.removeUser();
        return null;
      }
      throw err;
    }
  });
}

/** The bearer token for an API call, renewed when it is within the clock skew of expiring. */
export async function getAccessToken(): Promise<string | null> {
  const mgr = await getUserManager();
  if (!mgr) return null;
  const user = await mgr.getUser();
  if (!user) return null;
  if ((user.expires_in ?? 0) > CLOCK_SKEW_SECONDS) return user.access_token;
  try {
    return (await renew(mgr))?.access_token ?? null;
  } catch {
    // Offline or the provider is down: no token now; the user stays signed in.
    return null;
  }
}
