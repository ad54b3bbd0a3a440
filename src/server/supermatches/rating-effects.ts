import type { Hand } from '../../shared/rankings.ts';
import type { NewAthlete } from '../../shared/supermatch-review.ts';
import type { RatingEffects, SkillChange } from '../../shared/answers/review.ts';
import { readAssociation } from '../association/store.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { athleteIdByName } from '../names/known-names.ts';
import { storedRating } from '../ratings/engine.ts';
import { freshRating, skillOf } from '../ratings/model.ts';

/**
 * What a new rated supermatch result needs, wherever it comes from (an
 * admin approving a submission, or recording a scheduled card's wins): the
 * two athletes (new names become athletes once the admin has said who they
 * are) and what the result did to their two skills.
 */

export type Pair<T> = { a: T; b: T };

/** The skill shown on the leaderboards for this athlete and hand; null when not rated on it. */
function skillNow(db: Db, athleteId: number | null, hand: Hand): number | null {
  if (athleteId === null) return null;
  const r = storedRating(db, athleteId, hand);
  return r ? skillOf(r) : null;
}

/** A newcomer's skill: the base a first rating's delta is counted from. */
const NEWCOMER_SKILL = skillOf(freshRating());

function change(name: string, before: number | null, after: number | null): SkillChange {
  const delta = (after ?? NEWCOMER_SKILL) - (before ?? NEWCOMER_SKILL);
  return { name, before, after, delta: Math.round(delta * 100) / 100 };
}

/** Creates the athlete a new name stands for, in the named club (created when unknown). */
function createAthlete(db: Db, name: string, who: NewAthlete): number {
  let clubId: number | null = null;
  if (who.club) {
    db.prepare('INSERT OR IGNORE INTO clubs (name) VALUES (?)').run(who.club);
    clubId = db.prepare('SELECT id FROM clubs WHERE name = ? COLLATE NOCASE').pluck().get(who.club) as number;
  }
  return insertRow(db, 'athletes', {
    name,
    sex: who.sex,
    // The review form asks in the association's unit: stored as given, with that unit (migration 15).
    weight: who.weight,
    weight_unit: who.weight === undefined ? undefined : readAssociation(db).units,
    weighed_on: who.weight === undefined ? undefined : new Date().toISOString().slice(0, 10),
    club_id: clubId,
  });
}

/**
 * The athletes two names stand for. A name that matches nobody becomes a new
 * athlete as `who` describes it; when `who` does not, nothing is created and
 * the answer is 422 naming the missing fields (athletes.a.sex, athletes.b.sex)
 * and what the admin was doing.
 */
export function athletesFor(
  db: Db,
  names: Pair<string>,
  who: Partial<Pair<NewAthlete | undefined>> | undefined,
  before: 'approving' | 'recording the wins',
): Pair<number> {
  const ids = { a: athleteIdByName(db, names.a), b: athleteIdByName(db, names.b) };
  const missing: Record<string, string[]> = {};
  for (const side of ['a', 'b'] as const) {
    if (ids[side] === null && !who?.[side]) {
      missing[`athletes.${side}.sex`] = [`${names[side]} is a new athlete: choose men or women.`];
    }
  }
  if (Object.keys(missing).length) {
    throw new HttpError(422, 'new_athlete', `Say who the new athletes are before ${before}.`, missing);
  }
  return { a: ids.a ?? createAthlete(db, names.a, who!.a!), b: ids.b ?? createAthlete(db, names.b, who!.b!) };
}

/**
 * Runs `act` (which adds, changes or removes results and rerates) and says
 * what it did to the two skills on `hand`. `act` may answer an error to
 * report, e.g. why it left the ratings alone.
 */
export function measureEffects(
  db: Db,
  hand: Hand,
  names: Pair<string>,
  ids: Pair<number | null>,
  act: () => string | null | void,
): RatingEffects {
  const skills = () => ({ a: skillNow(db, ids.a, hand), b: skillNow(db, ids.b, hand) });
  const before = skills();
  const error = act() ?? null;
  const after = skills();
  return {
    applied: after.a !== before.a || after.b !== before.b,
    hand,
    a: change(names.a, before.a, after.a),
    b: change(names.b, before.b, after.b),
    error,
  };
}
