import { mulberry32 } from '../../shared/prng.ts';
import { applyResult, classLimit, type Hand, type Method, resultFor } from '../../shared/tournament/index.ts';
import { classesOf, type Association, type Units } from '../../shared/association.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { weightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { touchTournament } from '../tournaments/changes.ts';
import { categoryRow, loadCategory, tournamentRow } from '../tournaments/load.ts';
import { publishCategories } from '../tournaments/publish.ts';
import { saveResult } from '../tournaments/result-rows.ts';
import { headTable } from '../tournaments/match-access.ts';
import { createCategory, createEntry, createTournament, drawCategoryOf } from '../tournaments/store.ts';
import { assignTable } from '../tournaments/tables.ts';
import { DEMO_PROFILES, type DemoAssociation } from './profiles.ts';

/**
 * The demo's tournaments, run through the same domain functions as the head table: one published on the most
 * recent past demo event (Eastport Harvest Open), its matches rated and its podiums medalled; one running today
 * on Friday Night Pulls (some categories finished, some half-way, one not drawn, and one of 64 athletes half-way,
 * the one the bench opens). Their categories are in the association's classes, divisions and unit (the profile
 * stored before them: the demo association's). Deterministic for a given day: athletes, draws and outcomes come from a seeded PRNG,
 * and outcomes favour the stronger athlete (by their average place in the demo's earlier brackets, which needs no
 * ratings yet: the published tournament is rated with everything else, once).
 */

const BY = 'demo';
const SEED = 25;

interface Plan {
  sex: Sex;
  hand: Hand;
  /**
   * Whose class: an entrant's weight in pounds, its class in the profile's list (176 is the pounds' '176' and the
   * kilograms' '80'), or the top class.
   */
  weight: number | 'top';
  division: 'pro' | 'am' | 'masters' | 'novice';
  size: number;
  /** How far to pull it: every match, half of them, or none (not drawn). */
  pulled: 'all' | 'half' | 'none';
  /** Open to every weight (the 64-athlete category): the class's own athletes otherwise. */
  open?: boolean;
  /** The table it is pulled at (the running tournament's, for the table screens and the head table's overview). */
  table?: number;
}

const PUBLISHED: Plan[] = [
  { sex: 'M', hand: 'RH', weight: 176, division: 'am', size: 12, pulled: 'all' },
  { sex: 'M', hand: 'RH', weight: 198, division: 'pro', size: 16, pulled: 'all' },
  { sex: 'M', hand: 'RH', weight: 220, division: 'am', size: 9, pulled: 'all' },
  { sex: 'M', hand: 'RH', weight: 242, division: 'pro', size: 7, pulled: 'all' },
  { sex: 'M', hand: 'RH', weight: 'top', division: 'pro', size: 24, pulled: 'all' },
  { sex: 'M', hand: 'LH', weight: 198, division: 'am', size: 10, pulled: 'all' },
  { sex: 'M', hand: 'LH', weight: 'top', division: 'masters', size: 6, pulled: 'all' },
  { sex: 'F', hand: 'RH', weight: 143, division: 'am', size: 8, pulled: 'all' },
  { sex: 'F', hand: 'RH', weight: 'top', division: 'pro', size: 5, pulled: 'all' },
  { sex: 'F', hand: 'LH', weight: 'top', division: 'novice', size: 6, pulled: 'all' },
];

// At tables 1-4; the category not drawn yet is at none (the head table's overview lists it as unassigned).
const RUNNING: Plan[] = [
  { sex: 'M', hand: 'RH', weight: 'top', division: 'am', size: 64, pulled: 'half', open: true, table: 1 },
  // A lighter woman than the published tournament's: the same pounds class, the kilograms' class below.
  { sex: 'F', hand: 'RH', weight: 130, division: 'am', size: 8, pulled: 'all', table: 2 },
  { sex: 'M', hand: 'LH', weight: 198, division: 'am', size: 6, pulled: 'all', table: 2 },
  { sex: 'M', hand: 'LH', weight: 220, division: 'pro', size: 12, pulled: 'half', table: 3 },
  { sex: 'F', hand: 'LH', weight: 'top', division: 'am', size: 10, pulled: 'half', table: 4 },
  { sex: 'M', hand: 'RH', weight: 198, division: 'novice', size: 7, pulled: 'none' },
];

interface Athlete {
  name: string;
  sex: Sex;
  weight: number;
  /** Lower is stronger: the average place in the demo's brackets on the hand (10 without any). */
  place: Record<Hand, number>;
}

/** The weighed athletes, their weights in the association's unit. */
function roster(db: Db, profile: Association): Athlete[] {
  const rows = db
    .prepare(
      `SELECT a.name, a.sex, a.weight, a.weight_unit,
              AVG(CASE WHEN p.hand = 'RH' THEN p.place END) AS rh, AVG(CASE WHEN p.hand = 'LH' THEN p.place END) AS lh
       FROM athletes a LEFT JOIN placements p ON p.athlete_id = a.id
       WHERE a.weight IS NOT NULL GROUP BY a.id ORDER BY a.id`,
    )
    .all() as { name: string; sex: Sex; weight: number; weight_unit: Units; rh: number | null; lh: number | null }[];
  return rows.map((r) => ({
    name: r.name,
    sex: r.sex,
    weight: weightIn(r.weight, r.weight_unit, profile.units),
    place: { RH: r.rh ?? 10, LH: r.lh ?? 10 },
  }));
}

