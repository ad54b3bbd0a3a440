import { DEFAULT_SETTINGS, type Association, type AssociationSettings } from '../../shared/association.ts';
import { associationSettingsSchema } from '../../shared/association-schema.ts';
import type { Db } from '../db/connection.ts';
import { touchTournament } from '../tournaments/changes.ts';
import { moveCategories, restoreCategories, type CategoryMove } from './categories.ts';

/**
 * The association profile in the database (migration 12): one row of settings, or none for the defaults, with a
 * version every change counts up. Every reader goes through `readAssociation`, which parses the row again only when
 * its version moved (a command line tool may have changed it), so a change is seen by the next request with no
 * restart.
 */

interface Row {
  settings: string;
  version: number;
}

const cache = new WeakMap<Db, { key: string; profile: Association }>();

/** The profile as it stands: the stored settings, or the defaults while none were stored. */
export function readAssociation(db: Db): Association {
  const stamp = db.prepare('SELECT version, updated_at FROM association WHERE id = 1').get() as
    { version: number; updated_at: string } | undefined;
  const version = stamp?.version ?? 0;
  const iconsVersion = (db.prepare('SELECT MAX(version) FROM association_icons').pluck().get() as number | null) ?? 0;
  // The time of the change too: a database put in place by the developer tools may have reached the same version
  // number with other settings.
  const key = `${version}:${stamp?.updated_at ?? ''}:${iconsVersion}`;
  const cached = cache.get(db);
  if (cached?.key === key) return cached.profile;
  const row = db.prepare('SELECT settings, version FROM association WHERE id = 1').get() as Row | undefined;
  // A stored profile was checked when written; parsed again so a row from an older schema gets today's defaults.
  const settings = row
    ? associationSettingsSchema.parse({ ...DEFAULT_SETTINGS, ...JSON.parse(row.settings) })
    : DEFAULT_SETTINGS;
  const profile: Association = {
    ...settings,
    version,
    logo: iconsVersion ? iconPaths(iconsVersion) : null,
  };
  cache.set(db, { key, profile });
  return profile;
}

/** Where the icons are served: the version in the address, so an installed app fetches a new logo's icons anew. */
function iconPaths(v: number): NonNullable<Association['logo']> {
  return {
    icon_192: `/api/v1/association/icons/icon_192.png?v=${v}`,
    icon_512: `/api/v1/association/icons/icon_512.png?v=${v}`,
    maskable_512: `/api/v1/association/icons/maskable_512.png?v=${v}`,
  };
}

/** Only the settings, as stored and as a change's before and after. */
export function settingsOf(a: Association): AssociationSettings {
  const { version: _v, logo: _l, ...settings } = a;
  return settings;
}

/**
 * Writes the whole settings (already checked) as the next version and logs the change with before and after. The
 * open categories follow the new classes (categories.ts) and the change records what they did; an undo (`undoes`)
 * first puts back what the undone change moved. Runs in the caller's transaction when there is one, so that what
 * moves with the profile moves with it or not at all.
 */
export function writeSettings(
  db: Db,
  next: AssociationSettings,
  by: string,
  { at = new Date().toISOString(), undoes = null }: { at?: string; undoes?: number | null } = {},
): { change: number; profile: Association } {
  const write = db.transaction(() => {
    const before = settingsOf(readAssociation(db));
    const version =
      (db.prepare('SELECT version FROM association WHERE id = 1').pluck().get() as number | undefined) ?? 0;
    // An undo first puts back exactly what the undone change moved; then whatever is still open follows `next`
    // (categories made since, or a redo's).
    if (undoes !== null) restoreCategories(db, movesOf(db, undoes));
    const moves = moveCategories(db, next);
    db.prepare(
      `INSERT INTO association (id, settings, version, updated_at, updated_by) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, version = excluded.version,
         updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run(JSON.stringify(next), version + 1, at, by);
    const change = db
      .prepare(
        `INSERT INTO association_changes (changed_at, changed_by, before, after, undoes, categories)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        at,
        by,
        JSON.stringify(before),
        JSON.stringify(next),
        undoes,
        moves.length ? JSON.stringify(moves) : null,
      ).lastInsertRowid;
    // Every tournament's page names its categories by the profile (divisions' labels, a drawn category's older
    // class): its cached answer is made again.
    for (const id of db.prepare('SELECT id FROM tournaments').pluck().all() as number[]) touchTournament(db, id);
    return Number(change);
  });
  const change = write();
  return { change, profile: readAssociation(db) };
}

/** The categories a logged change moved (none before migration 16 recorded them). */
function movesOf(db: Db, change: number): CategoryMove[] {
  const json = db.prepare('SELECT categories FROM association_changes WHERE id = ?').pluck().get(change) as
    string | null | undefined;
  return json ? (JSON.parse(json) as CategoryMove[]) : [];
}

/**
 * The profile a new database starts with instead of the defaults (the kilogram demo's, DEMO_ASSOCIATION=kg):
 * checked whole like any change and stored as version 1, but not logged, since nobody changed anything; an admin's
 * first change is the log's first, and its undo comes back to this. Only while no profile is stored.
 */
export function writeInitialSettings(
  db: Db,
  settings: AssociationSettings,
  by: string,
  at = new Date().toISOString(),
): Association {
  const checked = associationSettingsSchema.parse(settings);
  const written = db
    .prepare(
      `INSERT INTO association (id, settings, version, updated_at, updated_by) VALUES (1, ?, 1, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    )
    .run(JSON.stringify(checked), at, by);
  if (written.changes === 0) throw new Error('The association profile is stored already: it is not written again.');
  return readAssociation(db);
}
