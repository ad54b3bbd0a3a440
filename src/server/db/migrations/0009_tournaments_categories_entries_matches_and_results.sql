-- name: tournaments, their categories, entries, matches and results

-- A tournament is run at an event of the events list, by its four settings (src/shared/tournament/rules.ts).
-- `version` moves with every change to anything below it: the public read is cached by it.
-- `result_event_id` is the results' event its published categories are rated and medalled under (made at the
-- first publish).
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  super_final INTEGER NOT NULL CHECK (super_final IN (0, 1)),
  fouls_to_lose INTEGER NOT NULL CHECK (fouls_to_lose BETWEEN 1 AND 5),
  call_seconds INTEGER NOT NULL CHECK (call_seconds BETWEEN 10 AND 600),
  team_points TEXT NOT NULL CHECK (json_valid(team_points)),
  result_event_id INTEGER REFERENCES result_events (id),
  version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);
CREATE INDEX tournaments_event ON tournaments (event_id);
-- A category (sex x hand x weight class x division) and its draw: the seed and the entry in each slot
-- (a JSON array, null for a bye). Its state is derived from the draw and its results, never stored.
CREATE TABLE tournament_categories (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  weight_class TEXT NOT NULL,
  division TEXT NOT NULL CHECK (division IN ('pro', 'am', 'novice', 'masters', 'grand_masters', 'youth')),
  method TEXT CHECK (method IS NULL OR method IN ('lot', 'rating')),
  seed INTEGER CHECK (seed IS NULL OR seed BETWEEN 0 AND 4294967295),
  slots TEXT CHECK (slots IS NULL OR json_valid(slots)),
  drawn_at TEXT,
  published_at TEXT,
  published_by TEXT,
  table_no INTEGER CHECK (table_no IS NULL OR table_no BETWEEN 1 AND 99),
  UNIQUE (tournament_id, sex, hand, weight_class, division)
);
-- An athlete entered in a category, with the club at entry time and the weigh-in.
CREATE TABLE tournament_entries (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES tournament_categories (id) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes (id),
  club TEXT,
  weight REAL CHECK (weight IS NULL OR weight > 0),
  weighed_at TEXT,
  UNIQUE (category_id, athlete_id)
);
-- One row per match of a drawn category's bracket, made at the draw: its id is the API's matchId.
CREATE TABLE tournament_matches (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES tournament_categories (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  UNIQUE (category_id, code)
);
-- The result in force per match, with the entries it was recorded for and who recorded it where.
CREATE TABLE tournament_results (
  match_id INTEGER PRIMARY KEY REFERENCES tournament_matches (id) ON DELETE CASCADE,
  winner TEXT NOT NULL CHECK (winner IN ('A', 'B')),
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
-- A published category's pulled matches (pin or fouls) as rated one-pin results, in play order; removed again
-- when it is unpublished. The ratings engine rates them after the day's brackets, before its supermatches.
CREATE TABLE tournament_rated_matches (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL UNIQUE REFERENCES tournament_matches (id),
  category_id INTEGER NOT NULL REFERENCES tournament_categories (id),
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  play_order INTEGER NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  athlete_a INTEGER NOT NULL REFERENCES athletes (id),
  athlete_b INTEGER NOT NULL REFERENCES athletes (id),
  winner TEXT NOT NULL CHECK (winner IN ('A', 'B')),
  CHECK (athlete_a <> athlete_b)
);
CREATE INDEX tournament_rated_matches_order ON tournament_rated_matches (date, tournament_id, category_id, play_order);
CREATE INDEX tournament_rated_matches_a ON tournament_rated_matches (athlete_a);
CREATE INDEX tournament_rated_matches_b ON tournament_rated_matches (athlete_b);
-- A published category's places, for the medals and the athletes' results lists; not rated as a bracket (its
-- matches are). division is the medal's: pro, or am for every other division (the category name says which).
ALTER TABLE placements ADD COLUMN tournament_category_id INTEGER REFERENCES tournament_categories (id);
CREATE INDEX placements_tournament_category ON placements (tournament_category_id)
  WHERE tournament_category_id IS NOT NULL;

-- The decision log also records publishing a category (finished -> published) and taking it back. SQLite cannot
-- widen a CHECK in place, so the table is made again with the same rows, index and append-only triggers.
CREATE TABLE decisions_next (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL CHECK (subject IN ('supermatch', 'name_claim', 'tournament_category')),
  subject_id INTEGER NOT NULL,
  from_status TEXT NOT NULL CHECK (from_status IN ('pending', 'approved', 'denied', 'finished', 'published')),
  to_status TEXT NOT NULL CHECK (to_status IN ('pending', 'approved', 'denied', 'finished', 'published')),
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  rating_effects TEXT CHECK (rating_effects IS NULL OR json_valid(rating_effects))
);
INSERT INTO decisions_next SELECT * FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_next RENAME TO decisions;
CREATE INDEX decisions_subject ON decisions (subject, subject_id, id);
CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
