import type { Migration } from './migrate.ts';

/**
 * The schema's history. Append only: never edit a migration that has shipped,
 * add a new one instead.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'roles and identity provider storage',
    up(db) {
      db.exec(`
        CREATE TABLE role_grants (
          kind TEXT NOT NULL CHECK (kind IN ('sub', 'email')),
          principal TEXT NOT NULL,
          role TEXT NOT NULL CHECK (role IN ('admin', 'dev', 'club_leader')),
          granted_at TEXT NOT NULL,
          PRIMARY KEY (kind, principal, role)
        );
        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        CREATE TABLE oidc_models (
          model TEXT NOT NULL,
          id TEXT NOT NULL,
          payload TEXT NOT NULL,
          grant_id TEXT,
          user_code TEXT,
          uid TEXT,
          expires_at INTEGER,
          consumed_at INTEGER,
          PRIMARY KEY (model, id)
        );
        CREATE INDEX oidc_models_grant ON oidc_models (grant_id);
        CREATE INDEX oidc_models_uid ON oidc_models (uid);
        CREATE INDEX oidc_models_expires ON oidc_models (expires_at);
      `);
    },
  },
  {
    version: 2,
    name: 'athletes, results and ratings',
    up(db) {
      db.exec(`
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
      `);
    },
  },
  {
    version: 3,
    name: 'submissions, idempotency keys and webhook deliveries',
    up(db) {
      db.exec(`
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
      `);
    },
  },
  {
    version: 4,
    name: 'name submissions (account claims)',
    up(db) {
      db.exec(`
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
      `);
    },
  },
  {
    version: 5,
    name: 'events, their ordered images and livestream analytics',
    up(db) {
      db.exec(`
        -- Events. Lists (weigh_ins, contacts) are JSON arrays of lines. status NULL means
        -- "missing": the app derives it from pending_details.
        CREATE TABLE events (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
          date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
          estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
          schedule_start TEXT,
          location TEXT,
          venue TEXT,
          host_hotel TEXT,
          weigh_ins TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(weigh_ins)),
          men_classes TEXT,
          women_classes TEXT,
          masters_classes TEXT,
          kids_classes TEXT,
          notes TEXT,
          about TEXT,
          entry_fees TEXT,
          spectator TEXT,
          cash_prizes TEXT,
          awards TEXT,
          benefiting TEXT,
          contacts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(contacts)),
          link TEXT,
          youtube_url TEXT,
          facebook_url TEXT,
          image_url TEXT,
          image_position TEXT NOT NULL DEFAULT 'center' CHECK (image_position IN ('top', 'center')),
          status TEXT CHECK (status IS NULL OR status IN ('draft', 'pending', 'confirmed')),
          pending_details INTEGER NOT NULL DEFAULT 0 CHECK (pending_details IN (0, 1)),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX events_date ON events (date);
        -- An event's pictures in their order (position 0 first).
        CREATE TABLE event_images (
          id INTEGER PRIMARY KEY,
          event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          url TEXT NOT NULL,
          created_at TEXT NOT NULL
        );
        CREATE INDEX event_images_order ON event_images (event_id, position);
        -- Analytics events: livestream popup opens and closes, anonymous (the IP only for unique counts).
        CREATE TABLE event_analytics (
          id INTEGER PRIMARY KEY,
          action TEXT NOT NULL CHECK (action IN ('open', 'close')),
          event_id INTEGER,
          event_name TEXT,
          open_ms INTEGER CHECK (open_ms IS NULL OR open_ms >= 0),
          watch_ms INTEGER CHECK (watch_ms IS NULL OR watch_ms >= 0),
          session_id TEXT NOT NULL,
          ip TEXT,
          created_at TEXT NOT NULL
        );
        CREATE INDEX event_analytics_time ON event_analytics (created_at);
      `);
    },
  },
  {
    version: 6,
    name: 'admin decisions, rated submissions and the inbox',
    up(db) {
      db.exec(`
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
      `);
    },
  },
  {
    version: 7,
    name: 'scheduled supermatch cards and athlete images',
    up(db) {
      db.exec(`
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
      `);
    },
  },
  {
    version: 8,
    name: 'club details, club members and the club edit log',
    up(db) {
      db.exec(`
        -- A club's public fields. Lists (leaders, training) are JSON arrays of text. A NULL number means
        -- 'not given': the API computes it from the results or uses the club default.
        ALTER TABLE clubs ADD COLUMN leaders TEXT NOT NULL DEFAULT '[]'
          CHECK (json_valid(leaders) AND json_type(leaders) = 'array');
        ALTER TABLE clubs ADD COLUMN verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1));
        ALTER TABLE clubs ADD COLUMN image_url TEXT;
        ALTER TABLE clubs ADD COLUMN training TEXT NOT NULL DEFAULT '[]'
          CHECK (json_valid(training) AND json_type(training) = 'array');
        ALTER TABLE clubs ADD COLUMN practice_end TEXT;
        ALTER TABLE clubs ADD COLUMN avg_practice_size INTEGER CHECK (avg_practice_size IS NULL OR avg_practice_size >= 0);
        ALTER TABLE clubs ADD COLUMN description TEXT;
        ALTER TABLE clubs ADD COLUMN members_count INTEGER CHECK (members_count IS NULL OR members_count >= 0);
        ALTER TABLE clubs ADD COLUMN out_of_state INTEGER NOT NULL DEFAULT 0 CHECK (out_of_state IN (0, 1));
        ALTER TABLE clubs ADD COLUMN founded INTEGER CHECK (founded IS NULL OR founded BETWEEN 1900 AND 2100);
        ALTER TABLE clubs ADD COLUMN facebook TEXT;
        ALTER TABLE clubs ADD COLUMN instagram TEXT;
        ALTER TABLE clubs ADD COLUMN medals_this_year INTEGER CHECK (medals_this_year IS NULL OR medals_this_year >= 0);
        ALTER TABLE clubs ADD COLUMN supermatches_hosted INTEGER
          CHECK (supermatches_hosted IS NULL OR supermatches_hosted >= 0);
        ALTER TABLE clubs ADD COLUMN supermatches_upcoming INTEGER
          CHECK (supermatches_upcoming IS NULL OR supermatches_upcoming >= 0);
        -- The club sheet's copy: each club's members by name, in sheet order. A name, not an athlete: the sheet
        -- lists people who train at a club but have no results yet (so no athletes row), and a list of names
        -- is what the sheet holds. athletes.club_id stays the athlete's one club (the badges and the
        -- leaderboards read it); importing a sheet sets it for the names that are athletes.
        CREATE TABLE club_members (
          club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          name TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 120),
          PRIMARY KEY (club_id, name)
        ) WITHOUT ROWID;
        CREATE INDEX club_members_name ON club_members (name);
        -- Every change to a club's public fields: who, when, which club, and each changed field's
        -- value before and after ({"field": {"from": ..., "to": ...}}). Append-only.
        CREATE TABLE club_edits (
          id INTEGER PRIMARY KEY,
          club_id INTEGER NOT NULL REFERENCES clubs (id),
          edited_by TEXT NOT NULL,
          edited_at TEXT NOT NULL,
          changes TEXT NOT NULL CHECK (json_valid(changes))
        );
        CREATE INDEX club_edits_club ON club_edits (club_id, id);
        CREATE TRIGGER club_edits_no_update BEFORE UPDATE ON club_edits
          BEGIN SELECT RAISE(ABORT, 'the club edit log is append-only'); END;
        CREATE TRIGGER club_edits_no_delete BEFORE DELETE ON club_edits
          BEGIN SELECT RAISE(ABORT, 'the club edit log is append-only'); END;
      `);
    },
  },
];
