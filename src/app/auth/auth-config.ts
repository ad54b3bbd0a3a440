import { authConfigSchema, type AuthConfig } from '../../shared/auth-config.ts';
import { readJson, writeStorage } from '../lib/storage.ts';

/**
 * Which identity provider to use comes from the server, so one build works
 * with the embedded provider and an external one. The last answer is kept so
 * a signed-in user is still recognised when the app starts offline.
 */
const KEY = 'aw.authConfig';

let loading: Promise<AuthConfig | null> | undefined;

export function cachedAuthConfig(): AuthConfig | null {
  const parsed = authConfigSchema.safeParse(readJson<unknown>(KEY, null));
  return parsed.success ? parsed.data : null;
}

export function loadAuthConfig(): Promise<AuthConfig | null> {
  loading ??= (async () => {
    try {
      const res = await fetch('/api/v1/auth-config', { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`auth-config ${res.status}`);
      const config = authConfigSchema.parse(await res.json());
      writeStorage(KEY, JSON.stringify(config));
      return config;
    } catch {
      loading = undefined; // try again next time
      return cachedAuthConfig();
    }
  })();
  return loading;
}
