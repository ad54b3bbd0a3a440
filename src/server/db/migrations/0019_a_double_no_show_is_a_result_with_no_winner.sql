-- name: a double no-show is a result with no winner

-- Neither athlete came to the table within the call time: both lose. Such a result is kept with no winner and the
-- method 'no_show' (and only then may the winner be missing), as the result in force and as a result set aside
-- beside another. SQLite cannot widen a CHECK in place, so both tables are made again with the same rows and index.
CREATE TABLE tournament_results_next (
  match_id INTEGER PRIMARY KEY REFERENCES tournament_matches (id) ON DELETE CASCADE,
  winner TEXT CHECK (winner IN ('A', 'B') OR (winner IS NULL AND method = 'no_show')),
  method TEXT NOT NULL CHECK (method IN ('pin', 'fouls', 'no_show', 'withdrawal', 'dq')),
  warnings_a INTEGER NOT NULL DEFAULT 0 CHECK (warnings_a >= 0),
  warnings_b INTEGER NOT NULL DEFAULT 0 CHECK (warnings_b >= 0),
  fouls_a INTEGER NOT NULL DEFAULT 0 CHECK (fouls_a >= 0),
  fouls_b INTEGER NOT NULL DEFAULT 0 CHECK (fouls_b >= 0),
  entry_a INTEGER NOT NULL REFERENCES tournament_entries (id),
  entry_b INTEGER NOT NULL REFERENCES tournament_entries (id),
  recorded_at TEXT NOT NULL,
  recorded_by TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'head' CHECK (source = 'head' OR source GLOB 'table:[1-9]*'),
  device TEXT,
  device_time TEXT
);
INSERT INTO tournament_results_next SELECT * FROM tournament_results;
DROP TABLE tournament_results;
ALTER TABLE tournament_results_next RENAME TO tournament_results;

CREATE TABLE tournament_conflicts_next (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES tournament_matches (id) ON DELETE CASCADE,
  winner TEXT CHECK (winner IN ('A', 'B') OR (winner IS NULL AND method = 'no_show')),
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
  closed_how TEXT CHECK (closed_how IS NULL OR closed_how IN ('dismissed', 'corrected', 'undone', 'reset'))
);
INSERT INTO tournament_conflicts_next SELECT * FROM tournament_conflicts;
DROP TABLE tournament_conflicts;
ALTER TABLE tournament_conflicts_next RENAME TO tournament_conflicts;
CREATE INDEX tournament_conflicts_open ON tournament_conflicts (match_id) WHERE closed_at IS NULL;
