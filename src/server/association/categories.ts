import { classesOf, type AssociationSettings, type Units } from '../../shared/association.ts';
import { categoryName } from '../../shared/tournament/rules.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { convertWeight } from '../../shared/weights.ts';
import type { Db } from '../db/connection.ts';

/**
 * The tournaments' categories when the association changes its classes or its unit. A category not yet drawn is
 * still being set up, so it follows the new rules: its class becomes the new class its old limit falls in ('198 lbs'
 * is 89.8 kg: '90 kg'; an open class stays open: '243+ lbs' becomes '110+ kg'), and two that land in the same class
 * become one (the athletes of both, an athlete entered in both once). A drawn category keeps the class it was drawn
 * in (its bracket was made for it), and the tournament's page says so. Each move is recorded with the change, so
 * that undoing the change puts every category, and every entry, back as it was.
 */

interface CategoryRow {
  id: number;
  tournament_id: number;
  tournament: string;
  sex: Sex;
  hand: 'RH' | 'LH';
  weight_class: string;
  division: string;
  units: Units;
  drawn_at: string | null;
  table_no: number | null;
}

interface EntryRow {
  id: number;
  category_id: number;
  athlete_id: number;
  club: string | null;
  weight: number | null;
  weight_unit: Units | null;
  weighed_at: string | null;
}

/** What one change did to one open category; stored as JSON with the change (migration 16). */
export interface CategoryMove {
  category: number;
  tournament: number;
  from: { weight_class: string; units: Units };
  to: { weight_class: string; units: Units };
  /** Set when another category already had the new class: this one was merged into it and removed. */
  into: number | null;
  /** Its table, to put back with it when it was merged away. */
  table: number | null;
  /** The entries merged into `into`. */
  entries: number[];
  /** Entries of athletes already in `into`: removed with the category, kept here to put back. */
  dropped: EntryRow[];
}

/** The categories a change moves and keeps, named as people read them, for the dry run. */
export interface CategoryPlan {
  moves: { tournament: string; from: string; to: string; merged: boolean }[];
  /** Drawn categories whose class the new profile no longer has: they keep it. */
  kept: { tournament: string; name: string }[];
}

/** The class a category's class becomes under `after`: the one its limit falls in, the open class for an open one. */
function classUnder(c: CategoryRow, after: AssociationSettings): string {
  const classes = classesOf(after.classes, c.sex, c.division);
  if (c.weight_class.endsWith('+')) return classes[classes.length - 1]!;
  // The limit converted once, unrounded, and judged as a weight is: 198 lbs (89.81 kg) is within 90 kg.
  return weightClassFor(convertWeight(Number(c.weight_class), c.units, after.units), classes);
}

/** True when a category's class is not one of `s`'s for it (in its unit): a drawn one then kept an older class. */
export function keepsOlderClass(
  c: Pick<CategoryRow, 'sex' | 'division' | 'weight_class' | 'units'>,
  s: AssociationSettings,
): boolean {
  return c.units !== s.units || !classesOf(s.classes, c.sex, c.division).includes(c.weight_class);
}

const categories = (db: Db) =>
  db
    .prepare(
      `SELECT c.id, c.tournament_id, t.name AS tournament, c.sex, c.hand, c.weight_class, c.division, c.units,
              c.drawn_at, c.table_no
       FROM tournament_categories c JOIN tournaments t ON t.id = c.tournament_id ORDER BY c.id`,
    )
    .all() as CategoryRow[];

const slot = (c: Pick<CategoryRow, 'tournament_id' | 'sex' | 'hand' | 'division'>, weightClass: string, units: Units) =>
  `${c.tournament_id} ${c.sex} ${c.hand} ${c.division} ${weightClass} ${units}`;

interface Planned {
  row: CategoryRow;
  to: string;
  /** The category it joins: an existing one with the class, or an earlier mover that took it. */
  into: CategoryRow | null;
}

/**
 * What `after` does to the categories: the open ones that move (in id order, so the oldest of two that meet keeps
 * its id) and the drawn ones that keep a class `after` lacks. An open category whose new class a drawn one holds
 * stays as it is: a drawn bracket takes no more athletes.
 */
function plan(db: Db, after: AssociationSettings): { planned: Planned[]; kept: CategoryRow[] } {
  const rows = categories(db);
  const taken = new Map<string, CategoryRow>();
  for (const c of rows) taken.set(slot(c, c.weight_class, c.units), c);
  const planned: Planned[] = [];
  for (const c of rows) {
    if (c.drawn_at !== null) continue;
    const to = classUnder(c, after);
    if (to === c.weight_class && c.units === after.units) continue;
    const key = slot(c, to, after.units);
    const holder = taken.get(key);
    if (holder?.drawn_at) continue;
    planned.push({ row: c, to, into: holder ?? null });
    taken.delete(slot(c, c.weight_class, c.units));
    // A category merged away no longer holds a class; one that moved holds its new one.
    if (!holder) taken.set(key, c);
  }
  const kept = rows.filter((c) => c.drawn_at !== null && keepsOlderClass(c, after));
  return { planned, kept };
}

