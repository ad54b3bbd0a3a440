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
  published_at: string | null;
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

/**
 * True for a category drawn and not yet published whose class is not one of `s`'s for it (in its unit): it kept the
 * class it was drawn in, which is worth saying while it runs. A published one is the record of its day, in the
 * classes of its day, like every result before it.
 */
export function keepsOlderClass(
  c: Pick<CategoryRow, 'sex' | 'division' | 'weight_class' | 'units' | 'drawn_at' | 'published_at'>,
  s: AssociationSettings,
): boolean {
  if (c.drawn_at === null || c.published_at !== null) return false;
  return c.units !== s.units || !classesOf(s.classes, c.sex, c.division).includes(c.weight_class);
}

const categories = (db: Db) =>
  db
    .prepare(
      `SELECT c.id, c.tournament_id, t.name AS tournament, c.sex, c.hand, c.weight_class, c.division, c.units,
              c.drawn_at, c.published_at, c.table_no
       FROM tournament_categories c JOIN tournaments t ON t.id = c.tournament_id ORDER BY c.id`,
    )
    .all() as CategoryRow[];

/** A category's place in its tournament as the table's UNIQUE has it (no unit): two cannot share one. */
const slot = (c: Pick<CategoryRow, 'tournament_id' | 'sex' | 'hand' | 'division'>, weightClass: string) =>
  `${c.tournament_id} ${c.sex} ${c.hand} ${c.division} ${weightClass}`;

interface Planned {
  row: CategoryRow;
  to: string;
  /** The category it joins: one that keeps the class, or an earlier mover that took it. */
  into: CategoryRow | null;
}

/**
 * What `after` does to the categories: the open ones that move (in id order, so the oldest of two that meet keeps
 * its id), and those that keep their class: the drawn ones whose class `after` lacks, and an open one whose new
 * class a drawn one holds (a drawn bracket takes no more athletes).
 */
