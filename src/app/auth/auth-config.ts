import { isAuthConfig, type AuthConfig } from '../../shared/auth-config.ts';
import { apiGet } from '../lib/api.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { readJson, writeStorage } from '../lib/storage.ts';

/**
 * Which identity provider to use comes from the server, so one build works
 * with the embedded provider and an external one. The last answer is kept so
 * a signed-in user is still recognised when the app starts offline.
 */
const KEY = STORAGE_KEYS.authConfig;

let loading: Promise<AuthConfig | null> | undefined;

export function cachedAuthConfig(): AuthConfig | null {
  const value = readJson<unknown>(KEY, null);
  return isAuthConfig(value) ? value : null;
}

export function loadAuthConfig(): Promise<AuthConfig | null> {
  loading ??= (async () => {
    try {
      const body = await apiGet<unknown>('/auth-config');
      if (!isAuthConfig(body)) throw new Error('Unexpected auth-config answer.');
      writeStorage(KEY, JSON.stringify(body));
      return body;
    } catch {
      loading = undefined; // try again next time
      return cachedAuthConfig();
    }
  })();
  return loading;
}
