import { isPulled } from '../../shared/tournament/index.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import { readAssociation } from '../association/store.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { logDecision } from '../decisions/log.ts';
import { HttpError } from '../http/errors.ts';
import { storedRail } from '../rankings/medals.ts';
import { rerate } from '../ratings/engine.ts';
import { categoryRow, type LoadedCategory, loadCategory, type TournamentRow, tournamentRow } from './load.ts';
import { touchTournament } from './changes.ts';
import { categoryAnswer } from './read.ts';

/**
 * Publishing a finished category puts it into the product: its pulled matches (pin or fouls; not byes, no-shows,
 * withdrawals, disqualifications or matches decided automatically) become rated one-pin results on the
 * category's hand and the tournament's date, in play order; its places become placements under the tournament's
 * results event, so places 1-3 are medals (on the rail its division's `medals` setting names: tournament or
 * amateur) and every athlete's results list shows the place and the matches. Unpublishing removes exactly those rows and
 * recomputes the ratings from scratch, so they are what they would be had it never been published (as denying an
 * approved supermatch does). Both are atomic, idempotent and in the decision log.
 */

/** The short name medals carry: the initials of the tournament's words ('Eastport Harvest Open' -> 'EHO'). */
export const shortNameOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .map((w) => (/^\d+$/.test(w) ? w : w[0]!.toUpperCase()))
    .join('')
    .slice(0, 12) || name.slice(0, 12);

/** The tournament's results event (made at its first publish; an existing one of the same name and day is used). */
function resultEventOf(db: Db, t: TournamentRow): number {
  if (t.result_event_id !== null) return t.result_event_id;
  const date = db.prepare('SELECT date FROM events WHERE id = ?').pluck().get(t.event_id) as string;
  const existing = db.prepare('SELECT id FROM result_events WHERE name = ? AND date = ?').pluck().get(t.name, date) as
    number | undefined;
  const id =
    existing ??
    insertRow(db, 'result_events', { kind: 'tournament', name: t.name, short_name: shortNameOf(t.name), date });
  db.prepare('UPDATE tournaments SET result_event_id = ? WHERE id = ?').run(id, t.id);
  return id;
}

