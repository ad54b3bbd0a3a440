-- name: weights stored with the unit they were entered in

-- An association may weigh in pounds or kilograms and may change its unit when results exist. A weight is stored
-- once, exactly as it was entered, with the unit it was entered in, and shown in the association's unit by one
-- conversion (src/shared/weights.ts): 80 kg stays 80 kg, never 176.37 lbs turned back into 79.99 kg. So switching
-- the unit rewrites no weight. Every weight stored until now was entered in pounds.

-- An athlete's latest weight. `weight_lbs` was the stored column; it stays, computed from the stored weight, for
-- the readers that still want pounds (the SQL divides by 0.45359237 exactly as weights.ts does). It cannot be
-- written: a writer states the unit.
ALTER TABLE athletes ADD COLUMN weight REAL CHECK (weight IS NULL OR weight > 0);
ALTER TABLE athletes ADD COLUMN weight_unit TEXT CHECK (weight_unit IN ('lbs', 'kg'));
UPDATE athletes SET weight = weight_lbs, weight_unit = 'lbs' WHERE weight_lbs IS NOT NULL;
ALTER TABLE athletes DROP COLUMN weight_lbs;
ALTER TABLE athletes ADD COLUMN weight_lbs REAL
  GENERATED ALWAYS AS (CASE weight_unit WHEN 'kg' THEN weight / 0.45359237 ELSE weight END) VIRTUAL;
CREATE TRIGGER athletes_weight_has_unit_on_insert BEFORE INSERT ON athletes
WHEN (NEW.weight IS NULL) <> (NEW.weight_unit IS NULL)
BEGIN SELECT RAISE(ABORT, 'athletes: a weight is stored with its unit (weight_unit), and a unit only with a weight'); END;
CREATE TRIGGER athletes_weight_has_unit_on_update BEFORE UPDATE OF weight, weight_unit ON athletes
WHEN (NEW.weight IS NULL) <> (NEW.weight_unit IS NULL)
BEGIN SELECT RAISE(ABORT, 'athletes: a weight is stored with its unit (weight_unit), and a unit only with a weight'); END;

-- A tournament entry's weigh-in, likewise with its unit.
ALTER TABLE tournament_entries ADD COLUMN weight_unit TEXT CHECK (weight_unit IN ('lbs', 'kg'));
UPDATE tournament_entries SET weight_unit = 'lbs' WHERE weight IS NOT NULL;
CREATE TRIGGER tournament_entries_weight_has_unit_on_insert BEFORE INSERT ON tournament_entries
WHEN (NEW.weight IS NULL) <> (NEW.weight_unit IS NULL)
BEGIN SELECT RAISE(ABORT, 'tournament_entries: a weight is stored with its unit (weight_unit), and a unit only with a weight'); END;
CREATE TRIGGER tournament_entries_weight_has_unit_on_update BEFORE UPDATE OF weight, weight_unit ON tournament_entries
WHEN (NEW.weight IS NULL) <> (NEW.weight_unit IS NULL)
BEGIN SELECT RAISE(ABORT, 'tournament_entries: a weight is stored with its unit (weight_unit), and a unit only with a weight'); END;

-- A submitted supermatch result's two weights (whole numbers, as the submitter typed them) and a scheduled card's
-- (a weight or a class such as 243+, as the admin typed them) are in the unit of the association when the row was
-- written: every writer sets it; the rows before this migration are in pounds.
ALTER TABLE supermatch_submissions ADD COLUMN weight_unit TEXT NOT NULL DEFAULT 'lbs' CHECK (weight_unit IN ('lbs', 'kg'));
ALTER TABLE supermatch_cards ADD COLUMN weight_unit TEXT NOT NULL DEFAULT 'lbs' CHECK (weight_unit IN ('lbs', 'kg'));