function plan(db: Db, after: AssociationSettings): { planned: Planned[]; kept: CategoryRow[] } {
  const rows = categories(db);
  const targets = new Map<number, string>();
  for (const c of rows) {
    if (c.drawn_at !== null) continue;
    const to = classUnder(c, after);
    if (to !== c.weight_class || c.units !== after.units) targets.set(c.id, to);
  }
  // Who holds a class once the change is made: first the categories that stay where they are.
  const holders = new Map<string, CategoryRow>();
  for (const c of rows) if (!targets.has(c.id)) holders.set(slot(c, c.weight_class), c);
  const stuck: CategoryRow[] = [];
  for (const c of rows) {
    const to = targets.get(c.id);
    if (to === undefined || !holders.get(slot(c, to))?.drawn_at) continue;
    targets.delete(c.id);
    stuck.push(c);
  }
  for (const c of stuck) holders.set(slot(c, c.weight_class), c);
  const planned: Planned[] = [];
  for (const c of rows) {
    const to = targets.get(c.id);
    if (to === undefined) continue;
    const holder = holders.get(slot(c, to)) ?? null;
    planned.push({ row: c, to, into: holder });
    if (!holder) holders.set(slot(c, to), c);
  }
  const kept = [...rows.filter((c) => keepsOlderClass(c, after)), ...stuck];
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

/**
 * Puts the entries of one category into another and removes it: an athlete already in `into` is not entered twice
 * (that entry is removed, and answered whole so that it can be put back).
 */
function mergeInto(db: Db, from: number, into: number): { entries: number[]; dropped: EntryRow[] } {
  const entriesOf = db.prepare('SELECT * FROM tournament_entries WHERE category_id = ? ORDER BY id');
  const there = new Set((entriesOf.all(into) as EntryRow[]).map((e) => e.athlete_id));
  const merged: { entries: number[]; dropped: EntryRow[] } = { entries: [], dropped: [] };
  for (const e of entriesOf.all(from) as EntryRow[]) {
    if (there.has(e.athlete_id)) {
      merged.dropped.push(e);
      db.prepare('DELETE FROM tournament_entries WHERE id = ?').run(e.id);
    } else {
      merged.entries.push(e.id);
      db.prepare('UPDATE tournament_entries SET category_id = ? WHERE id = ?').run(into, e.id);
    }
  }
  db.prepare('DELETE FROM tournament_categories WHERE id = ?').run(from);
  return merged;
}

/**
 * Out of the way while the others move: a class no category has, so that two that swap or chain their classes
 * (80 -> 90 while 90 -> 100) never meet the table's UNIQUE half way.
 */
const lift = (db: Db, id: number) =>
  db.prepare("UPDATE tournament_categories SET weight_class = '~' || id WHERE id = ?").run(id);
const setClass = (db: Db, id: number, c: { weight_class: string; units: Units }) =>
  db
    .prepare('UPDATE tournament_categories SET weight_class = ?, units = ? WHERE id = ?')
    .run(c.weight_class, c.units, id);

/** Moves the open categories to `after`'s classes, in the caller's transaction; answers what it did. */
export function moveCategories(db: Db, after: AssociationSettings): CategoryMove[] {
  const { planned } = plan(db, after);
  const moves: CategoryMove[] = planned.map(({ row, to, into }) => ({
    category: row.id,
    tournament: row.tournament_id,
    from: { weight_class: row.weight_class, units: row.units },
    to: { weight_class: to, units: after.units },
    into: into?.id ?? null,
    table: row.table_no,
    entries: [],
    dropped: [],
  }));
  for (const m of moves) if (m.into !== null) Object.assign(m, mergeInto(db, m.category, m.into));
  const moved = moves.filter((m) => m.into === null);
  for (const m of moved) lift(db, m.category);
  for (const m of moved) setClass(db, m.category, m.to);
  return moves;
}

/**
 * Puts back what `moves` did, newest first, in the caller's transaction: a merged category made again (with its id
 * while that is free), its entries and its dropped duplicates back in it; a moved one back in its class. A category
 * drawn since the change is not touched: its bracket was made for the class it has now, and one whose old class a
 * drawn category holds stays where it is. Should a category hold its old class anyway, the entries join that one.
 */
export function restoreCategories(db: Db, moves: readonly CategoryMove[]): void {
  const byId = db.prepare('SELECT * FROM tournament_categories WHERE id = ?');
  const bySlot = db.prepare(
    'SELECT * FROM tournament_categories WHERE tournament_id = ? AND sex = ? AND hand = ? AND weight_class = ? AND division = ?',
  );
  const back = db.prepare('UPDATE tournament_entries SET category_id = ? WHERE id = ? AND category_id = ?');
  const putBack = db.prepare(
    `INSERT OR IGNORE INTO tournament_entries (id, category_id, athlete_id, club, weight, weight_unit, weighed_at)
     VALUES (@id, @category_id, @athlete_id, @club, @weight, @weight_unit, @weighed_at)`,
  );
  const open = (id: number) => {
    const row = byId.get(id) as CategoryRow | undefined;
    return row && row.drawn_at === null ? row : undefined;
  };
  const undoable = moves.filter((m) => open(m.into ?? m.category));
  for (const m of undoable) if (m.into === null) lift(db, m.category);
  for (const m of [...undoable].reverse()) {
    const now = open(m.into ?? m.category)!;
    const holderOf = (weightClass: string) =>
      bySlot.get(m.tournament, now.sex, now.hand, weightClass, now.division) as CategoryRow | undefined;
    const holder = holderOf(m.from.weight_class);
    if (m.into === null) {
      if (!holder) setClass(db, m.category, m.from);
      else if (holder.drawn_at === null) mergeInto(db, m.category, holder.id);
      else {
        // Its old class is a drawn one's now: it stays in the class the change gave it.
        const there = holderOf(m.to.weight_class);
        if (there) mergeInto(db, m.category, there.id);
        else setClass(db, m.category, m.to);
      }
      continue;
    }
    if (holder?.drawn_at) continue;
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
