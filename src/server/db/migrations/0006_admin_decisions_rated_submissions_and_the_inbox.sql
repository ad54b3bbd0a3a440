-- name: admin decisions, rated submissions and the inbox

-- Every admin decision on a supermatch result or a name claim: who, when, from, to, and what it did
-- to the ratings. Append-only: the triggers refuse to change or remove a row.
CREATE TABLE decisions (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL CHECK (subject IN ('supermatch', 'name_claim')),
  subject_id INTEGER NOT NULL,
  from_status TEXT NOT NULL CHECK (from_status IN ('pending', 'approved', 'denied')),
  to_status TEXT NOT NULL CHECK (to_status IN ('pending', 'approved', 'denied')),
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  rating_effects TEXT CHECK (rating_effects IS NULL OR json_valid(rating_effects))
);
CREATE INDEX decisions_subject ON decisions (subject, subject_id, id);
CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
  BEGIN SELECT RAISE(ABORT, 'the decision log is append-only'); END;
-- The rated result an approved submission became (removed again when it is denied).
ALTER TABLE supermatch_results ADD COLUMN submission_id INTEGER REFERENCES supermatch_submissions (id);
CREATE UNIQUE INDEX supermatch_results_submission ON supermatch_results (submission_id)
  WHERE submission_id IS NOT NULL;
-- A submitter's trust is counted from their decided submissions.
CREATE INDEX supermatch_submissions_account ON supermatch_submissions (submitter_sub, status)
  WHERE submitter_sub IS NOT NULL;
-- The inbox: events, clubs and feedback an admin has dealt with.
ALTER TABLE event_submissions ADD COLUMN handled_at TEXT;
ALTER TABLE event_submissions ADD COLUMN handled_by TEXT;
ALTER TABLE club_submissions ADD COLUMN handled_at TEXT;
ALTER TABLE club_submissions ADD COLUMN handled_by TEXT;
ALTER TABLE feedback ADD COLUMN handled_at TEXT;
ALTER TABLE feedback ADD COLUMN handled_by TEXT;
CREATE INDEX feedback_created ON feedback (created_at);
