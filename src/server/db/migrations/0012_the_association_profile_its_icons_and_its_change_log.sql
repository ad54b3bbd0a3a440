-- name: the association profile, its icons and its change log

-- The association that runs this copy: its settings as one JSON document (checked by the shared schema before
-- it is written; no row means the defaults of src/shared/association.ts), and a version every change counts up,
-- which the profile's ETag is made from.
CREATE TABLE association (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  settings TEXT NOT NULL CHECK (json_valid(settings)),
  version INTEGER NOT NULL CHECK (version >= 1),
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);

-- The home-screen icons made from the uploaded logo (192 and 512 px, and a maskable 512), as PNG.
CREATE TABLE association_icons (
  name TEXT PRIMARY KEY CHECK (name IN ('icon_192', 'icon_512', 'maskable_512')),
  png BLOB NOT NULL,
  version INTEGER NOT NULL
);

-- Every change of the profile with the settings before and after it, so that a change can be read back and undone
-- exactly. Append-only, like the decisions log: the database refuses to change or delete a row.
CREATE TABLE association_changes (
  id INTEGER PRIMARY KEY,
  changed_at TEXT NOT NULL,
  changed_by TEXT NOT NULL,
  before TEXT NOT NULL CHECK (json_valid(before)),
  after TEXT NOT NULL CHECK (json_valid(after)),
  -- The change this one undid, when it was an undo.
  undoes INTEGER REFERENCES association_changes (id)
);
CREATE TRIGGER association_changes_no_update BEFORE UPDATE ON association_changes
BEGIN SELECT RAISE(ABORT, 'association_changes is append-only'); END;
CREATE TRIGGER association_changes_no_delete BEFORE DELETE ON association_changes
BEGIN SELECT RAISE(ABORT, 'association_changes is append-only'); END;
