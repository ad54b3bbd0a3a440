-- name: a placement's division is any code of the association
-- foreign keys: off

-- Results imported from a file (and the demo league) are stored as placements under the division the file names.
-- The association's divisions are its own (its profile lists them: 'senior', 'juniors', 'para', ...), so a placement
-- takes any division code (lower-case letters, digits and _, the profile's rule), as a tournament category does
-- since migration 13, no longer only pro, am and masters. Where its medals go is read from the profile by the code
-- (rankings/medals.ts); pro and am keep their meaning for a code the profile does not list.
--
-- SQLite cannot widen a CHECK in place, so the table is made again with the same rows and indexes. Nothing refers to
-- placements; the references it holds are checked by the runner before it commits.
CREATE TABLE placements_next (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES result_events (id),
  athlete_id INTEGER NOT NULL REFERENCES athletes (id),
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
  division TEXT NOT NULL CHECK (length(division) BETWEEN 1 AND 24 AND division NOT GLOB '*[^a-z0-9_]*'),
  category TEXT NOT NULL,
  weight_class TEXT NOT NULL,
  place INTEGER NOT NULL CHECK (place >= 1),
  tournament_category_id INTEGER REFERENCES tournament_categories (id),
  UNIQUE (event_id, hand, division, category, weight_class, athlete_id)
);
INSERT INTO placements_next
  (id, event_id, athlete_id, hand, sex, division, category, weight_class, place, tournament_category_id)
SELECT id, event_id, athlete_id, hand, sex, division, category, weight_class, place, tournament_category_id
FROM placements;
DROP TABLE placements;
ALTER TABLE placements_next RENAME TO placements;
CREATE INDEX placements_athlete ON placements (athlete_id);
CREATE INDEX placements_tournament_category ON placements (tournament_category_id)
  WHERE tournament_category_id IS NOT NULL;