const words = (s: AssociationSettings, units: Units) => ({ units, divisions: s.divisions });

/** The dry run's part for categories: which open ones move (or merge) and which drawn ones keep their class. */
export function planCategories(db: Db, before: AssociationSettings, after: AssociationSettings): CategoryPlan {
  const { planned, kept } = plan(db, after);
  return {
    moves: planned.map(({ row, to, into }) => ({
      tournament: row.tournament,
      from: categoryName(row, words(before, row.units)),
      to: categoryName({ ...row, weight_class: to }, words(after, after.units)),
      merged: into !== null,
    })),
    kept: kept.map((c) => ({ tournament: c.tournament, name: categoryName(c, words(after, c.units)) })),
  };
}

/** Moves the open categories to `after`'s classes, in the caller's transaction; answers what it did. */
export function moveCategories(db: Db, after: AssociationSettings): CategoryMove[] {
  const { planned } = plan(db, after);
  const setClass = db.prepare('UPDATE tournament_categories SET weight_class = ?, units = ? WHERE id = ?');
  const entriesOf = db.prepare('SELECT * FROM tournament_entries WHERE category_id = ? ORDER BY id');
  const moveEntry = db.prepare('UPDATE tournament_entries SET category_id = ? WHERE id = ?');
  const dropEntry = db.prepare('DELETE FROM tournament_entries WHERE id = ?');
  const dropCategory = db.prepare('DELETE FROM tournament_categories WHERE id = ?');
  const moves: CategoryMove[] = [];
  for (const { row, to, into } of planned) {
    const move: CategoryMove = {
      category: row.id,
      tournament: row.tournament_id,
      from: { weight_class: row.weight_class, units: row.units },
      to: { weight_class: to, units: after.units },
      into: into?.id ?? null,
      table: row.table_no,
      entries: [],
      dropped: [],
    };
    if (into) {
      const there = new Set((entriesOf.all(into.id) as EntryRow[]).map((e) => e.athlete_id));
      for (const e of entriesOf.all(row.id) as EntryRow[]) {
        if (there.has(e.athlete_id)) {
          move.dropped.push(e);
          dropEntry.run(e.id);
        } else {
          move.entries.push(e.id);
          moveEntry.run(into.id, e.id);
        }
      }
      dropCategory.run(row.id);
    } else {
      setClass.run(to, after.units, row.id);
    }
    moves.push(move);
  }
  return moves;
}

/**
 * Puts back what `moves` did, newest first, in the caller's transaction: a merged category made again (with its id
 * while that is free), its entries and its dropped duplicates back in it; a moved one back in its class. A category
 * drawn since the change is not touched: its bracket was made for the class it has now. Where a category with the
 * old class was made since, the entries go back into that one.
 */
export function restoreCategories(db: Db, moves: readonly CategoryMove[]): void {
  const byId = db.prepare('SELECT * FROM tournament_categories WHERE id = ?');
  const bySlot = db.prepare(
    'SELECT * FROM tournament_categories WHERE tournament_id = ? AND sex = ? AND hand = ? AND weight_class = ? AND division = ?',
  );
  const setClass = db.prepare('UPDATE tournament_categories SET weight_class = ?, units = ? WHERE id = ?');
  const back = db.prepare('UPDATE tournament_entries SET category_id = ? WHERE id = ? AND category_id = ?');
  const putBack = db.prepare(
    `INSERT OR IGNORE INTO tournament_entries (id, category_id, athlete_id, club, weight, weight_unit, weighed_at)
     VALUES (@id, @category_id, @athlete_id, @club, @weight, @weight_unit, @weighed_at)`,
  );
  for (const m of [...moves].reverse()) {
    const now = byId.get(m.into ?? m.category) as CategoryRow | undefined;
    if (!now || now.drawn_at !== null) continue;
    const holder = bySlot.get(m.tournament, now.sex, now.hand, m.from.weight_class, now.division) as
      CategoryRow | undefined;
    if (holder?.drawn_at) continue;
    if (m.into === null) {
      // Moved, not merged: back in its class, unless a category made since holds it (then its entries join that).
      if (!holder || holder.id === m.category) {
        setClass.run(m.from.weight_class, m.from.units, m.category);
        continue;
      }
      for (const e of db.prepare('SELECT id FROM tournament_entries WHERE category_id = ?').pluck().all(m.category))
        back.run(holder.id, e, m.category);
      continue;
    }
    const id =
      holder?.id ??
      Number(
        db
          .prepare(
            `INSERT INTO tournament_categories (id, tournament_id, sex, hand, weight_class, division, units, table_no)
             VALUES ((SELECT CASE WHEN EXISTS (SELECT 1 FROM tournament_categories WHERE id = ?) THEN NULL ELSE ? END),
                     ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            m.category,
            m.category,
            m.tournament,
            now.sex,
            now.hand,
            m.from.weight_class,
            now.division,
            m.from.units,
            m.table,
          ).lastInsertRowid,
      );
    for (const e of m.entries) back.run(id, e, m.into);
    for (const e of m.dropped) putBack.run({ ...e, category_id: id });
  }
}
