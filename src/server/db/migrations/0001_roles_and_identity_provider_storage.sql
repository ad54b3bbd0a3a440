-- name: roles and identity provider storage

CREATE TABLE role_grants (
  kind TEXT NOT NULL CHECK (kind IN ('sub', 'email')),
  principal TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'dev', 'club_leader')),
  granted_at TEXT NOT NULL,
  PRIMARY KEY (kind, principal, role)
);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE oidc_models (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  grant_id TEXT,
  user_code TEXT,
  uid TEXT,
  expires_at INTEGER,
  consumed_at INTEGER,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant ON oidc_models (grant_id);
CREATE INDEX oidc_models_uid ON oidc_models (uid);
CREATE INDEX oidc_models_expires ON oidc_models (expires_at);
