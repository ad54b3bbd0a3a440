-- name: a category's division is any code of the association, and its class has a unit
-- foreign keys: off

-- Divisions are the association's own (its profile lists them), so a category takes any division code (lower-case
-- letters, digits and _, as the profile's rule), no longer only the six first built in. A category also keeps the
-- unit its class was created in ('lbs' for every category before this), so that its name and its entries' weights
-- keep their meaning when the association changes its unit. (A published category's placements still store pro or
-- am, the rail they went to; the medals read the category's own division and unit through tournament_category_id.)
--
-- SQLite cannot widen a CHECK in place, so the table is made again with the same rows. Its entries and matches
-- refer to it and would go with the old table (ON DELETE CASCADE), so this migration runs with the references off
-- (the line above); the runner checks every reference before it commits.
CREATE TABLE tournament_categories_next (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  weight_class TEXT NOT NULL,
  division TEXT NOT NULL CHECK (length(division) BETWEEN 1 AND 24 AND division NOT GLOB '*[^a-z0-9_]*'),
  units TEXT NOT NULL DEFAULT 'lbs' CHECK (units IN ('lbs', 'kg')),
  method TEXT CHECK (method IS NULL OR method IN ('lot', 'rating')),
  seed INTEGER CHECK (seed IS NULL OR seed BETWEEN 0 AND 4294967295),
  slots TEXT CHECK (slots IS NULL OR json_valid(slots)),
  drawn_at TEXT,
  published_at TEXT,
  published_by TEXT,
  table_no INTEGER CHECK (table_no IS NULL OR table_no BETWEEN 1 AND 99),
  UNIQUE (tournament_id, sex, hand, weight_class, division)
);
INSERT INTO tournament_categories_next
  (id, tournament_id, sex, hand, weight_class, division, units, method, seed, slots, drawn_at, published_at,
   published_by, table_no)
SELECT id, tournament_id, sex, hand, weight_class, division, 'lbs', method, seed, slots, drawn_at, published_at,
       published_by, table_no
FROM tournament_categories;
DROP TABLE tournament_categories;
ALTER TABLE tournament_categories_next RENAME TO tournament_categories;
