-- name: athletes, results and ratings

CREATE TABLE clubs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  city TEXT,
  region TEXT
);
CREATE TABLE athletes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
  weight_lbs REAL CHECK (weight_lbs IS NULL OR weight_lbs > 0),
  weighed_on TEXT,
  club_id INTEGER REFERENCES clubs (id),
  club_leader INTEGER NOT NULL DEFAULT 0 CHECK (club_leader IN (0, 1)),
  open_to_challenge INTEGER NOT NULL DEFAULT 0 CHECK (open_to_challenge IN (0, 1))
);
CREATE INDEX athletes_club ON athletes (club_id);
-- Events that produce results: a tournament's brackets or a supermatch card.
CREATE TABLE result_events (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('tournament', 'supermatch')),
  name TEXT NOT NULL,
  short_name TEXT NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  UNIQUE (name, date)
);
CREATE TABLE placements (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES result_events (id),
  athlete_id INTEGER NOT NULL REFERENCES athletes (id),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
  division TEXT NOT NULL CHECK (division IN ('pro', 'am', 'masters')),
  category TEXT NOT NULL,
  weight_class TEXT NOT NULL,
  place INTEGER NOT NULL CHECK (place >= 1),
  UNIQUE (event_id, hand, division, category, weight_class, athlete_id)
);
CREATE INDEX placements_athlete ON placements (athlete_id);
CREATE TABLE supermatch_results (
  id INTEGER PRIMARY KEY,
  event_id INTEGER REFERENCES result_events (id),
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  athlete_a INTEGER NOT NULL REFERENCES athletes (id),
  athlete_b INTEGER NOT NULL REFERENCES athletes (id),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  a_wins INTEGER NOT NULL CHECK (a_wins >= 0),
  b_wins INTEGER NOT NULL CHECK (b_wins >= 0),
  best_of INTEGER NOT NULL CHECK (best_of >= 1),
  CHECK (athlete_a <> athlete_b),
  CHECK (a_wins + b_wins >= 1 AND a_wins + b_wins <= best_of)
);
CREATE INDEX supermatch_results_date ON supermatch_results (date);
-- Current rating per athlete per hand, and its value at the end of every day it changed.
CREATE TABLE ratings (
  athlete_id INTEGER NOT NULL REFERENCES athletes (id),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  last_date TEXT NOT NULL,
  PRIMARY KEY (athlete_id, hand)
) WITHOUT ROWID;
CREATE TABLE rating_history (
  athlete_id INTEGER NOT NULL REFERENCES athletes (id),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  date TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  PRIMARY KEY (athlete_id, hand, date)
) WITHOUT ROWID;
CREATE INDEX rating_history_date ON rating_history (date);
