-- name: club details, club members and the club edit log

-- A club's public fields. Lists (leaders, training) are JSON arrays of text. A NULL number means
-- 'not given': the API computes it from the results or uses the club default.
ALTER TABLE clubs ADD COLUMN leaders TEXT NOT NULL DEFAULT '[]'
  CHECK (json_valid(leaders) AND json_type(leaders) = 'array');
ALTER TABLE clubs ADD COLUMN verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1));
ALTER TABLE clubs ADD COLUMN image_url TEXT;
ALTER TABLE clubs ADD COLUMN training TEXT NOT NULL DEFAULT '[]'
  CHECK (json_valid(training) AND json_type(training) = 'array');
ALTER TABLE clubs ADD COLUMN practice_end TEXT;
ALTER TABLE clubs ADD COLUMN avg_practice_size INTEGER CHECK (avg_practice_size IS NULL OR avg_practice_size >= 0);
ALTER TABLE clubs ADD COLUMN description TEXT;
ALTER TABLE clubs ADD COLUMN members_count INTEGER CHECK (members_count IS NULL OR members_count >= 0);
ALTER TABLE clubs ADD COLUMN out_of_state INTEGER NOT NULL DEFAULT 0 CHECK (out_of_state IN (0, 1));
ALTER TABLE clubs ADD COLUMN founded INTEGER CHECK (founded IS NULL OR founded BETWEEN 1900 AND 2100);
ALTER TABLE clubs ADD COLUMN facebook TEXT;
ALTER TABLE clubs ADD COLUMN instagram TEXT;
ALTER TABLE clubs ADD COLUMN medals_this_year INTEGER CHECK (medals_this_year IS NULL OR medals_this_year >= 0);
ALTER TABLE clubs ADD COLUMN supermatches_hosted INTEGER
  CHECK (supermatches_hosted IS NULL OR supermatches_hosted >= 0);
ALTER TABLE clubs ADD COLUMN supermatches_upcoming INTEGER
  CHECK (supermatches_upcoming IS NULL OR supermatches_upcoming >= 0);
-- The club sheet's copy: each club's members by name, in sheet order. A name, not an athlete: the sheet
-- lists people who train at a club but have no results yet (so no athletes row), and a list of names
-- is what the sheet holds. athletes.club_id stays the athlete's one club (the badges and the
-- leaderboards read it); importing a sheet sets it for the names that are athletes.
CREATE TABLE club_members (
  club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  name TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 120),
  PRIMARY KEY (club_id, name)
) WITHOUT ROWID;
CREATE INDEX club_members_name ON club_members (name);
-- Every change to a club's public fields: who, when, which club, and each changed field's
-- value before and after ({"field": {"from": ..., "to": ...}}). Append-only.
CREATE TABLE club_edits (
  id INTEGER PRIMARY KEY,
  club_id INTEGER NOT NULL REFERENCES clubs (id),
  edited_by TEXT NOT NULL,
  edited_at TEXT NOT NULL,
  changes TEXT NOT NULL CHECK (json_valid(changes))
);
CREATE INDEX club_edits_club ON club_edits (club_id, id);
CREATE TRIGGER club_edits_no_update BEFORE UPDATE ON club_edits
  BEGIN SELECT RAISE(ABORT, 'the club edit log is append-only'); END;
CREATE TRIGGER club_edits_no_delete BEFORE DELETE ON club_edits
  BEGIN SELECT RAISE(ABORT, 'the club edit log is append-only'); END;
