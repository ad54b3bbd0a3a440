-- name: events, their ordered images and livestream analytics

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
