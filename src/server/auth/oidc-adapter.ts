import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connection.ts';

/**
 * Stores the identity provider's sessions, grants and tokens in SQLite, so a
 * server restart does not sign everybody out or invalidate refresh tokens.
 */
/** Only these belong to a grant; revoking a grant must not touch sessions or interactions that mention it. */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export function sqliteAdapterFactory(db: Db) {
  const now = () => Math.floor(Date.now() / 1000);
  const upsert = db.prepare(
    `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
     VALUES (@model, @id, @payload, @grant_id, @user_code, @uid, @expires_at, NULL)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  const byId = db.prepare('SELECT payload, consumed_at, expires_at FROM oidc_models WHERE model = ? AND id = ?');
  const byUid = db.prepare('SELECT payload, consumed_at, expires_at FROM oidc_models WHERE model = ? AND uid = ?');
  const byUserCode = db.prepare(
    'SELECT payload, consumed_at, expires_at FROM oidc_models WHERE model = ? AND user_code = ?',
  );
  const consume = db.prepare('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?');
  const revokeGrant = db.prepare('DELETE FROM oidc_models WHERE grant_id = ?');

  type Row = { payload: string; consumed_at: number | null; expires_at: number | null } | undefined;
  const read = (row: Row): AdapterPayload | undefined => {
    if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: row.consumed_at } : payload;
  };

  return class SqliteAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      upsert.run({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? now() + expiresIn : null,
      });
    }
    async find(id: string) {
      return read(byId.get(this.model, id) as Row);
    }
    async findByUid(uid: string) {
      return read(byUid.get(this.model, uid) as Row);
    }
    async findByUserCode(userCode: string) {
      return read(byUserCode.get(this.model, userCode) as Row);
    }
    async consume(id: string) {
      consume.run(now(), this.model, id);
    }
    async destroy(id: string) {
      destroy.run(this.model, id);
    }
    async revokeByGrantId(grantId: string) {
      revokeGrant.run(grantId);
    }
  };
}

export function deleteExpiredOidcModels(db: Db) {
  db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?').run(
    Math.floor(Date.now() / 1000),
  );
}
