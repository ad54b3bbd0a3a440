import {
  buildBracket,
  checkWeighIn,
  DEFAULT_SETTINGS,
  drawCategory,
  type DrawMethod,
  MIN_ATHLETES,
  SEX_LABELS,
} from '../../shared/tournament/index.ts';
import type {
  CategoryCreate,
  EntryCreate,
  TournamentCategory,
  TournamentEntry,
} from '../../shared/tournament-contract/category.ts';
import type { TournamentCreate } from '../../shared/tournament-contract/tournament.ts';
import { classesOf, type Units } from '../../shared/association.ts';
import { readAssociation } from '../association/store.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { athleteIdByName } from '../names/known-names.ts';
import { storedRating } from '../ratings/engine.ts';
import { ordinal } from '../ratings/model.ts';
import { touchTournament } from './changes.ts';
import { type CategoryRow, categoryRow, entriesOf, type EntryRow, tournamentRow } from './load.ts';
import { readCategory } from './read.ts';

/**
 * The head table's writes before the pulling starts: a tournament for an event, its categories, the athletes
 * entered, their weigh-ins, and the draw. Each runs in one transaction and moves the tournament's version.
 */

const conflict = (code: string, message: string) => new HttpError(409, code, message);

/**
 * A new tournament of an event; the settings not given are the usual ones, its team points the association's.
 * Answers its id.
 */
export function createTournament(db: Db, input: TournamentCreate, by: string, now = new Date()): number {
  return db.transaction(() => {
    const event = db.prepare('SELECT id FROM events WHERE id = ?').get(input.event_id);
    if (!event)
      throw new HttpError(400, 'invalid_input', 'Choose an event of the events list.', {
        event_id: [`There is no event ${input.event_id}.`],
      });
    return insertRow(db, 'tournaments', {
      event_id: input.event_id,
      name: input.name,
      super_final: input.super_final ?? DEFAULT_SETTINGS.super_final,
      fouls_to_lose: input.fouls_to_lose ?? DEFAULT_SETTINGS.fouls_to_lose,
      call_seconds: input.call_seconds ?? DEFAULT_SETTINGS.call_seconds,
      team_points: JSON.stringify(input.team_points ?? readAssociation(db).team_points),
      created_at: now.toISOString(),
      created_by: by,
    });
  })();
}

/**
 * The association's rules for a new category: its division one the profile lists, its class one of the sex's
 * classes in that division (a division may have classes of its own). Answers the unit it is made in.
 */
function checkCategory(db: Db, input: CategoryCreate): Units {
  const profile = readAssociation(db);
  const fields: Record<string, string[]> = {};
  if (!profile.divisions.some((d) => d.code === input.division)) {
    fields.division = [`Choose one of the association’s divisions (${input.division} is not one).`];
  } else if (!classesOf(profile.classes, input.sex, input.division).includes(input.weight_class)) {
    const classes = classesOf(profile.classes, input.sex, input.division).join(', ');
    fields.weight_class = [`Choose one of the weight classes of that sex and division: ${classes} ${profile.units}.`];
  }
  const [field] = Object.keys(fields);
  if (field) throw new HttpError(400, 'invalid_input', fields[field]![0]!, fields);
  return profile.units;
}

/**
 * A new category of a tournament (one of each sex, hand, class and division), in the association's classes,
 * divisions and unit. It keeps them (stored) when the association changes its own later.
 */
export function createCategory(db: Db, tournamentId: number, input: CategoryCreate): TournamentCategory {
  return db.transaction(() => {
    tournamentRow(db, tournamentId);
    const units = checkCategory(db, input);
    const same = db
      .prepare(
        `SELECT id FROM tournament_categories
         WHERE tournament_id = ? AND sex = ? AND hand = ? AND weight_class = ? AND division = ?`,
      )
      .get(tournamentId, input.sex, input.hand, input.weight_class, input.division);
    if (same) throw conflict('category_exists', 'This tournament has that category already.');
    const id = insertRow(db, 'tournament_categories', { tournament_id: tournamentId, ...input, units });
    touchTournament(db, tournamentId, id);
    return readCategory(db, tournamentId, id);
  })();
}

const entryAnswer = (e: Pick<EntryRow, 'id' | 'name' | 'club' | 'weight'>): TournamentEntry => ({
  id: e.id,
  name: e.name,
  club: e.club,
  weight: e.weight,
});

function refuseAfterDraw(drawnAt: string | null, what: string) {
  if (drawnAt) throw conflict('already_drawn', `This category has been drawn: ${what} is no longer possible.`);
}

/** The weigh-in's verdict as a 400 naming `weight` ('Over the limit: 81.2 kg in 80 kg.'), in the category's unit. */
function checkWeight(category: Pick<CategoryRow, 'weight_class' | 'units'>, weight: number) {
  const problem = checkWeighIn(category.weight_class, weight, category.units);
  if (problem) throw new HttpError(400, 'invalid_input', problem, { weight: [problem] });
}

/**
 * An athlete entered in a category, found by name in any case; a name not in the roster becomes an athlete, which
 * needs `sex`. The club is the one given, else the athlete's own. A weight given is the weigh-in.
 */
