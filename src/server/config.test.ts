import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 8787, data/app.db and the embedded provider', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8787);
    expect(c.databaseFile).toMatch(/data[/\\]app\.db$/);
    expect(c.auth).toMatchObject({ kind: 'embedded', issuer: 'http://localhost:8787/oidc' });
    expect(c.appOrigins).toEqual(['http://localhost:8787']);
  });

  it('PORT, DATA_DIR and PUBLIC_URL override', () => {
    const c = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://rank.example.org/' });
    expect(c.port).toBe(9000);
    expect(c.databaseFile).toBe('/tmp/x/app.db');
    expect(c.auth.issuer).toBe('https://rank.example.org/oidc');
  });

  it('demo data fills an empty database except in production, unless DEMO_DATA says otherwise', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true' }).demoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true', DEMO_DATA: '1' }).demoData,
    ).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it("DEMO_ASSOCIATION: the pounds state association's demo by default, a kilogram federation's with kg", () => {
    expect(loadConfig({}).demoAssociation).toBe('lbs');
    expect(loadConfig({ DEMO_ASSOCIATION: ' ' }).demoAssociation).toBe('lbs');
    expect(loadConfig({ DEMO_ASSOCIATION: 'kg' }).demoAssociation).toBe('kg');
    expect(() => loadConfig({ DEMO_ASSOCIATION: 'stone' })).toThrow(
      /DEMO_ASSOCIATION \(got "stone"\): must be lbs \(the state association in pounds\) or kg/,
    );
  });

  it('a bad value names the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT \(got "abc"\)/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ EXTRA_APP_ORIGINS: 'not a url' })).toThrow(/EXTRA_APP_ORIGINS/);
  });

  it('an external provider needs all three OIDC variables and turns the embedded one off', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://x.auth0.com/' })).toThrow(/OIDC_CLIENT_ID[\s\S]*OIDC_AUDIENCE/);
    const c = loadConfig({ OIDC_ISSUER: 'https://x.auth0.com/', OIDC_CLIENT_ID: 'abc', OIDC_AUDIENCE: 'https://api' });
    expect(c.auth).toEqual({
      kind: 'external',
      issuer: 'https://x.auth0.com/',
      clientId: 'abc',
      audience: 'https://api',
    });
  });

  it('HOST: 127.0.0.1 while the demo sign-in is on (anyone reaching it could sign in as admin), else every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const external = { OIDC_ISSUER: 'https://kc.example.org/realms/aw', OIDC_CLIENT_ID: 'app', OIDC_AUDIENCE: 'api' };
    expect(loadConfig(external).host).toBe('0.0.0.0');
    expect(loadConfig({ ...external, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true' }).host).toBe('127.0.0.1');
  });

  it('LOG_REQUESTS is off by default', () => {
    expect(loadConfig({}).logRequests).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS \(got "yes"\)/);
  });

  it('the embedded provider refuses production unless the demo variable allows it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_DEMO_SIGN_IN_IN_PRODUCTION/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true' }).auth.kind).toBe('embedded');
    const external = { OIDC_ISSUER: 'https://kc.example.org/realms/aw', OIDC_CLIENT_ID: 'app', OIDC_AUDIENCE: 'api' };
    expect(loadConfig({ NODE_ENV: 'production', ...external }).auth.kind).toBe('external');
  });

  it('submission settings: TRUST_PROXY off, no webhook and 30 per 600 s by default', () => {
    const c = loadConfig({});
    expect(c.trustProxy).toBe(false);
    expect(c.chatWebhookUrl).toBeUndefined();
    expect(c.submissionRateLimit).toEqual({ limit: 30, windowSeconds: 600 });
  });

  it('TRUST_PROXY, CHAT_WEBHOOK_URL and SUBMISSION_RATE_LIMIT override', () => {
    const c = loadConfig({
      TRUST_PROXY: 'true',
      CHAT_WEBHOOK_URL: ' https://discord.com/api/webhooks/1/abc ',
      SUBMISSION_RATE_LIMIT: '5/60',
    });
    expect(c.trustProxy).toBe(true);
    expect(c.chatWebhookUrl).toBe('https://discord.com/api/webhooks/1/abc');
    expect(c.submissionRateLimit).toEqual({ limit: 5, windowSeconds: 60 });
    expect(loadConfig({ SUBMISSION_RATE_LIMIT: 'off' }).submissionRateLimit).toBeNull();
    expect(loadConfig({ CHAT_WEBHOOK_URL: '' }).chatWebhookUrl).toBeUndefined();
  });

  it('YOUTUBE_API_KEY turns the video service on, at the default API or YOUTUBE_API_URL', () => {
    expect(loadConfig({}).videoService).toBeUndefined();
    expect(loadConfig({ YOUTUBE_API_KEY: ' k ' }).videoService).toEqual({
      apiKey: 'k',
      apiUrl: 'https://www.googleapis.com/youtube/v3',
    });
    expect(loadConfig({ YOUTUBE_API_KEY: 'k', YOUTUBE_API_URL: 'http://127.0.0.1:9/yt' }).videoService?.apiUrl).toBe(
      'http://127.0.0.1:9/yt',
    );
    expect(() => loadConfig({ YOUTUBE_API_URL: 'youtube' })).toThrow(/YOUTUBE_API_URL/);
  });

  it('bad submission settings name their variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY \(got "yes"\)/);
    expect(() => loadConfig({ CHAT_WEBHOOK_URL: 'not a url' })).toThrow(/CHAT_WEBHOOK_URL/);
    expect(() => loadConfig({ CHAT_WEBHOOK_URL: 'ftp://example.org/hook' })).toThrow(/CHAT_WEBHOOK_URL/);
    for (const bad of ['30', '0/600', '30/0', 'thirty/600', '30/600/1', '-1/60']) {
      expect(() => loadConfig({ SUBMISSION_RATE_LIMIT: bad }), bad).toThrow(
        /SUBMISSION_RATE_LIMIT \(got ".*"\): must be/,
      );
    }
  });

  it('DB_UPLOAD_MAX_MB: 200 MB by default, a whole number of megabytes from 1 to 4096 otherwise', () => {
    expect(loadConfig({}).dbUploadMaxBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ DB_UPLOAD_MAX_MB: '' }).dbUploadMaxBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ DB_UPLOAD_MAX_MB: ' 50 ' }).dbUploadMaxBytes).toBe(50 * 1024 * 1024);
    for (const bad of ['0', '-5', '1.5', 'lots', '4097']) {
      expect(() => loadConfig({ DB_UPLOAD_MAX_MB: bad }), bad).toThrow(/DB_UPLOAD_MAX_MB \(got ".*"\): must be/);
    }
  });

  it('the server process exits non-zero with a message naming PORT', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: '/tmp/aw-never-used' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/PORT \(got "abc"\)/);
  });
});
