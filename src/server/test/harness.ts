import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { endLiveStreams } from '../tournaments/live.ts';
import { SIGN_IN_SCOPES } from '../../shared/auth-config.ts';
import { createApp } from '../app.ts';
import type { AppDeps } from '../deps.ts';
import { createTokenVerifier } from '../auth/tokens.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { contractOf } from './contract.ts';

export const ISSUER = 'https://issuer.test/oidc';
export const AUDIENCE = 'urn:test:api';

/**
 * The real app on a real SQLite file in a temp folder, with a signing key the
 * test holds, so tests can make valid, expired, foreign and tampered tokens.
 */
export async function createHarness(
  opts: {
    staticDir?: string;
    submissions?: AppDeps['submissions'];
    videoService?: AppDeps['videoService'];
    dbUploadMaxBytes?: number;
    clubsSheetCsvUrl?: string;
  } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-test-'));
  const db: Db = openDatabase(path.join(dir, 'app.db'));
  migrate(db, migrations);
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256' };
  const verify = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    requireAtJwt: true,
  });
  const app = createApp({
    db,
    verify,
    authConfig: { authority: ISSUER, client_id: 'test-app', audience: AUDIENCE, embedded: true },
    staticDir: opts.staticDir,
    submissions: opts.submissions,
    videoService: opts.videoService,
    dataDir: dir,
    dbUploadMaxBytes: opts.dbUploadMaxBytes,
    clubsSheetCsvUrl: opts.clubsSheetCsvUrl,
  });

  /**
   * An access token as the embedded provider makes them: an e-mail it carries
   * is verified, and it has the scopes the app asks for at sign-in (the admin
   * guard needs admin:read or admin:write besides the role). Any claim can be
   * given otherwise (`email_verified: false`, `scope: 'openid'`).
   */
  async function token(
    claims: JWTPayload & { sub?: string } = {},
    o: { expiresIn?: string | number; key?: CryptoKey; typ?: string } = {},
  ) {
    const defaults = { scope: SIGN_IN_SCOPES, ...(typeof claims.email === 'string' ? { email_verified: true } : {}) };
    return new SignJWT({ email: undefined, ...defaults, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test', typ: o.typ ?? 'at+jwt' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : ISSUER)
      .setAudience(claims.aud ?? AUDIENCE)
      .setSubject(claims.sub ?? 'user-1')
      .setIssuedAt()
      .setExpirationTime(o.expiresIn ?? '5m')
      .sign(o.key ?? privateKey);
  }

  const contract = await contractOf(app);

  /**
   * A request to the app in this process. Its answer is held to the API document first (test/contract.ts): one
   * that the document does not describe fails the test with the operation, the status and what differs.
   */
  async function request(pathname: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const { token: bearer, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const method = rest.method ?? 'GET';
    const res = await app.request(pathname, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    const problems = await contract.check(method, pathname, res);
    if (problems.length) {
      const operation = contract.operationOf(method, pathname)?.operationId ?? 'no operation';
      throw new Error(
        `The answer to ${method} ${pathname} (${operation}) is not what the API document says: ${res.status}: ` +
          problems.join('; '),
      );
    }
    return res;
  }

  return {
    app,
    contract,
    db,
    dir,
    token,
    request,
    close: () => {
      endLiveStreams(db);
      if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
