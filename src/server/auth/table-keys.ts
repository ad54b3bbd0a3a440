import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Table devices: a phone at a tournament table proves itself with the secret of its table link,
 * `Authorization: Table {secret}`, instead of an account. The secret is random (192 bits, base64url), shown once
 * in the link's URL and stored only as its SHA-256, so the database alone cannot be used to record results. A key
 * is good while its link is neither revoked nor expired; what it may do (the categories at its table now) is
 * checked where the work is done, inside the same transaction (tournaments/match-access.ts, locateMatch).
 */

export const TABLE_SCHEME = 'Table';

/** Who a valid table key is: its link, tournament and table. */
export interface TableKeyHolder {
  linkId: number;
  tournamentId: number;
  table: number;
  expiresAt: string | null;
}

export interface TableVariables {
  table: TableKeyHolder | undefined;
}

export const hashTableSecret = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

/** A new secret: 24 random bytes (192 bits), base64url (32 characters, safe in a URL's query). */
export const newTableSecret = (): string => crypto.randomBytes(24).toString('base64url');

/** Whether the request names the Table scheme (then it is a table device's, whatever follows). */
export const sentTableKey = (c: Context): boolean => /^Table(\s|$)/i.test((c.req.header('authorization') ?? '').trim());

function tableSecretOf(c: Context): string | undefined {
  return /^Table\s+([A-Za-z0-9_-]{16,200})$/i.exec((c.req.header('authorization') ?? '').trim())?.[1];
}

const refused = () =>
  new HttpError(
    401,
    'invalid_table_key',
    'This table link is not valid (revoked, expired or mistyped): ask the head table for a new one.',
    undefined,
    { 'WWW-Authenticate': TABLE_SCHEME },
  );

/**
 * Answers 401 (`WWW-Authenticate: Table`) unless the request carries the key of a live table link; sets `table`
 * and records the link's last contact (every table-key request is contact, for the head table's overview).
 */
export function requireTableKey(
  db: Db,
  now: () => Date = () => new Date(),
): MiddlewareHandler<{ Variables: TableVariables }> {
  const find = db.prepare(
    `SELECT id, tournament_id, table_no, expires_at, revoked_at FROM tournament_table_links WHERE secret_hash = ?`,
  );
  const contact = db.prepare('UPDATE tournament_table_links SET last_contact_at = ? WHERE id = ?');
  return async (c, next) => {
    const secret = tableSecretOf(c);
    if (!secret) throw refused();
    const row = find.get(hashTableSecret(secret)) as
      | { id: number; tournament_id: number; table_no: number; expires_at: string | null; revoked_at: string | null }
      | undefined;
    const at = now().toISOString();
    if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= at)) throw refused();
    contact.run(at, row.id);
    c.set('table', { linkId: row.id, tournamentId: row.tournament_id, table: row.table_no, expiresAt: row.expires_at });
    await next();
  };
}
