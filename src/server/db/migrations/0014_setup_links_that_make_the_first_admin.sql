-- name: setup links that make the first admin

-- A new deployment has no admin. The server (and `npm run setup`) makes a one-time link while none exists; whoever
-- opens it and signs in becomes the first admin (auth/setup.ts). Only the token's SHA-256 is kept: the log that
-- printed the link is the one place the token itself is written, and a copy of this database does not hold it.
CREATE TABLE setup_tokens (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- A newer link replaces this one (one link works at a time): when.
  replaced_at TEXT,
  -- Used: when, and the token subject that became admin with it.
  used_at TEXT,
  used_by TEXT,
  CHECK ((used_at IS NULL) = (used_by IS NULL))
);
