import type { Db } from '../db/connection.ts';
import { rerate } from '../ratings/engine.ts';
import { fillDemoClubs } from './clubs.ts';
import { Rng } from './rng.ts';
import type { Hand } from '../../shared/rankings.ts';
import { isCalendarDate } from '../../shared/field-rules.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import type { AssociationSettings } from '../../shared/association.ts';
import { MONTH_NAMES, type DemoCatalogue } from './catalogue.ts';
import { DEMO_PROFILES, type DemoAssociation, type DemoProfile } from './profiles.ts';

/**
 * A believable, fully deterministic league history for demos and benchmarks:
 * invented athletes with hidden per-hand strengths that drift over time,
 * monthly tournaments whose brackets are ordered by strength plus noise, and
 * supermatches drawn from the same strengths. Everything comes from seeded
 * PRNG streams (never Math.random or the clock, except the default end date),
 * so the same options always write the same rows and, through the rating
 * engine, the same ratings. Each concern draws from its own stream, so e.g.
 * the names do not change when only `years` does. The classes, divisions and
 * unit are the demo association's profile's (profiles.ts), so the same model
 * makes a league in pounds or in kilograms.
 */

export interface DemoOptions {
  seed?: number;
  athletes?: number;
  /** YYYY-MM-DD, default today (UTC). The last tournament is on or before it. */
  end?: string;
  /** Default 3. */
  years?: number;
  /** Whose league: the pounds state association's (default) or the kilogram federation's. */
  association?: DemoAssociation;
}

export interface DemoSummary {
  athletes: number;
  clubs: number;
  tournaments: number;
  placements: number;
  supermatches: number;
}

export const DEMO_DEFAULTS = { seed: 1, athletes: 450, years: 3 } as const;
export const DEMO_LIMITS = { minAthletes: 20, maxAthletes: 20_000, maxYears: 20 } as const;

/** The people behind the embedded provider's demo accounts: always present, with results in both hands. */
export const DEMO_PEOPLE: readonly { name: string; sex: Sex; clubLeader?: boolean }[] = [
  { name: 'Jordan Reyes', sex: 'M' },
  { name: 'Casey Morrow', sex: 'F' },
  { name: 'Riley Okafor', sex: 'M', clubLeader: true },
  { name: 'Morgan Vance', sex: 'F' },
  { name: 'Sam Lindqvist', sex: 'M' },
];

/** True when the database holds any athlete (so it is not a candidate for demo data). */
export function hasResults(db: Db): boolean {
  return db.prepare('SELECT EXISTS (SELECT 1 FROM athletes)').pluck().get() === 1;
}

/** Writes the demo state into an empty database in one transaction, then rates it. */
export function seedDemoState(db: Db, opts: DemoOptions = {}): DemoSummary {
  const summary = writeDemoResults(db, opts);
  rerate(db);
  return summary;
}

/**
 * The writing half of `seedDemoState`, without rating: for callers that time
 * the two apart (the demo CLI). Call `rerate(db)` afterwards.
 */
export function writeDemoResults(db: Db, opts: DemoOptions = {}): DemoSummary {
  const o = resolveOptions(opts);
  return db.transaction(() => {
    assertEmpty(db);
    return write(db, o);
  })();
}

// ---------------------------------------------------------------------------
// Options and dates

interface Resolved {
  seed: number;
  athletes: number;
  end: string;
  months: number;
  demo: DemoProfile;
}

function resolveOptions(opts: DemoOptions): Resolved {
  const seed = opts.seed ?? DEMO_DEFAULTS.seed;
  const athletes = opts.athletes ?? DEMO_DEFAULTS.athletes;
  const years = opts.years ?? DEMO_DEFAULTS.years;
  const end = opts.end ?? new Date().toISOString().slice(0, 10);
  if (!Number.isSafeInteger(seed)) throw new Error(`Demo seed must be an integer, got ${seed}.`);
  if (!Number.isInteger(athletes) || athletes < DEMO_LIMITS.minAthletes || athletes > DEMO_LIMITS.maxAthletes) {
    throw new Error(
      `Demo athletes must be an integer from ${DEMO_LIMITS.minAthletes} to ${DEMO_LIMITS.maxAthletes}, got ${athletes}.`,
    );
  }
  if (!(years > 0 && years <= DEMO_LIMITS.maxYears)) {
    throw new Error(`Demo years must be above 0 and at most ${DEMO_LIMITS.maxYears}, got ${years}.`);
  }
  if (!isIsoDate(end)) throw new Error(`Demo end must be a real date as YYYY-MM-DD, got '${end}'.`);
  const demo = DEMO_PROFILES[opts.association ?? 'lbs'];
  return { seed, athletes, end, months: Math.max(1, Math.round(years * 12)), demo };
}

