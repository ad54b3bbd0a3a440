import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/connection.ts';

/**
 * Secrets the embedded provider needs, made once and kept in the database so
 * that tokens and cookies stay valid across restarts.
 */
async function stored<T>(db: Db, key: string, make: () => Promise<T>): Promise<T> {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
  if (row) return JSON.parse(row) as T;
  const value = await make();
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  // Another process may have won the race; read back whichever was kept.
  return JSON.parse(db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string) as T;
}

export async function signingKey(db: Db): Promise<JWK> {
  return stored(db, 'oidc_signing_jwk', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: crypto.randomBytes(8).toString('hex') };
  });
}

export async function cookieKeys(db: Db): Promise<string[]> {
  return stored(db, 'oidc_cookie_keys', async () => [crypto.randomBytes(32).toString('base64url')]);
}

export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, alg, use, kid } = jwk;
  return { kty, n, e, alg, use, kid };
}
