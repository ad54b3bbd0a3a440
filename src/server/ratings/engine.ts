import type { Hand } from '../../shared/rankings.ts';
import type { Db } from '../db/connection.ts';
import { logDecision } from '../decisions/log.ts';
import { AppRatings } from './app-ratings.ts';
import { MODEL, MODEL_VERSION, type ModelConstants, type Rating } from './model.ts';
import type { Bracket, Match, Unit } from './units.ts';
import { days, ratingKey } from './replay.ts';

/**
 * Turns the stored results into ratings, in one fixed order: by date; on a day,
 * tournament brackets (by event, hand, division, category, class), then the
 * pulled matches of published tournament categories (by tournament, category,
 * play order; each one pin), then supermatches (by id). The same results therefore always give the same
 * numbers to the last digit, whether rated all at once or a day at a time.
 *
 * Results newer than everything rated so far are applied on top of the stored
 * ratings; anything else (a back-dated result, a changed or removed one) makes
 * a full recompute from scratch.
 */

interface RatedThrough {
  placementId: number;
  supermatchId: number;
  /** Absent in states written before tournaments were rated: none were then. */
  tournamentMatchId?: number;
  date: string;
}

/** On one day: brackets, then tournament matches, then supermatches. */
const DAY_ORDER = { bracket: 0, tournament: 1, supermatch: 2 } as const;

const STATE_KEY = 'ratings_rated_through';
const TEMPERATURE_KEY = 'ratings_temperature';
const MODEL_KEY = 'ratings_model';
const VERSION_KEY = 'results_version';

/** The stored results after `after` (all of them for null), in the order they are rated. */
export function loadUnits(db: Db, after: RatedThrough | null): Unit[] {
  const p = after?.placementId ?? 0;
  const s = after?.supermatchId ?? 0;
  const t = after?.tournamentMatchId ?? 0;
  // A published tournament category's places are its medals; its matches are what is rated.
  const rows = db
    .prepare(
      `SELECT e.date, p.event_id, p.hand, p.division, p.category, p.weight_class, p.athlete_id, p.place
       FROM placements p JOIN result_events e ON e.id = p.event_id
       WHERE p.id > ? AND p.tournament_category_id IS NULL
       ORDER BY e.date, p.event_id, p.hand, p.division, p.category, p.weight_class, p.place, p.athlete_id`,
    )
    .all(p) as {
    date: string;
    event_id: number;
    hand: Hand;
    division: string;
    category: string;
    weight_class: string;
    athlete_id: number;
    place: number;
  }[];
  const brackets: Bracket[] = [];
  let key = '';
  for (const r of rows) {
    const k = `${r.event_id}\u0000${r.hand}\u0000${r.division}\u0000${r.category}\u0000${r.weight_class}`;
    if (k !== key) {
      brackets.push({ kind: 'bracket', date: r.date, hand: r.hand, entries: [] });
      key = k;
    }
    brackets.at(-1)!.entries.push({ athleteId: r.athlete_id, place: r.place });
  }
  const matches = (
    db
      .prepare(
        `SELECT date, hand, athlete_a AS a, athlete_b AS b, a_wins AS aWins, b_wins AS bWins, best_of AS bestOf
         FROM supermatch_results WHERE id > ? ORDER BY date, id`,
      )
      .all(s) as Omit<Match, 'kind'>[]
  ).map((m): Match => ({ kind: 'match', ...m }));
  const pulls = (
    db
      .prepare(
        `SELECT date, hand, athlete_a AS a, athlete_b AS b, winner = 'A' AS aWins, winner = 'B' AS bWins, 1 AS bestOf
         FROM tournament_rated_matches WHERE id > ? ORDER BY date, tournament_id, category_id, play_order`,
      )
      .all(t) as Omit<Match, 'kind'>[]
  ).map((m): Match => ({ kind: 'match', ...m }));

  // The three lists are each in date order; a stable sort by (date, the day's order) keeps their own orders.
  const ranked = [
    ...brackets.map((u) => ({ u, rank: DAY_ORDER.bracket })),
    ...pulls.map((u) => ({ u, rank: DAY_ORDER.tournament })),
    ...matches.map((u) => ({ u, rank: DAY_ORDER.supermatch })),
  ];
  ranked.sort((x, y) => (x.u.date < y.u.date ? -1 : x.u.date > y.u.date ? 1 : x.rank - y.rank));
  return ranked.map((r) => r.u);
}

function readState(db: Db): RatedThrough | null {
  const v = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(STATE_KEY) as string | undefined;
  return v ? (JSON.parse(v) as RatedThrough) : null;
}

function currentMaxima(db: Db) {
  return {
    placementId: (db.prepare('SELECT COALESCE(MAX(id), 0) FROM placements').pluck().get() as number) ?? 0,
    supermatchId: (db.prepare('SELECT COALESCE(MAX(id), 0) FROM supermatch_results').pluck().get() as number) ?? 0,
    tournamentMatchId:
      (db.prepare('SELECT COALESCE(MAX(id), 0) FROM tournament_rated_matches').pluck().get() as number) ?? 0,
  };
}

/** An athlete's current rating on a hand; null when not rated on it yet. */
export function storedRating(db: Db, athleteId: number, hand: Hand): Rating | null {
  return (db.prepare('SELECT mu, sigma FROM ratings WHERE athlete_id = ? AND hand = ?').get(athleteId, hand) ??
    null) as Rating | null;
}

/** The change counter the leaderboard caches are keyed by. */
export function resultsVersion(db: Db): number {
  const v = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(VERSION_KEY) as string | undefined;
  return v ? Number(v) : 0;
}