/** A real calendar date as YYYY-MM-DD (the rule every date field follows). */
export const isIsoDate = isCalendarDate;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m0: number, d: number) => `${y}-${pad(m0 + 1)}-${pad(d)}`;
const daysIn = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();
/** Day of the month of its nth Saturday (n from 1). */
function nthSaturday(y: number, m0: number, n: number): number {
  const weekday = new Date(Date.UTC(y, m0, 1)).getUTCDay();
  return 1 + ((6 - weekday + 7) % 7) + 7 * (n - 1);
}

interface Month {
  year: number;
  m0: number;
  /** Second Saturday: the month's tournament. */
  tournament: string;
  /** Fourth Saturday, if not after `end`: the day of a supermatch card. */
  cardDay: string | null;
  /** Last day standalone supermatches may fall on (the month's end, or `end`). */
  lastDay: number;
}

function calendar(end: string, count: number): Month[] {
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  let year = ey;
  let m0 = em - 1;
  if (nthSaturday(year, m0, 2) > ed) [year, m0] = m0 === 0 ? [year - 1, 11] : [year, m0 - 1];
  const out: Month[] = [];
  for (let i = 0; i < count; i++) {
    const tournament = iso(year, m0, nthSaturday(year, m0, 2));
    const card = iso(year, m0, nthSaturday(year, m0, 4));
    const isEndMonth = year === ey && m0 === em - 1;
    out.unshift({
      year,
      m0,
      tournament,
      cardDay: card <= end ? card : null,
      lastDay: isEndMonth ? ed : daysIn(year, m0),
    });
    [year, m0] = m0 === 0 ? [year - 1, 11] : [year, m0 - 1];
  }
  return out;
}

// ---------------------------------------------------------------------------
// Seeded randomness

