-- name: a conflict closes when the result it stood beside is taken back

-- A conflict is a different result kept aside beside the result in force. When that result goes (its table or
-- the head table undoes it, or a correction resets the match to be pulled again), the match is open again and
-- will be decided afresh: its conflicts close ('undone' or 'reset') instead of waiting, unlisted, to come back
-- beside whatever result the match gets next. SQLite cannot widen a CHECK in place, so the table is made again
-- with the same rows and index.
CREATE TABLE tournament_conflicts_next (
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
  closed_how TEXT CHECK (closed_how IS NULL OR closed_how IN ('dismissed', 'corrected', 'undone', 'reset'))
);
INSERT INTO tournament_conflicts_next SELECT * FROM tournament_conflicts;
DROP TABLE tournament_conflicts;
ALTER TABLE tournament_conflicts_next RENAME TO tournament_conflicts;
CREATE INDEX tournament_conflicts_open ON tournament_conflicts (match_id) WHERE closed_at IS NULL;

-- Conflicts left open by an earlier version beside a result since removed: closed as reset (which of the two
-- took the result back is not known).
UPDATE tournament_conflicts
SET closed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), closed_by = 'schema update 11', closed_how = 'reset'
WHERE closed_at IS NULL AND match_id NOT IN (SELECT match_id FROM tournament_results);
