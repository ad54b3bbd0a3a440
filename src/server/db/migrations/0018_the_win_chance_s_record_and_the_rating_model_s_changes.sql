-- name: the win chance's record and the rating model's changes
-- Every decided head-to-head result (a supermatch, a published tournament's match) as the app predicted it the
-- evening before its day: the model's chance that A wins, the chance shown after calibration, and who won. The
-- rating engine writes it beside the ratings (a full recompute writes it anew), the win chance's calibration
-- learns from it, and GET /api/v1/ratings/calibration shows it. Derived data, like the ratings.
CREATE TABLE rating_predictions (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL,
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  athlete_a INTEGER NOT NULL,
  athlete_b INTEGER NOT NULL,
  best_of INTEGER NOT NULL CHECK (best_of >= 1),
  raw REAL NOT NULL CHECK (raw BETWEEN 0 AND 1),
  shown REAL NOT NULL CHECK (shown BETWEEN 0 AND 1),
  a_won INTEGER NOT NULL CHECK (a_won IN (0, 1))
);
CREATE INDEX rating_predictions_date ON rating_predictions (date);

-- The decision log also records a change of the rating model (new constants: every rating recomputed), subject
-- 'rating_model', its id the model's version, from 'pending' to 'in_use'. SQLite cannot widen a CHECK in place,
-- so the table is made again with the same rows, index and append-only triggers.
CREATE TABLE decisions_next (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL CHECK (
    subject IN ('supermatch', 'name_claim', 'tournament_category', 'tournament_match', 'tournament_conflict',
      'rating_model')
  ),
  subject_id INTEGER NOT NULL,
  from_status TEXT NOT NULL CHECK (
    from_status IN ('pending', 'approved', 'denied', 'finished', 'published', 'decided', 'corrected', 'open',
      'dismissed', 'in_use')
  ),
  to_status TEXT NOT NULL CHECK (
    to_status IN ('pending', 'approved', 'denied', 'finished', 'published', 'decided', 'corrected', 'open',
      'dismissed', 'in_use')
  ),
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  rating_effects TEXT CHECK (rating_effects IS NULL OR json_valid(rating_effects)),
  detail TEXT CHECK (detail IS NULL OR json_valid(detail))
);
INSERT INTO decisions_next
  (id, subject, subject_id, from_status, to_status, decided_by, decided_at, rating_effects, detail)
SELECT id, subject, subject_id, from_status, to_status, decided_by, decided_at, rating_effects, detail
FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_next RENAME TO decisions;
CREATE INDEX decisions_subject ON decisions (subject, subject_id, id);
CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