function insertPublished(db: Db, t: TournamentRow, c: LoadedCategory, eventId: number) {
  const state = c.state!;
  const date = db.prepare('SELECT date FROM events WHERE id = ?').pluck().get(t.event_id) as string;
  const athleteOf = new Map(c.entries.map((e) => [e.id, e.athlete_id]));
  const rated = db.prepare(
    `INSERT INTO tournament_rated_matches
       (match_id, category_id, tournament_id, play_order, date, hand, athlete_a, athlete_b, winner)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of state.matches) {
    if (m.status !== 'done' || m.auto || !m.result || !isPulled(m.result.method)) continue;
    rated.run(
      c.matchIds.get(m.code)!,
      c.row.id,
      t.id,
      m.spec.order,
      date,
      c.row.hand,
      athleteOf.get(m.a!)!,
      athleteOf.get(m.b!)!,
      m.winner,
    );
  }
  const placement = db.prepare(
    `INSERT INTO placements (event_id, athlete_id, hand, sex, division, category, weight_class, place,
       tournament_category_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of state.places) {
    placement.run(
      eventId,
      athleteOf.get(p.entry)!,
      c.row.hand,
      c.row.sex,
      storedRail(readAssociation(db), c.row.division),
      c.name,
      c.row.weight_class,
      p.place,
      c.row.id,
    );
  }
}

function load(db: Db, tournamentId: number, categoryId: number) {
  const t = tournamentRow(db, tournamentId);
  return { t, c: loadCategory(db, t, categoryRow(db, tournamentId, categoryId)) };
}

/** Publishes a finished category (publishing it again changes nothing). */
export function publishCategory(
  db: Db,
  tournamentId: number,
  categoryId: number,
  by: string,
  now = new Date(),
): TournamentCategory {
  return publishCategories(db, tournamentId, [categoryId], by, now)[0]!;
}

/**
 * Publishes finished categories of one tournament together: one transaction, the ratings recomputed once (the
 * demo publishes a whole tournament this way). Those published already stay as they are.
 */
export function publishCategories(
  db: Db,
  tournamentId: number,
  categoryIds: readonly number[],
  by: string,
  now = new Date(),
): TournamentCategory[] {
  return db
    .transaction(() => {
      const loaded = categoryIds.map((id) => load(db, tournamentId, id));
      if (loaded.some(({ c }) => !c.row.published_at && !c.state?.finished)) {
        throw new HttpError(409, 'not_finished', 'Only a finished category can be published: pull every match first.');
      }
      const fresh = loaded.filter(({ c }) => !c.row.published_at);
      if (fresh.length > 0) {
        const at = now.toISOString();
        for (const { c } of fresh) {
          insertPublished(db, tournamentRow(db, tournamentId), c, resultEventOf(db, tournamentRow(db, tournamentId)));
          db.prepare('UPDATE tournament_categories SET published_at = ?, published_by = ? WHERE id = ?').run(
            at,
            by,
            c.row.id,
          );
          logDecision(db, {
            subject: 'tournament_category',
            subjectId: c.row.id,
            from: 'finished',
            to: 'published',
            by,
            at,
          });
        }
        // Incremental when the tournament is newer than every rated result, else a full recompute (the engine decides).
        rerate(db);
        touchTournament(db, tournamentId, categoryIds.length === 1 ? categoryIds[0]! : null);
      }
      return categoryIds.map((id) => categoryAnswer(load(db, tournamentId, id).c));
    })
    .immediate();
}

/** Takes a published category out of the ratings, medals and results lists again (unpublished: nothing changes). */
export function unpublishCategory(
  db: Db,
  tournamentId: number,
  categoryId: number,
  by: string,
  now = new Date(),
): TournamentCategory {
  return db
    .transaction(() => {
      const { t, c } = load(db, tournamentId, categoryId);
      if (!c.row.published_at) return categoryAnswer(c);
      takeOut(db, t, categoryId, by, now);
      rerate(db, { full: true });
      touchTournament(db, tournamentId, categoryId);
      return categoryAnswer(loadCategory(db, t, categoryRow(db, tournamentId, categoryId)));
    })
    .immediate();
}

/** A published category's rated matches and places taken back, and the category no longer published (logged). */
function takeOut(db: Db, t: TournamentRow, categoryId: number, by: string, now: Date) {
  takeBackRows(db, categoryId);
  db.prepare('UPDATE tournament_categories SET published_at = NULL, published_by = NULL WHERE id = ?').run(categoryId);
  forgetEmptyResultEvent(db, t);
  logDecision(db, {
    subject: 'tournament_category',
    subjectId: categoryId,
    from: 'published',
    to: 'finished',
    by,
    at: now.toISOString(),
  });
}

function takeBackRows(db: Db, categoryId: number) {
  db.prepare('DELETE FROM tournament_rated_matches WHERE category_id = ?').run(categoryId);
  db.prepare('DELETE FROM placements WHERE tournament_category_id = ?').run(categoryId);
}

/**
 * After a correction of a published category's results (inside its transaction): its rated matches and places
 * are taken back and put back from the results now, and the ratings recomputed from scratch, exactly as an
 * unpublish and a publish would make them. A correction that reset matches leaves the category unfinished: it is
 * then taken out of publication (logged, as an unpublish), to be published again once pulled to the end.
 * Answers whether it is still published.
 */
export function republishCorrected(db: Db, tournamentId: number, categoryId: number, by: string, now: Date): boolean {
  const { t, c } = load(db, tournamentId, categoryId);
  if (!c.row.published_at) return false;
  if (c.state?.finished) {
    takeBackRows(db, categoryId);
    insertPublished(db, t, c, resultEventOf(db, t));
  } else {
    takeOut(db, t, categoryId, by, now);
  }
  rerate(db, { full: true });
  return c.state?.finished ?? false;
}

/** The results event made for the tournament goes again once nothing is published under it. */
function forgetEmptyResultEvent(db: Db, t: TournamentRow) {
  const id = t.result_event_id;
  if (id === null) return;
  const used =
    db.prepare('SELECT 1 FROM placements WHERE event_id = ? LIMIT 1').get(id) ??
    db.prepare('SELECT 1 FROM supermatch_results WHERE event_id = ? LIMIT 1').get(id);
  if (used) return;
  db.prepare('UPDATE tournaments SET result_event_id = NULL WHERE id = ?').run(t.id);
  db.prepare('DELETE FROM result_events WHERE id = ?').run(id);
}
