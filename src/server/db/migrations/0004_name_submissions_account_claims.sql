-- name: name submissions (account claims)

-- A signed-in account's claim to a name on the leaderboards.
-- status: pending, then approved (the athlete sees "verified") or denied ("rejected").
-- athlete_id links the claim to the athlete whose name it matches, when one does.
CREATE TABLE name_submissions (
  id INTEGER PRIMARY KEY,
  requested_name TEXT NOT NULL CHECK (length(requested_name) BETWEEN 1 AND 120),
  submitter_sub TEXT NOT NULL,
  submitter_email TEXT,
  submitter_name TEXT,
  submitter_ip TEXT,
  athlete_id INTEGER REFERENCES athletes (id),
  evidence_summary TEXT,
  evidence_links TEXT CHECK (evidence_links IS NULL OR json_valid(evidence_links)),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  created_at TEXT NOT NULL,
  decided_by TEXT,
  decided_at TEXT
);
CREATE INDEX name_submissions_account ON name_submissions (submitter_sub, id);
CREATE INDEX name_submissions_status ON name_submissions (status, created_at);
-- The rules the API checks, kept by the database too: one open claim and one verified name per
-- account, and a name (or an athlete) verified to one account only.
CREATE UNIQUE INDEX name_submissions_one_pending ON name_submissions (submitter_sub) WHERE status = 'pending';
CREATE UNIQUE INDEX name_submissions_one_verified ON name_submissions (submitter_sub) WHERE status = 'approved';
CREATE UNIQUE INDEX name_submissions_name_verified
  ON name_submissions (requested_name COLLATE NOCASE) WHERE status = 'approved';
CREATE UNIQUE INDEX name_submissions_athlete_verified
  ON name_submissions (athlete_id) WHERE status = 'approved' AND athlete_id IS NOT NULL;
