import path from 'node:path';
import { z } from 'zod';
import type { VideoServiceConfig } from './events/live-details.ts';
import { DEMO_ASSOCIATIONS, type DemoAssociation } from './demo/profiles.ts';

/**
 * Configuration comes only from environment variables, parsed once at start.
 * A bad value stops the process with a message that names the variable, so a
 * typo never turns into a server that half works.
 */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** Submissions allowed per client IP per window (a token bucket refilled evenly over the window). */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}
export const DEFAULT_SUBMISSION_RATE_LIMIT: RateLimit = { limit: 30, windowSeconds: 600 };

/** The largest database file a developer may upload (the dev tools' Upload & Replace), in megabytes. */
export const DEFAULT_DB_UPLOAD_MAX_MB = 200;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8787),
    HOST: optionalText,
    DATA_DIR: z.string().min(1).default('data'),
    PUBLIC_URL: z.url().optional(),
    EXTRA_APP_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const bad = list.filter((origin) => !z.url({ protocol: /^https?$/ }).safeParse(origin).success);
        if (bad.length) {
          ctx.addIssue({
            code: 'custom',
            message: `${bad.map((b) => `"${b}"`).join(', ')}: not an origin like https://example.org`,
          });
          return z.NEVER;
        }
        return list.map((o) => new URL(o).origin);
      }),
    STATIC_DIR: z.string().min(1).default('dist'),
    OIDC_ISSUER: optionalText.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_AUDIENCE: optionalText,
    ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: flag,
    LOG_REQUESTS: flag,
    DEMO_DATA: z.enum(['true', 'false', '1', '0']).optional(),
    DEMO_ASSOCIATION: optionalText.pipe(
      z
        .enum(DEMO_ASSOCIATIONS, 'must be lbs (the state association in pounds) or kg (a federation in kilograms)')
        .default('lbs'),
    ),
    TRUST_PROXY: flag,
    CHAT_WEBHOOK_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CLUBS_SHEET_CSV_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    YOUTUBE_API_KEY: optionalText,
    YOUTUBE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // The upload is held in memory while it is read, so the ceiling stays well below what a process can hold.
    DB_UPLOAD_MAX_MB: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a whole number of megabytes' })
        .int('must be a whole number of megabytes')
        .min(1, 'must be at least 1')
        .max(4096, 'must be at most 4096')
        .default(DEFAULT_DB_UPLOAD_MAX_MB),
    ),
    // Scheduled backups: on when BACKUP_DIR is set (db/backup.ts).
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_HOURS: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a number of hours, like 24 or 0.5' })
        .positive('must be more than 0')
        .max(8760, 'must be at most 8760 (a year)')
        .optional(),
    ),
    BACKUP_KEEP: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a whole number of backups' })
        .int('must be a whole number of backups')
        .min(1, 'must be at least 1')
        .max(10000, 'must be at most 10000')
        .optional(),
    ),
    SUBMISSION_RATE_LIMIT: z
      .string()
      .optional()
      .transform((v, ctx): RateLimit | null => {
        const text = (v ?? '').trim();
        if (!text) return DEFAULT_SUBMISSION_RATE_LIMIT;
        if (text === 'off') return null;
        const m = /^(\d{1,6})\/(\d{1,7})$/.exec(text);
        const limit = Number(m?.[1]);
        const windowSeconds = Number(m?.[2]);
        if (!m || limit < 1 || windowSeconds < 1) {
          ctx.addIssue({ code: 'custom', message: 'must be "requests/seconds" like 30/600 (both at least 1), or off' });
          return z.NEVER;
        }
        return { limit, windowSeconds };
      }),
  })
  .superRefine((env, ctx) => {
    const external = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
    const set = external.filter(Boolean).length;
    if (set !== 0 && set !== 3) {
      for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set together with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE (all three or none)',
          });
        }
      }
    }
    if (set === 0 && env.NODE_ENV === 'production' && !env.ALLOW_DEMO_SIGN_IN_IN_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message:
          'is production but no identity provider is configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE, ' +
          'or ALLOW_DEMO_SIGN_IN_IN_PRODUCTION=true to run the embedded demo sign-in anyway',
      });
    }
  })
  .superRefine((env, ctx) => {
    // Without a folder nothing is scheduled: a lone BACKUP_EVERY_HOURS or BACKUP_KEEP is a mistake, not a default.
    for (const name of ['BACKUP_EVERY_HOURS', 'BACKUP_KEEP'] as const) {
      if (!env.BACKUP_DIR && env[name] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is set but BACKUP_DIR is not: set BACKUP_DIR to turn scheduled backups on',
        });
      }
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /**
   * The address to listen on. Unset HOST: 127.0.0.1 while the demo sign-in is
   * on (anyone who reaches it can sign in as admin without a password), else
   * every interface (0.0.0.0).
   */
  host: string;
  dataDir: string;
  databaseFile: string;
  staticDir: string;
  publicUrl: string;
  /** Origins (besides publicUrl) whose pages may sign in with the embedded provider. */
  appOrigins: string[];
  logRequests: boolean;
  /** Fill an empty database with the generated demo state at start; the demo accounts hold roles only then. */
  demoData: boolean;
  /** Whose demo: the state association in pounds, or a federation in kilograms whose profile is written first. */
  demoAssociation: DemoAssociation;
  /** Take the client IP from the first X-Forwarded-For address (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Where submissions are forwarded as chat messages; none: they are only stored. */
  chatWebhookUrl: string | undefined;
  /** The published club sheet (a CSV export) relayed at /sheets/clubs.csv; none: the database's sheet. */
  clubsSheetCsvUrl: string | undefined;
  /** YouTube Data API for livestream start and end times; none: the events' own schedule. */
  videoService: VideoServiceConfig | undefined;
  /** Per-IP limit of the anonymous submission endpoints; null: no limit. */
  submissionRateLimit: RateLimit | null;
  /** The largest database file the developer tools accept, in bytes. */
  dbUploadMaxBytes: number;
  /** Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP); none when BACKUP_DIR is unset. */
  backups: { dir: string; everyHours: number; keep: number } | undefined;
  auth:
    | { kind: 'embedded'; issuer: string; clientId: string; audience: string }
    | { kind: 'external'; issuer: string; clientId: string; audience: string };
}

