import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import Provider, { errors as oidcErrors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { canSeeAdmin } from '../../shared/roles.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { DEMO_ACCOUNTS, findDemoAccount } from './demo-accounts.ts';
import { cookieKeys, publicJwk, signingKey } from './keys.ts';
import { LOGIN_CSS, loginPage, messagePage } from './login-page.ts';
import { deleteExpiredOidcModels, sqliteAdapterFactory } from './oidc-adapter.ts';
import { errorFields, log } from '../log.ts';
import { roleOf } from './roles.ts';

export const OIDC_MOUNT = '/oidc';
/** The API scopes the app asks for; the API itself still checks the role on every call. */
const API_SCOPES = 'admin:read admin:write';

/**
 * The API scopes an account's access tokens carry: both admin scopes for a
 * role that sees the admin screen (admin, developer), none for anyone else.
 * Read from the roles table when a token is issued, so a granted or revoked
 * role shows in the next token, also one got with a refresh token.
 */
function apiScopesFor(db: Db, accountId: string): string {
  const account = findDemoAccount(accountId);
  return canSeeAdmin(roleOf(db, { sub: accountId, email: account?.email })) ? API_SCOPES : '';
}

export interface EmbeddedProvider {
  /** Handles a request whose path starts with /oidc. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  keys: JWTVerifyGetKey;
  stop: () => void;
}

/**
 * panva's oidc-provider, mounted under /oidc, as the default identity provider:
 * a real OpenID Connect server (code + PKCE, refresh tokens, JWT access tokens
 * for the API audience) whose login page offers the demo accounts.
 */
export async function createEmbeddedProvider(opts: {
  db: Db;
  issuer: string;
  clientId: string;
  audience: string;
  appOrigins: string[];
  headers: Record<string, string>;
}): Promise<EmbeddedProvider> {
  const { db, audience } = opts;
  const jwk = await signingKey(db);
  const secure = opts.issuer.startsWith('https:');
  const issuerHost = new URL(opts.issuer).host;

  const configuration: Configuration = {
    adapter: sqliteAdapterFactory(db),
    jwks: { keys: [jwk] },
    cookies: {
      keys: await cookieKeys(db),
      long: { signed: true, secure },
      short: { signed: true, secure },
    },
    clients: [
      {
        client_id: opts.clientId,
        // The name as the profile has it at start; the login page, which is what people read, reads it anew.
        client_name: readAssociation(db).name,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: opts.appOrigins.flatMap((o) => [`${o}/`, `${o}/silent-renew.html`]),
        post_logout_redirect_uris: opts.appOrigins.map((o) => `${o}/`),
      },
    ],
    clientBasedCORS: (_ctx, origin) => opts.appOrigins.includes(origin),
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    async findAccount(_ctx, sub) {
      const account = findDemoAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: true, name: account.name };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      // The app is one public client: a token may be revoked by the client it was issued to, and by no other
      // (oidc-provider's default, stated here so it is a decision and not a notice at every sign-out).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The app asks for the API's audience; tokens are always for it.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== audience) throw new oidcErrors.InvalidTarget();
          // At the token endpoint (code or refresh) the account is known: its role decides the scopes.
          // Before sign-in (the authorization request) the API offers both; the grant holds what is given.
          const account = ctx.oidc.account;
          return {
            scope: account ? apiScopesFor(db, account.accountId) : API_SCOPES,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 15 * 60,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The app is first-party: no consent screen. It gets the sign-in scopes, and the API scopes its role allows
    // (the others are recorded as refused, so the provider does not ask for consent to them).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const accountId = oidc.session!.accountId!;
      const scopes = apiScopesFor(db, accountId);
      const existing = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      if (existing) {
        const grant = await oidc.provider.Grant.find(existing);
        // A grant made while the role was different is replaced.
        if (grant && grant.accountId === accountId && grant.getResourceScope(audience) === scopes) return grant;
      }
      const grant = new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid offline_access profile email');
      if (scopes) grant.addResourceScope(audience, scopes);
      else grant.rejectResourceScope(audience, API_SCOPES);
      await grant.save();
      oidc.session!.grantIdFor(clientId, grant.jti);
      return grant;
    },
    // Rotating refresh tokens for the app even without offline_access (the app's scopes don't ask for it).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The API reads roles by e-mail too, so access tokens carry it, and that it is verified (the API counts an
    // e-mail grant only then).
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token)) return undefined;
      const account = findDemoAccount(String(token.accountId));
      return account ? { email: account.email, email_verified: true, name: account.name } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      Session: 30 * 24 * 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in failed', String(out.error_description ?? out.error ?? 'Unknown error'));
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  // This server speaks plain HTTP only, so an https issuer means a TLS proxy in front. The provider (Koa) sets
  // Secure cookies, and builds its endpoint addresses, only for what it takes to be an https request: it is
  // told to trust the forwarded protocol and host, and handle() sets both to the issuer's own (see there).
  provider.proxy = secure;
  provider.on('server_error', (_ctx, err) => log.error('sign-in provider error', errorFields(err)));
  const callback = provider.callback();

  const sweep = setInterval(() => deleteExpiredOidcModels(db), 60 * 60 * 1000);
  sweep.unref();
  deleteExpiredOidcModels(db);

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(html);
    };
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(
        400,
        messagePage('Sign-in expired', 'This sign-in has expired. Go back to the app and sign in again.'),
      );
    }
    if (details.uid !== uid) return send(400, messagePage('Sign-in expired', 'Go back to the app and sign in again.'));
    if (req.method === 'GET' && !action) {
      const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      // The association's name as it is now: a change of the profile shows at the next sign-in, with no restart.
      const clientName = readAssociation(db).name;
      return send(200, loginPage({ uid, clientName, accounts: DEMO_ACCOUNTS, loginHint }));
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(req));
      const account = findDemoAccount(form.get('account') ?? '');
      if (!account) return send(400, messagePage('Unknown account', 'Choose one of the demo accounts.'));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    return send(405, messagePage('Not allowed', 'Go back to the app and sign in again.'));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(opts.headers)) res.setHeader(name, value);
    if (secure) {
      // The issuer's address is the one people use, whatever the proxy forwards (or forgets to).
      req.headers['x-forwarded-proto'] = 'https';
      req.headers['x-forwarded-host'] = issuerHost;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === `${OIDC_MOUNT}/interaction/login.css`) {
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      res.end(LOGIN_CSS);
      return;
    }
    const match = /^\/oidc\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((err: unknown) => {
        log.error('sign-in interaction failed', errorFields(err));
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(messagePage('Sign-in failed', 'Something went wrong. Go back to the app and try again.'));
        }
      });
      return;
    }
    // Mount the provider at /oidc the way Express would: it reads the prefix from originalUrl.
    const mounted = req as IncomingMessage & { originalUrl?: string };
    mounted.originalUrl = req.url;
    req.url = req.url!.slice(OIDC_MOUNT.length) || '/';
    void callback(req, res);
  }

  return {
    handle,
    keys: createLocalJWKSet({ keys: [publicJwk(jwk)] }),
    stop: () => clearInterval(sweep),
  };
}

function readBody(req: IncomingMessage, limit = 16 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
