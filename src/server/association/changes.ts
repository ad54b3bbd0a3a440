import { DEFAULT_SETTINGS, type Association, type AssociationSettings } from '../../shared/association.ts';
import type { AssociationChange } from '../../shared/association-api.ts';
import {
  associationSettingsSchema,
  type AssociationPatch,
  type AssociationPreview,
} from '../../shared/association-schema.ts';
import type { Db } from '../db/connection.ts';
import { fieldErrors, HttpError } from '../http/errors.ts';
import { previewChange } from './preview.ts';
import { readAssociation, settingsOf, writeSettings } from './store.ts';

/**
 * Changing the association profile: an admin's partial change merged into the whole and checked as a whole, its
 * dry run, the change log, and undo. Every change goes through store.ts's writeSettings, which logs the settings
 * before and after it, so that any change can be read back and undone exactly.
 */

/** The settings with the fields a change names replaced, checked as a whole (400 naming each bad field). */
export function mergeChange(current: AssociationSettings, change: Omit<AssociationPatch, 'dry_run'>) {
  const merged = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  const checked = associationSettingsSchema.safeParse(merged);
  if (!checked.success) {
    throw new HttpError(400, 'invalid_input', 'The association profile is not valid.', fieldErrors(checked.error));
  }
  return checked.data as AssociationSettings;
}

/** Two settings are the same when their JSON is, whatever order their keys came in. */
export const sameSettings = (a: AssociationSettings, b: AssociationSettings) => canonical(a) === canonical(b);
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/**
 * An admin's change: with `dry_run`, what it would do and nothing changed; otherwise made in one transaction and
 * answered with the new profile. A change that changes nothing writes nothing (no new version, no log row).
 */
export function changeAssociation(db: Db, patch: AssociationPatch, by: string): AssociationPreview | Association {
  const { dry_run, ...change } = patch;
  return db.transaction(() => {
    const before = settingsOf(readAssociation(db));
    const after = mergeChange(before, change);
    if (dry_run) return previewChange(db, before, after);
    if (sameSettings(before, after)) return readAssociation(db);
    return writeSettings(db, after, by).profile;
  })();
}

interface ChangeRow {
  id: number;
  changed_at: string;
  changed_by: string;
  before: string;
  after: string;
  undoes: number | null;
  categories: string | null;
}

/** A logged profile read back, with what a later version of the settings added filled in from the defaults. */
const settingsFrom = (json: string) =>
  associationSettingsSchema.parse({ ...DEFAULT_SETTINGS, ...(JSON.parse(json) as object) });

/** The categories a change moved are its own record, for undo (store.ts), not part of the log's answer. */
const changeOf = ({ categories: _moved, ...r }: ChangeRow): AssociationChange => ({
  ...r,
  before: settingsFrom(r.before),
  after: settingsFrom(r.after),
});

/** The change log, newest first. */
export function listChanges(db: Db): AssociationChange[] {
  const rows = db.prepare('SELECT * FROM association_changes ORDER BY id DESC').all() as ChangeRow[];
  return rows.map(changeOf);
}

/**
 * Puts back the settings a change replaced, exactly, as a new change that says which one it undoes. Only the
 * latest change can be undone, and only while the profile is still what it made: undoing an older one would throw
 * away what came after it without a word (409 naming the later change). An undo is a change too, so undoing it
 * brings its change back.
 */
export function undoChange(db: Db, id: number, by: string): Association {
  return db.transaction(() => {
    const row = db.prepare('SELECT * FROM association_changes WHERE id = ?').get(id) as ChangeRow | undefined;
    if (!row) throw new HttpError(404, 'not_found', `No change ${id} of the association profile.`);
    const later = db.prepare('SELECT * FROM association_changes WHERE id > ? ORDER BY id DESC LIMIT 1').get(id) as
      ChangeRow | undefined;
    if (later) {
      throw new HttpError(
        409,
        'changed_since',
        `The profile changed after change ${id}: change ${later.id} (${later.changed_at}, ${later.changed_by}) ` +
          'came later. Undo the later changes first, newest first.',
      );
    }
    const change = changeOf(row);
    if (!sameSettings(settingsOf(readAssociation(db)), change.after)) {
      throw new HttpError(
        409,
        'changed_since',
        `The profile is no longer what change ${id} made (it was replaced outside the change log), so it is not undone.`,
      );
    }
    return writeSettings(db, change.before, by, { undoes: id }).profile;
  })();
}