export interface RerateOutcome {
  mode: 'full' | 'incremental' | 'unchanged';
  units: number;
  /** Set when the rating model's constants changed since the ratings were stored: everything was recomputed. */
  modelChanged?: { from: number | null; to: number };
}

/** The rating model's version and constants, as stored beside the ratings they made. */
interface StoredModel {
  version: number;
  constants: ModelConstants;
}

/** The win chance's calibration as the ratings left it (temperature.ts): the head-to-head's chance uses it. */
export function storedTemperature(db: Db): number {
  const v = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(TEMPERATURE_KEY) as string | undefined;
  return v ? Number(v) : 1;
}

function readModel(db: Db): StoredModel | null {
  const v = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(MODEL_KEY) as string | undefined;
  return v ? (JSON.parse(v) as StoredModel) : null;
}

const sameConstants = (a: ModelConstants, b: ModelConstants) =>
  (Object.keys(b) as (keyof ModelConstants)[]).every((k) => a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

/**
 * Brings the ratings up to date with the stored results. `full` forces a
 * recompute from scratch (after results were edited or removed). Ratings made
 * by other constants than the model's (the model was changed and the app
 * updated) are recomputed from scratch, once, and the decision log records it.
 */
export function rerate(db: Db, opts: { full?: boolean; at?: string } = {}): RerateOutcome {
  return db.transaction((): RerateOutcome => {
    const stored = readModel(db);
    const rated = db.prepare('SELECT EXISTS (SELECT 1 FROM ratings)').pluck().get() === 1;
    const modelChanged = rated && (!stored || !sameConstants(stored.constants, MODEL));
    const state = opts.full || modelChanged ? null : readState(db);
    const maxima = currentMaxima(db);
    let mode: RerateOutcome['mode'] = 'full';
    let units: Unit[];
    if (state) {
      units = loadUnits(db, state);
      if (units.length === 0) {
        const unchanged =
          state.placementId === maxima.placementId &&
          state.supermatchId === maxima.supermatchId &&
          (state.tournamentMatchId ?? 0) === maxima.tournamentMatchId;
        if (unchanged) return { mode: 'unchanged', units: 0 };
      } else if (units[0]!.date > state.date) {
        mode = 'incremental';
      }
    }
    const app = new AppRatings(MODEL);
    if (mode === 'full') {
      db.exec('DELETE FROM rating_history; DELETE FROM ratings; DELETE FROM rating_predictions;');
      units = loadUnits(db, null);
    } else {
      for (const r of db.prepare('SELECT athlete_id, hand, mu, sigma FROM ratings').all() as {
        athlete_id: number;
        hand: Hand;
        mu: number;
        sigma: number;
      }[]) {
        app.ratings.set(ratingKey(r.athlete_id, r.hand), { mu: r.mu, sigma: r.sigma });
      }
      for (const p of db.prepare('SELECT raw, a_won FROM rating_predictions ORDER BY id').all() as {
        raw: number;
        a_won: number;
      }[]) {
        app.temperature.add(p.raw, p.a_won === 1);
      }
      app.temperature.refit();
    }
    const lastDate = apply(db, app, units!) ?? state?.date ?? '';
    const put = db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)');
    put.run(STATE_KEY, JSON.stringify({ ...maxima, date: lastDate } satisfies RatedThrough));
    put.run(VERSION_KEY, String(resultsVersion(db) + 1));
    put.run(TEMPERATURE_KEY, String(app.temperature.s));
    put.run(MODEL_KEY, JSON.stringify({ version: MODEL_VERSION, constants: MODEL } satisfies StoredModel));
    if (!modelChanged) return { mode, units: units!.length };
    const change = { from: stored?.version ?? null, to: MODEL_VERSION };
    logDecision(db, {
      subject: 'rating_model',
      subjectId: MODEL_VERSION,
      from: 'pending',
      to: 'in_use',
      by: 'rating engine',
      at: opts.at ?? new Date().toISOString(),
      detail: {
        replaced: stored ?? { version: null, constants: null },
        constants: MODEL,
        recomputed: { results: units!.length, ratings: app.ratings.size },
      },
    });
    return { mode, units: units!.length, modelChanged: change };
  })();
}

/**
 * Rates the units a day at a time (app-ratings.ts), writing each touched rating and the day's predictions at the
 * end of its day. Returns the last date.
 */
function apply(db: Db, app: AppRatings, units: Unit[]): string | undefined {
  const saveHistory = db.prepare(
    'INSERT OR REPLACE INTO rating_history (athlete_id, hand, date, mu, sigma) VALUES (?, ?, ?, ?, ?)',
  );
  const saveCurrent = db.prepare(
    'INSERT OR REPLACE INTO ratings (athlete_id, hand, mu, sigma, last_date) VALUES (?, ?, ?, ?, ?)',
  );
  const savePrediction = db.prepare(
    `INSERT INTO rating_predictions (date, hand, athlete_a, athlete_b, best_of, raw, shown, a_won)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let day: string | undefined;
  for (const units_ of days(units)) {
    day = units_[0]!.date;
    const { predictions, touched } = app.day(units_);
    for (const key of touched) {
      const [id, hand] = key.split(':') as [string, Hand];
      const r = app.ratings.get(key)!;
      saveHistory.run(Number(id), hand, day, r.mu, r.sigma);
      saveCurrent.run(Number(id), hand, r.mu, r.sigma, day);
    }
    for (const { unit: u, raw, shown } of predictions) {
      savePrediction.run(day, u.hand, u.a, u.b, u.bestOf, raw, shown, u.aWins > u.bWins ? 1 : 0);
    }
  }
  return day;
}