/** A concern's own stream: the seed and the stream's number mixed, so neighbouring seeds give unrelated sequences. */
function streamOf(seed: number, stream: number): Rng {
  let h = Math.imul((seed | 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return new Rng(h ^ (h >>> 16));
}

const STREAM = { names: 1, people: 2, clubs: 3, attendance: 4, brackets: 5, supermatches: 6, order: 7 } as const;

// ---------------------------------------------------------------------------
// The hidden model

/**
 * Bounds around each class, in the profile's unit, for drawing weights inside it: the plausible lightest, the
 * closed classes' limits, the plausible heaviest.
 */
function weightBounds(demo: DemoProfile, sex: Sex): number[] {
  const [lightest, heaviest] = demo.weights.extremes[sex];
  return [lightest, ...demo.settings.classes[sex].slice(0, -1).map(Number), heaviest];
}

/**
 * Masters brackets are thinner: in the classes the profile gives the masters division, or else in neighbouring
 * classes combined in pairs from the top; a bracket is labelled by its upper class, the weight limit every entrant
 * is under.
 */
export function mastersClasses(settings: AssociationSettings, sex: Sex): readonly string[] {
  const own = settings.classes.by_division?.masters?.[sex];
  if (own) return own;
  const all = settings.classes[sex];
  return all.filter((_, i) => (all.length - 1 - i) % 2 === 0);
}
const MASTERS_CATEGORY = 'Masters 40+';
const OPEN_CATEGORY = 'Open';
/** Average strength (both hands, latent units) above which an athlete turns pro; once pro, always pro. */
const PRO_CUT = 0.35;

interface Person {
  name: string;
  sex: Sex;
  classIndex: number;
  /** The strength the class adds: heavier pulls harder. */
  classBoost: number;
  weight: number | null;
  masters: boolean;
  base: Record<Hand, number>;
  /** Latent strength gained per year since debut (negative: slowly declining). */
  growth: number;
  /** Month index of the first possible tournament, and the first month after retiring. */
  debut: number;
  retire: number;
  attendance: number;
  demo: boolean;
  attended: number[];
  pro: boolean;
  club: number | null;
  leader: boolean;
  open: boolean;
  id: number;
}

const strength = (p: Person, hand: Hand, month: number) =>
  p.base[hand] + (p.growth * Math.max(0, month - p.debut)) / 12 + p.classBoost;
const overall = (p: Person, month: number) => (strength(p, 'LH', month) + strength(p, 'RH', month)) / 2;

function makeNames(rng: Rng, names: DemoCatalogue, sex: Sex, count: number, taken: Set<string>): string[] {
  const firsts = names.firstNames[sex];
  const lasts = names.lastNames[sex];
  const out: string[] = [];
  let misses = 0;
  while (out.length < count) {
    // When random pairs keep colliding (very large rosters), fall back to double-barrelled surnames.
    const last = misses < 50 ? rng.pick(lasts) : `${rng.pick(lasts)}-${rng.pick(lasts)}`;
    const name = `${rng.pick(firsts)} ${last}`;
    const key = name.toLowerCase();
    if (taken.has(key)) {
      misses++;
      continue;
    }
    taken.add(key);
    out.push(name);
    misses = 0;
  }
  return out;
}

function drawWeight(rng: Rng, bounds: readonly number[], classIndex: number): number {
  const lo = bounds[classIndex]!;
  const hi = bounds[classIndex + 1]!;
  const top = classIndex === bounds.length - 2;
  // Below the top class people sit near their limit; above it the spread thins out upwards.
  const f = top ? rng.float() ** 2 : 1 - rng.float() ** 1.6;
  const tenths = Math.min(hi * 10, lo * 10 + 1 + Math.floor(f * (hi - lo) * 10));
  return tenths / 10;
}

function makePeople(o: Resolved): Person[] {
  const nameRng = streamOf(o.seed, STREAM.names);
  const rng = streamOf(o.seed, STREAM.people);
  const { demo } = o;
  const women = Math.max(demo.settings.classes.F.length + 2, Math.round((o.athletes * 2) / 9));
  const counts: Record<Sex, number> = { M: o.athletes - women, F: women };
  const taken = new Set(DEMO_PEOPLE.map((d) => d.name.toLowerCase()));
  const last = o.months - 1;
  const people: Person[] = [];
  for (const sex of ['M', 'F'] as const) {
    const classes = demo.settings.classes[sex];
    const shares = demo.weights.shares[sex];
    if (shares.length !== classes.length)
      throw new Error(`The demo has ${shares.length} shares for ${classes.length} classes.`);
    const bounds = weightBounds(demo, sex);
    const accounts = DEMO_PEOPLE.filter((d) => d.sex === sex);
    const generated = makeNames(nameRng, demo.catalogue, sex, counts[sex] - accounts.length, taken);
    const names = [...accounts.map((d) => d.name), ...generated];
    names.forEach((name, i) => {
      const isDemo = i < accounts.length;
      // The first generated athletes of each sex cover every class, so even small rosters fill them all.
      const k = i - accounts.length;
      const forced = !isDemo && k < classes.length;
      const noWeight = !isDemo && !forced && rng.chance(0.02);
      const classIndex = forced ? k : noWeight ? classes.length - 1 : rng.weighted(shares);
      const weight = noWeight ? null : drawWeight(rng, bounds, classIndex);
      if (weight != null && weightClassFor(weight, classes) !== classes[classIndex]) {
        throw new Error(`Demo weight ${weight} is outside class ${classes[classIndex]}.`);
      }
      const masters = !isDemo && rng.chance(0.15);
      const newcomer = !isDemo && !masters && last > 0 && rng.chance(0.35);
      const b = isDemo ? rng.normal(1, 0.3) : newcomer ? rng.normal(-0.6, 0.8) : rng.normal(masters ? 0.2 : 0, 0.95);
      const debut = newcomer ? rng.int(1, last) : 0;
      const retires = !isDemo && !newcomer && last > 6 && rng.chance(0.12);
      people.push({
        name,
        sex,
        classIndex,
        classBoost: demo.weights.classStrength * classIndex,
        weight,
        masters,
        base: { RH: b + rng.normal(0.1, 0.3), LH: b + rng.normal(-0.1, 0.3) },
        growth: newcomer ? rng.normal(0.45, 0.2) : masters ? rng.normal(-0.05, 0.08) : rng.normal(0.12, 0.12),
        debut,
        retire: retires ? rng.int(6, last) : o.months,
        attendance: isDemo ? 0.6 : Math.min(0.7, Math.max(0.06, rng.normal(0.3, 0.12))),
        demo: isDemo,
        attended: [],
        pro: false,
        club: null,
        leader: false,
        open: false,
        id: 0,
      });
    });
  }
  return people;
}

function assignAttendance(o: Resolved, people: Person[]) {
  const rng = streamOf(o.seed, STREAM.attendance);
  for (const p of people) {
    for (let m = p.debut; m < p.retire; m++) {
      // A newcomer's debut month is, by definition, their first tournament.
      const forced = (m === p.debut && p.debut > 0) || (p.demo && (m === 0 || m === o.months - 1));
      if (rng.chance(p.attendance) || forced) p.attended.push(m);
    }
    if (p.attended.length === 0) p.attended.push(rng.int(p.debut, p.retire - 1));
  }
}

function assignClubs(o: Resolved, people: Person[]): number {
  const rng = streamOf(o.seed, STREAM.clubs);
  const clubs = o.demo.catalogue.clubs;
  const clubCount = Math.min(clubs.length, Math.max(1, Math.floor(o.athletes / 30)));
  const popularity = clubs.slice(0, clubCount).map(() => 0.5 + rng.float() * 2);
  const members: Person[][] = popularity.map(() => []);
  let joined = 0;
  for (const p of people) {
    const leaderDemo = DEMO_PEOPLE.some((d) => d.clubLeader && d.name === p.name);
    if (!leaderDemo && !rng.chance(0.7)) continue;
    // The first joiners go round the clubs so none is left empty.
    const club = joined < 2 * clubCount ? joined % clubCount : rng.weighted(popularity);
    joined++;
    p.club = club;
    members[club]!.push(p);
  }
  members.forEach((list) => {
    const wanted = Math.min(list.length, rng.chance(0.4) ? 2 : 1);
    const demoLeader = list.find((p) => DEMO_PEOPLE.some((d) => d.clubLeader && d.name === p.name));
    if (demoLeader) demoLeader.leader = true;
    const others = rng.shuffle(list.filter((p) => p !== demoLeader));
    for (const p of others.slice(0, wanted - (demoLeader ? 1 : 0))) p.leader = true;
  });
  const open = rng.shuffle([...people]).slice(0, Math.max(3, Math.round(o.athletes * 0.03)));
  for (const p of open) p.open = true;
  return clubCount;
}

// ---------------------------------------------------------------------------
// Writing

function assertEmpty(db: Db) {
  for (const table of ['athletes', 'clubs', 'result_events', 'supermatch_results'] as const) {
    const any = db.prepare(`SELECT EXISTS (SELECT 1 FROM ${table})`).pluck().get() === 1;
    if (any) {
      throw new Error(`Refusing to write demo data: the database already has rows in ${table}. Use an empty database.`);
    }
  }
}

interface Entry {
  person: Person;
  hand: Hand;
  division: 'pro' | 'am' | 'masters';
  category: string;
  weightClass: string;
}

interface Match {
  a: Person;
  b: Person;
  hand: Hand;
  aWins: number;
  bWins: number;
  bestOf: number;
}

const DIVISION_ORDER = { pro: 0, am: 1, masters: 2 } as const;
const PLACEMENT_COLUMNS = '(event_id, athlete_id, hand, sex, division, category, weight_class, place)';
/** Rows per multi-row INSERT: fewer round trips into SQLite for the largest table. */
const PLACEMENT_BATCH = 64;

function write(db: Db, o: Resolved): DemoSummary {
  const months = calendar(o.end, o.months);
  const people = makePeople(o);
  assignAttendance(o, people);
  const clubCount = assignClubs(o, people);
  insertRoster(db, o, people, months, clubCount);
  fillDemoClubs(db, o.seed, o.demo.catalogue);

  const insertEvent = db.prepare('INSERT INTO result_events (kind, name, short_name, date) VALUES (?, ?, ?, ?)');
  const event = (kind: 'tournament' | 'supermatch', name: string, short: string, date: string) =>
    Number(insertEvent.run(kind, name, short, date).lastInsertRowid);
  const placements = placementWriter(db);
  const insertMatch = db.prepare(
    `INSERT INTO supermatch_results (event_id, date, athlete_a, athlete_b, hand, a_wins, b_wins, best_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const byMonth: Person[][] = months.map(() => []);
  for (const p of people) for (const m of p.attended) byMonth[m]!.push(p);
  const brng = streamOf(o.seed, STREAM.brackets);
  const srng = streamOf(o.seed, STREAM.supermatches);
  const scale = Math.max(1, Math.sqrt(o.athletes / DEMO_DEFAULTS.athletes));
  let supermatches = 0;

  months.forEach((month, m) => {
    const yy = String(month.year).slice(2);
    const [series, initials] = o.demo.catalogue.tournamentSeries[month.m0]!;
    const eventId = event('tournament', `${series} ${month.year}`, `${initials}${yy}`, month.tournament);
    for (const bracket of tournamentBrackets(brng, o.demo, byMonth[m]!, m)) {
      bracket.forEach((e, i) =>
        placements.add(eventId, e.person.id, e.hand, e.person.sex, e.division, e.category, e.weightClass, i + 1),
      );
    }

    // Sometimes a card on the fourth Saturday, and always a few standalone matches.
    const draw = matchDrawer(srng, people, m);
    const matches: (Match & { date: string; eventId: number | null })[] = [];
    if (month.cardDay && srng.chance(0.6)) {
      const cards = o.demo.catalogue.cardSeries;
      const [cardSeries, cardInitials] = cards[m % cards.length]!;
      const name = `${cardSeries} ${MONTH_NAMES[month.m0]} ${month.year}`;
      const cardId = event('supermatch', name, `${cardInitials}${pad(month.m0 + 1)}${yy}`, month.cardDay);
      const used = new Set<Person>();
      const size = Math.round(srng.int(3, 6) * scale);
      for (let i = 0; i < size; i++) {
        const match = draw(used);
        if (match) matches.push({ ...match, date: month.cardDay, eventId: cardId });
      }
    }
    const standalone = Math.round(srng.int(1, 3) * scale);
    for (let i = 0; i < standalone; i++) {
      const date = iso(month.year, month.m0, srng.int(1, month.lastDay));
      const match = draw(new Set());
      if (match) matches.push({ ...match, date, eventId: null });
    }
    matches.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
    for (const s of matches) insertMatch.run(s.eventId, s.date, s.a.id, s.b.id, s.hand, s.aWins, s.bWins, s.bestOf);
    supermatches += matches.length;
  });

  return {
    athletes: people.length,
    clubs: clubCount,
    tournaments: months.length,
    placements: placements.finish(),
    supermatches,
  };
}

function insertRoster(db: Db, o: Resolved, people: Person[], months: Month[], clubCount: number) {
  const insertClub = db.prepare('INSERT INTO clubs (name, city, region) VALUES (?, ?, ?)');
  const insertAthlete = db.prepare(
    `INSERT INTO athletes (name, sex, weight, weight_unit, weighed_on, club_id, club_leader, open_to_challenge)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const clubIds = o.demo.catalogue.clubs
    .slice(0, clubCount)
    .map((c) => Number(insertClub.run(c.name, c.city, c.region).lastInsertRowid));
  // Shuffled, so ids say nothing about sex, class or the demo people.
  for (const p of streamOf(o.seed, STREAM.order).shuffle([...people])) {
    const lastTournament = months[p.attended[p.attended.length - 1]!]!.tournament;
    p.id = Number(
      insertAthlete.run(
        p.name,
        p.sex,
        p.weight,
        // Weighed in the association's unit.
        p.weight == null ? null : o.demo.settings.units,
        p.weight == null ? null : lastTournament,
        p.club == null ? null : clubIds[p.club],
        p.leader ? 1 : 0,
        p.open ? 1 : 0,
      ).lastInsertRowid,
    );
  }
}

/** Buffers placement rows into multi-row INSERTs. `finish` flushes and returns the number written. */
function placementWriter(db: Db) {
  const values = (n: number) => Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  const full = db.prepare(`INSERT INTO placements ${PLACEMENT_COLUMNS} VALUES ${values(PLACEMENT_BATCH)}`);
  let buffer: (string | number)[] = [];
  let count = 0;
  const flush = () => {
    if (buffer.length === 0) return;
    const rows = buffer.length / 8;
    const stmt =
      rows === PLACEMENT_BATCH
        ? full
        : db.prepare(`INSERT INTO placements ${PLACEMENT_COLUMNS} VALUES ${values(rows)}`);
    stmt.run(buffer);
    count += rows;
    buffer = [];
  };
  return {
    add(...row: [number, number, Hand, Sex, Entry['division'], string, string, number]) {
      buffer.push(...row);
      if (buffer.length === PLACEMENT_BATCH * 8) flush();
    },
    finish() {
      flush();
      return count;
    },
  };
}

/**
 * One tournament's brackets (hand x division x category x class), each in
 * finishing order: strength that month plus the day's noise.
 */
function tournamentBrackets(rng: Rng, demo: DemoProfile, entrants: Person[], m: number): Entry[][] {
  const entries: Entry[] = [];
  for (const p of entrants) {
    if (!p.pro && overall(p, m) > PRO_CUT) p.pro = true;
    let hands: Hand[];
    if (p.demo) hands = ['LH', 'RH'];
    else {
      const lh = rng.chance(0.7);
      const rh = rng.chance(0.85);
      hands = lh && rh ? ['LH', 'RH'] : lh ? ['LH'] : ['RH'];
    }
    const classes = demo.settings.classes[p.sex];
    const alsoOpen = !p.masters || rng.chance(0.45);
    for (const hand of hands) {
      if (p.masters) {
        const weightClass = weightClassFor(p.weight, mastersClasses(demo.settings, p.sex));
        entries.push({ person: p, hand, division: 'masters', category: MASTERS_CATEGORY, weightClass });
      }
      if (alsoOpen) {
        const division = p.pro ? 'pro' : 'am';
        entries.push({ person: p, hand, division, category: OPEN_CATEGORY, weightClass: classes[p.classIndex]! });
      }
    }
  }
  const brackets = new Map<string, { entry: Entry; perf: number }[]>();
  for (const e of entries) {
    const key = [e.person.sex, e.hand, DIVISION_ORDER[e.division], e.category, e.weightClass].join('|');
    let list = brackets.get(key);
    if (!list) brackets.set(key, (list = []));
    list.push({ entry: e, perf: strength(e.person, e.hand, m) + rng.normal(0, 0.45) });
  }
  return [...brackets.keys()].sort().map((key) =>
    brackets
      .get(key)!
      .sort((a, b) => b.perf - a.perf || a.entry.person.id - b.entry.person.id)
      .map((x) => x.entry),
  );
}

/**
 * Draws a month's supermatches: someone from the upper half of their sex's
 * active field against one of the four closest in strength (that hand) within
 * one class of them; pins are won with a logistic chance of the strength gap.
 */
function matchDrawer(rng: Rng, people: Person[], m: number) {
  type Entrant = { p: Person; s: Record<Hand, number>; both: number };
  const pools: Record<Sex, Entrant[]> = { M: [], F: [] };
  for (const p of people) {
    if (p.debut <= m && m < p.retire && p.attended[0]! <= m) {
      const s = { LH: strength(p, 'LH', m), RH: strength(p, 'RH', m) };
      pools[p.sex].push({ p, s, both: s.LH + s.RH });
    }
  }
  for (const pool of [pools.M, pools.F]) pool.sort((x, y) => y.both - x.both || x.p.id - y.p.id);

  return (used: Set<Person>): Match | null => {
    const pool = pools.F.length >= 2 && rng.chance(0.2) ? pools.F : pools.M;
    const upper = Math.max(1, Math.floor(pool.length / 2));
    let i = rng.int(0, upper - 1);
    for (let tries = 0; tries < upper && used.has(pool[i]!.p); tries++) i = (i + 1) % upper;
    const a = pool[i];
    if (!a || used.has(a.p)) return null;
    const hand: Hand = rng.chance(0.6) ? 'RH' : 'LH';
    const nearest: { e: Entrant; gap: number }[] = [];
    for (const e of pool) {
      if (e === a || used.has(e.p) || Math.abs(e.p.classIndex - a.p.classIndex) > 1) continue;
      const gap = Math.abs(e.s[hand] - a.s[hand]);
      if (nearest.length === 4 && gap >= nearest[3]!.gap) continue;
      let at = nearest.length;
      while (at > 0 && nearest[at - 1]!.gap > gap) at--;
      nearest.splice(at, 0, { e, gap });
      if (nearest.length > 4) nearest.pop();
    }
    if (nearest.length === 0) return null;
    const b = rng.pick(nearest).e;
    used.add(a.p);
    used.add(b.p);
    const bestOf = rng.chance(0.65) ? 5 : 7;
    const need = Math.ceil(bestOf / 2);
    const pA = 1 / (1 + Math.exp(-1.7 * (a.s[hand] - b.s[hand])));
    let aWins = 0;
    let bWins = 0;
    while (aWins < need && bWins < need) {
      if (rng.chance(pA)) aWins++;
      else bWins++;
    }
    return rng.chance(0.5)
      ? { a: a.p, b: b.p, hand, aWins, bWins, bestOf }
      : { a: b.p, b: a.p, hand, aWins: bWins, bWins: aWins, bestOf };
  };
}
