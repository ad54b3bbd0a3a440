-- name: submissions, idempotency keys and webhook deliveries

-- Anonymous submissions. The submitter's IP comes from the request, never the body;
-- submitter_sub and submitter_email are set when a valid bearer token came along.
CREATE TABLE supermatch_submissions (
  id INTEGER PRIMARY KEY,
  a_name TEXT NOT NULL,
  b_name TEXT NOT NULL,
  hand TEXT NOT NULL CHECK (hand IN ('LH', 'RH')),
  winner TEXT NOT NULL CHECK (winner IN ('A', 'B')),
  score TEXT,
  best_of INTEGER CHECK (best_of IS NULL OR best_of >= 1),
  date TEXT NOT NULL,
  location TEXT,
  weight_a INTEGER CHECK (weight_a IS NULL OR weight_a >= 0),
  weight_b INTEGER CHECK (weight_b IS NULL OR weight_b >= 0),
  head_ref TEXT,
  down_ref TEXT,
  notes TEXT,
  submitter TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'web',
  submitter_ip TEXT NOT NULL,
  submitter_sub TEXT,
  submitter_email TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  created_at TEXT NOT NULL,
  decided_by TEXT,
  decided_at TEXT,
  rating_effects TEXT CHECK (rating_effects IS NULL OR json_valid(rating_effects))
);
CREATE INDEX supermatch_submissions_status ON supermatch_submissions (status, created_at);
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL,
  name TEXT NOT NULL,
  submitter_ip TEXT NOT NULL,
  submitter_sub TEXT,
  submitter_email TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE event_submissions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  location TEXT NOT NULL,
  date TEXT NOT NULL,
  details TEXT,
  link TEXT,
  submitter TEXT NOT NULL,
  submitter_ip TEXT NOT NULL,
  submitter_sub TEXT,
  submitter_email TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  created_at TEXT NOT NULL
);
CREATE INDEX event_submissions_status ON event_submissions (status, created_at);
-- clubSubmissionSchema's fields; its desc is stored as description (DESC is an SQL keyword).
CREATE TABLE club_submissions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  region TEXT NOT NULL,
  leaders TEXT,
  training TEXT,
  founded INTEGER CHECK (founded IS NULL OR founded BETWEEN 1900 AND 2100),
  out_of_state INTEGER CHECK (out_of_state IS NULL OR out_of_state IN (0, 1)),
  members_count INTEGER CHECK (members_count IS NULL OR members_count >= 0),
  avg_practice_size INTEGER CHECK (avg_practice_size IS NULL OR avg_practice_size >= 0),
  image_url TEXT,
  website TEXT,
  description TEXT,
  notes TEXT,
  submitter TEXT NOT NULL,
  submitter_ip TEXT NOT NULL,
  submitter_sub TEXT,
  submitter_email TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  created_at TEXT NOT NULL
);
CREATE INDEX club_submissions_status ON club_submissions (status, created_at);
-- The first answer to each (route, Idempotency-Key), replayed to repeats. See http/idempotency.ts.
CREATE TABLE idempotency_keys (
  key TEXT NOT NULL,
  route TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('processing', 'done')),
  response_status INTEGER,
  response_body TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (route, key),
  CHECK (state = 'processing' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
-- Chat-webhook messages waiting for (or done with) delivery. See jobs/webhook.ts.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  delivered_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
