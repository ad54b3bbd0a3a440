-- name: table links, results set aside as conflicts, and corrections in the decision log

-- A table link: the secret a table device proves itself with (Authorization: Table {secret}), stored only as its
-- SHA-256 (hex). It lets the device record results for the categories at its table now, until it is revoked
-- (every link of a table at once) or expires (the end of the day after the tournament). The device's last
-- request and what it last said of its outbox (results waiting, since when) feed the head table's overview.
CREATE TABLE tournament_table_links (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  table_no INTEGER NOT NULL CHECK (table_no BETWEEN 1 AND 99),
  secret_hash TEXT NOT NULL UNIQUE CHECK (length(secret_hash) = 64),
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  last_contact_at TEXT,
  waiting INTEGER NOT NULL DEFAULT 0 CHECK (waiting >= 0),
  waiting_since TEXT
);
CREATE INDEX tournament_table_links_table ON tournament_table_links (tournament_id, table_no);

-- A different result sent for a decided match: the first stays in force, this one is kept aside with who sent it
-- from where, when (the server's time and the device's), until the head table dismisses it or corrects the match.
CREATE TABLE tournament_conflicts (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES tournament_matches (id) ON DELETE CASCADE,
  winner TEXT NOT NULL CHECK (winner IN ('A', 'B')),
  method TEXT NOT NULL CHECK (method IN ('pin', 'fouls', 'no_show', 'withdrawal', 'dq')),
  warnings_a INTEGER NOT NULL CHECK (warnings_a >= 0),
  warnings_b INTEGER NOT NULL CHECK (warnings_b >= 0),
  fouls_a INTEGER NOT NULL CHECK (fouls_a >= 0),
  fouls_b INTEGER NOT NULL CHECK (fouls_b >= 0),
  entry_a INTEGER NOT NULL REFERENCES tournament_entries (id),
  entry_b INTEGER NOT NULL REFERENCES tournament_entries (id),
  sent_at TEXT NOT NULL,
  sent_by TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source = 'head' OR source GLOB 'table:[1-9]*'),
  device_time TEXT,
  closed_at TEXT,
  closed_by TEXT,
  closed_how TEXT CHECK (closed_how IS NULL OR closed_how IN ('dismissed', 'corrected'))
);
CREATE INDEX tournament_conflicts_open ON tournament_conflicts (match_id) WHERE closed_at IS NULL;

-- The decision log also records a match's correction (decided -> corrected, with the result before and after
-- and the later matches it reset in `detail`) and a conflict dismissed (open -> dismissed). SQLite cannot widen a
-- CHECK in place, so the table is made again with the same rows, index and append-only triggers.
CREATE TABLE decisions_next (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL CHECK (
    subject IN ('supermatch', 'name_claim', 'tournament_category', 'tournament_match', 'tournament_conflict')
  ),
  subject_id INTEGER NOT NULL,
  from_status TEXT NOT NULL CHECK (
    from_status IN ('pending', 'approved', 'denied', 'finished', 'published', 'decided', 'corrected', 'open',
      'dismissed')
  ),
  to_status TEXT NOT NULL CHECK (
    to_status IN ('pending', 'approved', 'denied', 'finished', 'published', 'decided', 'corrected', 'open',
      'dismissed')
  ),
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  rating_effects TEXT CHECK (rating_effects IS NULL OR json_valid(rating_effects)),
  detail TEXT CHECK (detail IS NULL OR json_valid(detail))
);
INSERT INTO decisions_next (id, subject, subject_id, from_status, to_status, decided_by, decided_at, rating_effects)
  SELECT id, subject, subject_id, from_status, to_status, decided_by, decided_at, rating_effects FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_next RENAME TO decisions;
CREATE INDEX decisions_subject ON decisions (subject, subject_id, id);
CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