export function createEntry(db: Db, tournamentId: number, input: EntryCreate, now = new Date()): TournamentEntry {
  return db.transaction(() => {
    const category = categoryRow(db, tournamentId, input.category_id);
    refuseAfterDraw(category.drawn_at, 'entering an athlete');
    if (input.weight !== undefined) checkWeight(category, input.weight);
    let athleteId = athleteIdByName(db, input.name);
    if (athleteId === null) {
      if (!input.sex) {
        throw new HttpError(400, 'invalid_input', `${input.name} is a new athlete: choose men or women.`, {
          sex: [`${input.name} is a new athlete: choose men or women.`],
        });
      }
      athleteId = insertRow(db, 'athletes', { name: input.name, sex: input.sex });
    }
    const athlete = db
      .prepare(
        'SELECT a.name, a.sex, c.name AS club FROM athletes a LEFT JOIN clubs c ON c.id = a.club_id WHERE a.id = ?',
      )
      .get(athleteId) as { name: string; sex: 'M' | 'F'; club: string | null };
    if (athlete.sex !== category.sex) {
      throw new HttpError(
        400,
        'invalid_input',
        `${athlete.name} is listed with the ${SEX_LABELS[athlete.sex].toLowerCase()}.`,
        {
          name: [
            `${athlete.name} is listed with the ${SEX_LABELS[athlete.sex].toLowerCase()}; this category is ${SEX_LABELS[category.sex].toLowerCase()}’s.`,
          ],
        },
      );
    }
    const entered = db
      .prepare('SELECT id FROM tournament_entries WHERE category_id = ? AND athlete_id = ?')
      .get(category.id, athleteId);
    if (entered) throw conflict('already_entered', `${athlete.name} is entered in this category already.`);
    const club = input.club === undefined ? athlete.club : input.club;
    const id = insertRow(db, 'tournament_entries', {
      category_id: category.id,
      athlete_id: athleteId,
      club,
      weight: input.weight,
      // Weighed in the category's unit (the association's when it was made), and stored with it (migration 15).
      weight_unit: input.weight === undefined ? undefined : category.units,
      weighed_at: input.weight === undefined ? undefined : now.toISOString(),
    });
    touchTournament(db, tournamentId, category.id);
    return entryAnswer({ id, name: athlete.name, club, weight: input.weight ?? null });
  })();
}

function entryRow(db: Db, tournamentId: number, entryId: number) {
  const row = db
    .prepare(
      `SELECT e.category_id FROM tournament_entries e JOIN tournament_categories c ON c.id = e.category_id
       WHERE e.id = ? AND c.tournament_id = ?`,
    )
    .get(entryId, tournamentId) as { category_id: number } | undefined;
  if (!row) throw new HttpError(404, 'not_found', `No entry ${entryId} in tournament ${tournamentId}.`);
  return categoryRow(db, tournamentId, row.category_id);
}

/** A weigh-in (again, before the draw): within the class or 400 on `weight` with the over-the-limit message. */
export function recordWeighIn(
  db: Db,
  tournamentId: number,
  entryId: number,
  weight: number,
  now = new Date(),
): TournamentEntry {
  return db.transaction(() => {
    const category = entryRow(db, tournamentId, entryId);
    refuseAfterDraw(category.drawn_at, 'a weigh-in');
    checkWeight(category, weight);
    db.prepare('UPDATE tournament_entries SET weight = ?, weight_unit = ?, weighed_at = ? WHERE id = ?').run(
      weight,
      category.units,
      now.toISOString(),
      entryId,
    );
    touchTournament(db, tournamentId, category.id);
    return entryAnswer(entriesOf(db, category.id).find((e) => e.id === entryId)!);
  })();
}

/** Takes an athlete out of a category before its draw. */
export function deleteEntry(db: Db, tournamentId: number, entryId: number): void {
  db.transaction(() => {
    const category = entryRow(db, tournamentId, entryId);
    refuseAfterDraw(category.drawn_at, 'taking an athlete out');
    db.prepare('DELETE FROM tournament_entries WHERE id = ?').run(entryId);
    touchTournament(db, tournamentId, category.id);
  })();
}

/**
 * The draw of a category (once): by lot, or by rating (each athlete's current conservative skill on the
 * category's hand); club mates kept apart in the first round. The seed and the slots are stored, and a row per
 * match of the bracket is made (its id is the API's matchId).
 */
export function drawCategoryOf(
  db: Db,
  tournamentId: number,
  categoryId: number,
  input: { method?: DrawMethod | undefined; seed?: number | undefined },
  now = new Date(),
): TournamentCategory {
  return db
    .transaction(() => {
      const t = tournamentRow(db, tournamentId);
      const category = categoryRow(db, tournamentId, categoryId);
      refuseAfterDraw(category.drawn_at, 'drawing it again');
      const entries = entriesOf(db, categoryId);
      const weighed = entries.filter((e) => e.weight !== null);
      if (weighed.length < MIN_ATHLETES) {
        throw conflict(
          'too_few',
          `A category needs at least ${MIN_ATHLETES} athletes who weighed in to be drawn (${weighed.length} did).`,
        );
      }
      const method = input.method ?? 'lot';
      const ratings = new Map<number, number>();
      if (method === 'rating') {
        for (const e of weighed) {
          const r = storedRating(db, e.athlete_id, category.hand);
          if (r) ratings.set(e.id, ordinal(r));
        }
      }
      const draw = drawCategory(entries, {
        method,
        ...(input.seed === undefined ? {} : { seed: input.seed }),
        ratings,
        clubs: new Map(entries.map((e) => [e.id, e.club])),
      });
      db.prepare('UPDATE tournament_categories SET method = ?, seed = ?, slots = ?, drawn_at = ? WHERE id = ?').run(
        draw.method,
        draw.seed,
        JSON.stringify(draw.slots),
        now.toISOString(),
        categoryId,
      );
      const structure = buildBracket(weighed.length, { superFinal: t.super_final === 1 });
      const insert = db.prepare('INSERT INTO tournament_matches (category_id, code) VALUES (?, ?)');
      for (const m of structure.matches) insert.run(categoryId, m.code);
      touchTournament(db, tournamentId, categoryId);
      return readCategory(db, tournamentId, categoryId);
    })
    .immediate();
}