/** A plan's category in the profile: its class among its division's classes. */
function categoryOf(plan: Plan, profile: Association) {
  const { division } = plan;
  const classes = classesOf(profile.classes, plan.sex, division);
  const weight_class =
    plan.weight === 'top' ? classes.at(-1)! : weightClassFor(weightIn(plan.weight, 'lbs', profile.units), classes);
  return { sex: plan.sex, hand: plan.hand, weight_class, division, classes };
}

/** Enters, weighs in, draws and pulls one category as planned; answers its id. */
function runCategory(
  db: Db,
  tournamentId: number,
  plan: Plan,
  index: number,
  pool: Athlete[],
  used: Set<string>,
  random: () => number,
  profile: Association,
) {
  const { size, pulled, open, table } = plan;
  const { classes, ...category } = categoryOf(plan, profile);
  const limit = classLimit(category.weight_class);
  const fits = (a: Athlete) =>
    a.sex === plan.sex &&
    !used.has(`${plan.hand}:${a.name}`) &&
    (open || weightClassFor(a.weight, classes) === category.weight_class) &&
    (limit === null || a.weight <= limit);
  const chosen = pool.filter(fits).slice(0, size);
  const { id } = createCategory(db, tournamentId, category);
  if (table !== undefined) assignTable(db, tournamentId, id, table);
  for (const [i, a] of chosen.entries()) {
    used.add(`${plan.hand}:${a.name}`);
    // The category not drawn yet is still at its weigh-in: a few have not weighed in.
    const weighed = pulled !== 'none' || i % 3 !== 2;
    createEntry(db, tournamentId, { category_id: id, name: a.name, ...(weighed ? { weight: a.weight } : {}) });
  }
  if (pulled === 'none') return id;
  drawCategoryOf(db, tournamentId, id, {
    method: plan.division === 'pro' ? 'rating' : 'lot',
    seed: Math.floor(random() * 2 ** 32),
  });

  // Pulled with the shared engine in memory and stored at once: the head table's route would load and answer the
  // whole category for every result, which is most of the start-up time for some 400 results.
  const t = tournamentRow(db, tournamentId);
  const c = loadCategory(db, t, categoryRow(db, tournamentId, id));
  const nameOf = new Map(c.entries.map((e) => [e.id, e.name]));
  const strength = new Map(chosen.map((a) => [a.name, a.place[plan.hand]]));
  let state = c.state!;
  const at = new Date();
  for (let n = 0; ; n++) {
    const done = state.matches.filter((m) => m.status === 'done').length;
    if (pulled === 'half' && done >= state.structure.matches.length / 2) break;
    const m = state.matches.find((x) => x.status === 'ready');
    if (!m) break;
    const aStronger = strength.get(nameOf.get(m.a!)!)! <= strength.get(nameOf.get(m.b!)!)!;
    const winner = random() < 0.75 === aStronger ? 'A' : 'B';
    // A no-show opens the first category and a withdrawal the third; now and then a match is lost on fouls.
    const method: Method =
      n === 0 && index === 0 ? 'no_show' : n === 0 && index === 2 ? 'withdrawal' : n % 7 === 5 ? 'fouls' : 'pin';
    const fouls = method === 'fouls' ? { [winner === 'A' ? 'fouls_b' : 'fouls_a']: t.fouls_to_lose } : {};
    const result = resultFor({ winner, method, ...fouls }, m.a!, m.b!);
    const outcome = applyResult(state, m.code, result);
    if (!outcome.ok) throw new Error(`Demo result refused: ${outcome.error.message}`);
    state = outcome.state;
    saveResult(db, c.matchIds.get(m.code)!, result, headTable(BY), at);
  }
  touchTournament(db, tournamentId, id);
  return id;
}

/** A tournament on the latest event of that name, named like it, with a category per plan. */
function runTournament(
  db: Db,
  name: string,
  plans: Plan[],
  pool: Athlete[],
  random: () => number,
  profile: Association,
) {
  const event = db.prepare('SELECT id FROM events WHERE name = ? ORDER BY date DESC LIMIT 1').pluck().get(name) as
    number | undefined;
  if (event === undefined) return null;
  const tournamentId = createTournament(db, { event_id: event, name }, BY);
  const used = new Set<string>();
  const ids = plans.map((plan, index) => runCategory(db, tournamentId, plan, index, pool, used, random, profile));
  return { tournamentId, ids };
}

/**
 * Writes the demo tournaments (after the demo events of the same association, in its profile); publishing the
 * first one rates every result, once.
 */
export function seedDemoTournaments(db: Db, association: DemoAssociation = 'lbs'): { tournaments: number } {
  const demo = DEMO_PROFILES[association];
  return db.transaction(() => {
    const profile = readAssociation(db);
    const random = mulberry32(SEED);
    // One shuffled roster for both tournaments, so their categories draw from all of it.
    const pool = roster(db, profile);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const { past, tonight: today } = demo.catalogue.events;
    const harvest = runTournament(db, past[0]![0], PUBLISHED, pool, random, profile);
    if (harvest) publishCategories(db, harvest.tournamentId, harvest.ids, BY);
    const tonight = runTournament(db, today.name, RUNNING, pool, random, profile);
    return { tournaments: (harvest ? 1 : 0) + (tonight ? 1 : 0) };
  })();
}
