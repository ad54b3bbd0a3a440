import type { AuthConfig } from '../shared/auth-config.ts';
import type { TokenVerifier } from './auth/tokens.ts';
import type { RateLimit } from './config.ts';
import type { Db } from './db/connection.ts';
import type { VideoServiceConfig } from './events/live-details.ts';

/**
 * What the app is built from (server.ts and the test harness make it; app.ts
 * hands it out). A route module asks for the part it uses, as
 * `Pick<AppDeps, 'db' | 'verify'>`, and imports this module, never app.ts: the
 * assembling file depends on the routes, not the other way round.
 */
export interface AppDeps {
  db: Db;
  verify: TokenVerifier;
  authConfig: AuthConfig;
  /** Folder of the built app; absent in API-only tests. */
  staticDir?: string | undefined;
  /** One JSON line per request on stdout (errors are logged always). */
  logRequests?: boolean | undefined;
  /** The address people open; an https one adds HSTS to every answer. */
  publicUrl?: string | undefined;
  /** Submission endpoints: proxy trust, rate limit, chat-webhook queueing (defaults when absent). */
  submissions?: SubmissionSettings | undefined;
  /** The video service for livestream details; absent: the events' own schedule is used. */
  videoService?: VideoServiceConfig | undefined;
  /** The data folder: the developer tools' working copies and the backups taken before a database upload. */
  dataDir: string;
  /** The largest database file the developer tools accept, in bytes (the configured default when absent). */
  dbUploadMaxBytes?: number | undefined;
  /** The published club sheet (CSV) relayed at /sheets/clubs.csv; absent: the database's sheet. */
  clubsSheetCsvUrl?: string | undefined;
}

/** The anonymous submissions' settings (routes/submissions.ts), also read by the routes that share their limits. */
export interface SubmissionSettings {
  /** Read the client IP from X-Forwarded-For (first address). Default false. */
  trustProxy?: boolean | undefined;
  /** Per-IP token bucket; null switches it off. Default 30 per 600 s. */
  rateLimit?: RateLimit | null | undefined;
  /** Enqueue a chat message per submission (a webhook URL is configured). Default false. */
  webhook?: boolean | undefined;
  now?: (() => number) | undefined;
}