export const EMBEDDED_CLIENT_ID = 'armwrestling-app';

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
      return `  ${name}${value !== undefined ? ` (got "${value}")` : ''}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const auth: Config['auth'] =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_AUDIENCE
      ? { kind: 'external', issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, audience: e.OIDC_AUDIENCE }
      : {
          kind: 'embedded',
          issuer: `${publicUrl}/oidc`,
          clientId: EMBEDDED_CLIENT_ID,
          audience: 'urn:armwrestling-rankings:api',
        };
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (auth.kind === 'embedded' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseFile: path.resolve(e.DATA_DIR, 'app.db'),
    staticDir: path.resolve(e.STATIC_DIR),
    publicUrl,
    appOrigins: [...new Set([new URL(publicUrl).origin, ...e.EXTRA_APP_ORIGINS])],
    logRequests: e.LOG_REQUESTS,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'true' || e.DEMO_DATA === '1' : e.NODE_ENV !== 'production',
    demoAssociation: e.DEMO_ASSOCIATION,
    trustProxy: e.TRUST_PROXY,
    chatWebhookUrl: e.CHAT_WEBHOOK_URL,
    clubsSheetCsvUrl: e.CLUBS_SHEET_CSV_URL,
    submissionRateLimit: e.SUBMISSION_RATE_LIMIT,
    dbUploadMaxBytes: e.DB_UPLOAD_MAX_MB * 1024 * 1024,
    backups: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS ?? 24, keep: e.BACKUP_KEEP ?? 7 }
      : undefined,
    videoService: e.YOUTUBE_API_KEY
      ? { apiKey: e.YOUTUBE_API_KEY, apiUrl: e.YOUTUBE_API_URL ?? 'https://www.googleapis.com/youtube/v3' }
      : undefined,
    auth,
  };
}
