import type { AuthConfig } from '../../shared/auth-config.ts';
import { provideSessionToken } from '../lib/api.ts';
import { LOCK_NAMES, STORAGE_KEYS } from '../lib/storage-keys.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { cachedAuthConfig, loadAuthConfig } from './auth-config.ts';
import { CLOCK_SKEW_SECONDS } from './clock-skew.ts';
import type { SignInMethod } from './oidc.ts';
import { expiresIn, readStoredUser, storedUserKey } from './stored-user.ts';

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
let config: AuthConfig | null = null;

const loadOidc = () => import('./oidc.ts');

/** Re-reads the stored user and tells subscribers when who is signed in changed. */
function refresh(): void {
  const stored = config ? readStoredUser(config) : null;
  const next: SessionUser | null = stored
    ? { sub: stored.profile.sub, name: stored.profile.name, email: stored.profile.email }
    : null;
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  if (next?.email) writeStorage(STORAGE_KEYS.lastSignInEmail, next.email);
  listeners.forEach((l) => l());
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionUser(): SessionUser | null {
  return current;
}

async function getConfig(): Promise<AuthConfig | null> {
  config ??= cachedAuthConfig() ?? (await loadAuthConfig());
  return config;
}

/** Reads the stored user at start; another tab signing in or out is seen through storage events. */
export async function initSession(): Promise<void> {
  await getConfig();
  refresh();
  // Keep the cached provider settings fresh for next time, without waiting.
  void loadAuthConfig();
  window.addEventListener('storage', (e) => {
    if (e.key === null || (config && e.key === storedUserKey(config))) refresh();
  });
}

/** What a screen says when sign-in cannot start (the provider's settings need a connection). */
export const SIGN_IN_NEEDS_CONNECTION = 'Sign-in needs a connection. Try again when you are online.';

export async function signIn({
  returnTo,
  method = 'email',
}: {
  returnTo: string;
  method?: SignInMethod;
}): Promise<void> {
  const c = await getConfig();
  if (!c) throw new Error('Sign-in is unavailable while offline.');
  const { redirectToSignIn } = await loadOidc();
  // The last e-mail address is a hint for an e-mail sign-in only; a phone sign-in asks for a number.
  const loginHint = method === 'email' ? (readStorage(STORAGE_KEYS.lastSignInEmail) ?? undefined) : undefined;
  await redirectToSignIn(c, returnTo, { loginHint, method });
}

/** Completes the redirect back from the provider; returns where to go. */
export async function completeSignIn(url: string): Promise<{ returnTo: string; error?: string }> {
  const c = await getConfig();
  if (!c) return { returnTo: '/', error: 'Sign-in is unavailable right now.' };
  const { finishSignIn } = await loadOidc();
  const result = await finishSignIn(c, url);
  refresh();
  return result;
}

export async function signOut(): Promise<void> {
  const c = await getConfig();
  if (c) {
    try {
      const { signOutLocally } = await loadOidc();
      await signOutLocally(c);
    } catch {
      // Offline and the library was never loaded: forget the user here at least.
      localStorage.removeItem(storedUserKey(c));
    }
  }
  refresh();
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(LOCK_NAMES.authRenew, fn) as Promise<T>;
  }
  return fn();
}

/** The bearer token for an API call, renewed when it is within the clock skew of expiring. */
export async function getAccessToken(): Promise<string | null> {
  const c = await getConfig();
  const stored = c ? readStoredUser(c) : null;
  if (!c || !stored) return null;
  if (expiresIn(stored) > CLOCK_SKEW_SECONDS) return stored.access_token;
  try {
    const token = await withLock(async () => (await loadOidc()).renewTokens(c));
    refresh();
    return token;
  } catch {
    // Offline or the provider is down: no token now; the user stays signed in.
    return null;
  }
}

/**
 * After the server gave this account a role (the first admin, at setup): tokens that carry the role's scopes.
 * False when none came (offline, or a provider that refuses the hidden request): signing in again brings them.
 */
export async function renewForNewRole(): Promise<boolean> {
  const c = await getConfig();
  if (!c) return false;
  try {
    const token = await withLock(async () => (await loadOidc()).renewWithNewGrant(c));
    refresh();
    return !!token;
  } catch {
    return false;
  }
}

// The API client asks the session for its token (lib/api.ts takes it as a parameter rather than importing this).
provideSessionToken(getAccessToken);
