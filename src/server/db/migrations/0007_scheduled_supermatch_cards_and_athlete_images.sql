-- name: scheduled supermatch cards and athlete images

-- A supermatch card before (and after) it is pulled. Athletes are kept by name: a card may name
-- someone with no results yet. hand 'both' is pulled with each hand (one rated result per hand).
CREATE TABLE supermatch_cards (
  id INTEGER PRIMARY KEY,
  a_name TEXT NOT NULL CHECK (length(a_name) BETWEEN 1 AND 120),
  b_name TEXT NOT NULL CHECK (length(b_name) BETWEEN 1 AND 120),
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  start_time TEXT CHECK (start_time IS NULL OR start_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  hand TEXT NOT NULL CHECK (hand IN ('RH', 'LH', 'both')),
  weight_a TEXT,
  weight_b TEXT,
  location TEXT,
  event_id INTEGER REFERENCES events (id) ON DELETE SET NULL,
  hue INTEGER NOT NULL CHECK (hue BETWEEN 0 AND 359),
  priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 100),
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  best_of INTEGER NOT NULL CHECK (best_of >= 1 AND best_of % 2 = 1),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (a_name <> b_name COLLATE NOCASE)
);
CREATE INDEX supermatch_cards_date ON supermatch_cards (date);
-- The rated result that completed a card, per hand. Removing a card keeps its results (and ratings).
ALTER TABLE supermatch_results ADD COLUMN card_id INTEGER REFERENCES supermatch_cards (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX supermatch_results_card_hand ON supermatch_results (card_id, hand) WHERE card_id IS NOT NULL;
-- The pictures the cards show, by athlete name: one for the left side of a card, one for the right,
-- each with its crop ({scale, object_position {x, y}} as JSON; NULL means the default).
CREATE TABLE athlete_images (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 120),
  left_url TEXT,
  right_url TEXT,
  left_crop TEXT CHECK (left_crop IS NULL OR json_valid(left_crop)),
  right_crop TEXT CHECK (right_crop IS NULL OR json_valid(right_crop)),
  updated_at TEXT NOT NULL
);
