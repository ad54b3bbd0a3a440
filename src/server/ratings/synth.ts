import { classesOf, DEFAULT_SETTINGS } from '../../shared/association.ts';
import { isCalendarDate } from '../../shared/field-rules.ts';
import type { Hand } from '../../shared/rankings.ts';
import { RESULTS_CSV_COLUMNS, type ResultsCsvColumn } from '../../shared/results-csv.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { Rng } from '../demo/rng.ts';
import {
  CARD_SERIES,
  CLUBS,
  FEMALE_FIRST,
  LAST,
  MALE_FIRST,
  MONTH_NAMES,
  TOURNAMENT_SERIES,
} from '../demo/catalogue.ts';

/**
 * Synthetic leagues whose truth is known, for fitting and testing the rating
 * models (`npm run ratings -- synth`, then `evaluate`). Pure: no database, no
 * clock, no Math.random; the same options give the same CSV to the byte. Each
 * concern draws from its own seeded stream (names, people, walks, schedule,
 * attendance, pins, matchmaking, form).
 *
 * The truth (every constant is in SYNTH_MODEL):
 * - Pins: a single pin is won with chance 1 / (1 + exp(-d)), d the difference
 *   of the two pullers' strengths plus their day forms (d = 1 is a 73% pin).
 * - Strength, per hand, in steps of a month (constant within a calendar month):
 *   base + 0.25 x class index (heavier pulls harder; 0 for the lightest class
 *   of each sex) + trend + walk. base: sd 0.8, around 0 for the founders and
 *   -0.5 for newcomers; the hands' latents are correlated 0.8 (LH = 0.8 x RH +
 *   N(0, 0.6) in standard units). walk: AR(1) with innovation sd 0.15 a month
 *   (0.09 of it shared by both hands) and a weak pull back to the athlete's
 *   own level (x 0.97 a month), started at its stationary sd 0.62, so the
 *   spread within a class stays about 1.0. trend: a newcomer gains N(0.5, 0.2)
 *   (at least 0) evenly over the first 12 months; masters lose 0.1 a year.
 * - Day form: each hand of each athlete that competes on a day gets
 *   N(0, 0.35), shared by all their pins that day (bracket and supermatch), so
 *   the pins of one match are correlated.
 * - People: max(60, results / 30) athletes (about 30 results each over a
 *   career: with 12, the ratings knew too little for any model to beat a
 *   coin), 20% women, classes by typical shares; 40% are there from the first month, the rest join at a random
 *   month; careers last 12 + Exp(72) months, so some retire. 12% masters; the
 *   other founders are pro when strong (about a third), newcomers start am, and
 *   an am athlete turns pro once the mean of their hands (class step aside)
 *   passes 0.6.
 * - Calendar: 66 months ending at `end`. Each month a tournament on its 2nd
 *   Saturday; on the 4th a supermatch card (55%) or another tournament; two
 *   random days with a few supermatches and no event. Half the tournaments
 *   have supermatches too.
 * - Tournaments: each active athlete shows up with a chance proportional to
 *   their propensity (scaled so the file gets about 60% placement rows) and
 *   enters both hands (60%), the right (25%) or the left (15%). Brackets per
 *   (hand, sex, division, class) are double elimination, every match one pin;
 *   a class with under 3 entrants pulls up into the next heavier class of the
 *   division. Places: 1, 2, 3, 4, 5, 5, 7, 7, ... (those out in the same round
 *   share a place).
 * - Supermatches (the other ~40% of rows): best of 5 (75%), 3 (15%) or 7
 *   (10%), right hand 60%. An athlete (drawn by propensity) meets one of the
 *   3 athletes closest in true strength (that hand) to their own strength plus
 *   N(0, 0.3), same sex, class within one; 8% are mismatches against anyone in
 *   range. Nobody pulls the same hand twice in a day. Pins are played until
 *   one side has ceil(best_of / 2); the row's athlete is the winner half the time.
 *
 * `truth` holds each athlete-hand's strength (class step included, so it is
 * comparable within a sex) at its last result.
 */
export interface SynthOptions {
  /** Same seed, same options => byte-identical CSV. */
  seed: number;
  /** About how many result rows (placements + supermatches) to write; default 6000. */
  results?: number;
  /** YYYY-MM-DD of the last result; default '2025-12-31'. */
  end?: string;
}

export interface SynthTruth {
  name: string;
  hand: Hand;
  /** True strength (logit scale, class step included, no day form) at the athlete's last result in this hand. */
  strength: number;
  /** The date of that last result. */
  date: string;
}

export interface SynthLeague {
  /** The results file in the import format: header + rows, '\n' line ends. */
  csv: string;
  /** Result rows written. */
  rows: number;
  /** Athletes who have at least one row. */
  athletes: number;
  truth: SynthTruth[];
}

/** One supermatch and the truth behind it (for tests and diagnostics). */
export interface SynthMatch {
  date: string;
  hand: Hand;
  sex: Sex;
  /** As written: `a` is the row's athlete, `b` its athlete_b. */
  a: string;
  b: string;
  /** True strengths that day, without form. */
  aStrength: number;
  bStrength: number;
  /** The day's forms of that hand. */
  aForm: number;
  bForm: number;
  /** a's chance of a pin that day (form included), and averaged over both forms (what the strengths alone say). */
  pinChance: number;
  meanPinChance: number;
  aWins: number;
  bWins: number;
  bestOf: number;
}

export interface SynthDetail extends SynthLeague {
  placements: number;
  supermatches: SynthMatch[];
  tournaments: number;
}

export const SYNTH_DEFAULTS = { results: 6000, end: '2025-12-31' } as const;
export const SYNTH_LIMITS = { minResults: 100, maxResults: 1_000_000 } as const;

/** The generative model's constants; the module comment says what each does. */
export const SYNTH_MODEL = {
  months: 66,
  /** Athletes = max(minAthletes, results / resultsPerAthlete). */
  resultsPerAthlete: 30,
  minAthletes: 60,
  womenShare: 0.2,
  foundersShare: 0.4,
  /** Career: 12 months + exponential with this mean; beyond the league's end means still active. */
  careerMinMonths: 12,
  careerMeanExtraMonths: 72,
  baseSd: 0.8,
  newcomerMean: -0.5,
  handCorrelation: 0.8,
  classStep: 0.25,
  walkSd: 0.15,
  /** Part of the walk's innovation both hands share (as a standard deviation: 0.09^2 + 0.12^2 = 0.15^2). */
  walkSharedSd: 0.09,
  walkOwnSd: 0.12,
  walkReversion: 0.97,
  newcomerGain: 0.5,
  newcomerGainSd: 0.2,
  newcomerGainMonths: 12,
  mastersDeclinePerYear: 0.1,
  formSd: 0.35,
  mastersShare: 0.12,
  /** Founders are pro when base (mean of hands) + N(0, 0.4) is above this; am athletes turn pro above proCut. */
  proStart: 0.3,
  proCut: 0.6,
  placementShare: 0.6,
  minBracket: 3,
  /** How keen an athlete is to compete: uniform from min to min + spread, mean 1 (attendance and supermatches). */
  propensityMin: 0.3,
  propensitySpread: 1.4,
  /** Hands entered at a tournament: both, right only, (else) left only. */
  bothHands: 0.6,
  rightOnly: 0.25,
  /** The 4th Saturday is a supermatch card with this chance, else a second tournament. */
  cardChance: 0.55,
  /** A tournament has supermatches on its undercard with this chance. */
  undercardChance: 0.5,
  /** The share of the supermatch budget a card, an undercard and a standalone day (no event) take. */
  cardWeight: 1,
  undercardWeight: 0.5,
  standaloneWeight: 0.06,
  /** Standalone supermatch days a month (random days, not the Saturdays of events). */
  standaloneDays: 2,
  bestOf: { 3: 0.15, 5: 0.75, 7: 0.1 },
  rightHandShare: 0.6,
  /** The matchmaker looks for opponents near the athlete's strength plus this noise, and picks one of the closest. */
  matchmakerNoise: 0.3,
  closest: 3,
  /** Supermatches against anyone of the sex within a class. */
  mismatch: 0.08,
} as const;

const M = SYNTH_MODEL;

// ---------------------------------------------------------------------------
// Seeded randomness: one stream per concern.

const STREAM = {
  names: 1,
  people: 2,
  walk: 3,
  schedule: 4,
  attendance: 5,
  pins: 6,
  matchmaking: 7,
  form: 8,
} as const;

/** A concern's own stream: the seed (up to 2^53) and the stream's number mixed. */
function streamOf(seed: number, stream: number): Rng {
  const lo = seed | 0;
  const hi = Math.floor(seed / 4294967296) | 0;
  let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hi + 0x632be5ab, 0x27d4eb2f);
  h ^= Math.imul(stream + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return new Rng(h ^ (h >>> 16));
}

const sigmoid = (d: number) => 1 / (1 + Math.exp(-d));

/** E[sigmoid(d + e)] for e ~ N(0, sd): a 33-point rule on the normal, exact enough for diagnostics. */
function meanSigmoid(d: number, sd: number): number {
  let sum = 0;
  let weights = 0;
  for (let k = -16; k <= 16; k++) {
    const z = k / 4;
    const w = Math.exp((-z * z) / 2);
    sum += w * sigmoid(d + sd * z);
    weights += w;
  }
  return sum / weights;
}

// ---------------------------------------------------------------------------
// Calendar

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m0: number, d: number) => `${y}-${pad(m0 + 1)}-${pad(d)}`;
const daysIn = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();
function nthSaturday(y: number, m0: number, n: number): number {
  const weekday = new Date(Date.UTC(y, m0, 1)).getUTCDay();
  return 1 + ((6 - weekday + 7) % 7) + 7 * (n - 1);
}

type DayKind = 'tournament' | 'card' | 'standalone';

interface Day {
  date: string;
  month: number;
  kind: DayKind;
  /** The event's name and short name; none for a standalone day. */
  event?: { name: string; short: string };
  /** Share of the supermatch budget this day takes (0: none). */
  weight: number;
}

const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The league's days, in date order: two Saturdays a month and a couple of standalone supermatch days. */
function schedule(rng: Rng, end: string): Day[] {
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const days: Day[] = [];
  for (let i = 0; i < M.months; i++) {
    const total = ey * 12 + (em - 1) - (M.months - 1) + i;
    const year = Math.floor(total / 12);
    const m0 = total % 12;
    const last = i === M.months - 1 ? ed : daysIn(year, m0);
    const yy = String(year).slice(2);
    const month: Day[] = [];
    const second = nthSaturday(year, m0, 2);
    const fourth = nthSaturday(year, m0, 4);
    const [series, seriesShort] = TOURNAMENT_SERIES[m0]!;
    const undercard = () => (rng.chance(M.undercardChance) ? M.undercardWeight : 0);
    const w2 = undercard();
    if (second <= last) {
      month.push({
        date: iso(year, m0, second),
        month: i,
        kind: 'tournament',
        event: { name: `${series} ${year}`, short: `${seriesShort}${yy}` },
        weight: w2,
      });
    }
    const card = rng.chance(M.cardChance);
    const w4 = card ? M.cardWeight : undercard();
    if (fourth <= last) {
      if (card) {
        const [cardName, cardShort] = CARD_SERIES[i % CARD_SERIES.length]!;
        month.push({
          date: iso(year, m0, fourth),
          month: i,
          kind: 'card',
          event: { name: `${cardName} ${MONTH_NAMES[m0]} ${year}`, short: `${cardShort}${pad(m0 + 1)}${yy}` },
          weight: w4,
        });
      } else {
        const name = `${CLUBS[m0 % CLUBS.length]!.city} Armwrestling Cup ${year}`;
        month.push({
          date: iso(year, m0, fourth),
          month: i,
          kind: 'tournament',
          event: { name, short: `${initials(name)}${yy}` },
          weight: w4,
        });
      }
    }
    const taken = new Set([second, fourth]);
    for (let k = 0; k < M.standaloneDays; k++) {
      const d = rng.int(1, daysIn(year, m0));
      if (d > last || taken.has(d)) continue;
      taken.add(d);
      month.push({ date: iso(year, m0, d), month: i, kind: 'standalone', weight: M.standaloneWeight });
    }
    month.sort((a, b) => (a.date < b.date ? -1 : 1));
    days.push(...month);
  }
  return days;
}

// ---------------------------------------------------------------------------
// Athletes and their true strengths

const DIVISIONS = ['pro', 'am', 'masters'] as const;
type Division = (typeof DIVISIONS)[number];

interface Athlete {
  index: number;
  name: string;
  sex: Sex;
  classIndex: number;
  division: Division;
  /** First month active, and the first month no longer active. */
  join: number;
  retire: number;
  propensity: number;
  /** strength[hand][month - join], trend and walk included; class step included. */
  strength: Record<Hand, Float64Array>;
  /** Last result per hand: its date and the strength then. */
  last: Partial<Record<Hand, { date: string; strength: number }>>;
}

const HANDS: readonly Hand[] = ['RH', 'LH'];
const CLASS_SHARES: Record<Sex, readonly number[]> = {
  M: [0.12, 0.2, 0.22, 0.2, 0.14, 0.12],
  F: [0.55, 0.45],
};

function makeNames(rng: Rng, sexes: Sex[]): string[] {
  const taken = new Set<string>();
  const letters = 'ABCDEFGHJKLMNPRSTVW';
  return sexes.map((sex) => {
    const firsts = sex === 'M' ? MALE_FIRST : FEMALE_FIRST;
    for (let tries = 0; ; tries++) {
      const middle = tries >= 20 ? ` ${rng.pick([...letters])}.` : '';
      const name = `${rng.pick(firsts)}${middle} ${rng.pick(LAST)}`;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  });
}

function makeAthletes(seed: number, count: number): Athlete[] {
  const rng = streamOf(seed, STREAM.people);
  const walk = streamOf(seed, STREAM.walk);
  const sexes: Sex[] = Array.from({ length: count }, () => (rng.chance(M.womenShare) ? 'F' : 'M'));
  const names = makeNames(streamOf(seed, STREAM.names), sexes);
  const stationary = M.walkSd / Math.sqrt(1 - M.walkReversion ** 2);
  const ownShare = Math.sqrt(1 - M.handCorrelation ** 2);
  return sexes.map((sex, index) => {
    const classIndex = rng.weighted(CLASS_SHARES[sex]);
    const founder = rng.chance(M.foundersShare);
    const join = founder ? 0 : rng.int(1, M.months - 1);
    const career = M.careerMinMonths + Math.floor(-Math.log(1 - rng.float()) * M.careerMeanExtraMonths);
    const retire = Math.min(M.months, join + career);
    const masters = rng.chance(M.mastersShare);
    const mean = founder ? 0 : M.newcomerMean;
    const rh = rng.normal();
    const lh = M.handCorrelation * rh + ownShare * rng.normal();
    const base: Record<Hand, number> = { RH: mean + M.baseSd * rh, LH: mean + M.baseSd * lh };
    const gain = founder ? 0 : Math.max(0, rng.normal(M.newcomerGain, M.newcomerGainSd));
    const pro = founder && (base.RH + base.LH) / 2 - mean + rng.normal(0, 0.4) > M.proStart;
    const propensity = M.propensityMin + M.propensitySpread * rng.float();
    const span = retire - join;
    const strength = { RH: new Float64Array(span), LH: new Float64Array(span) };
    const w: Record<Hand, number> = { RH: walk.normal(0, stationary), LH: walk.normal(0, stationary) };
    for (let t = 0; t < span; t++) {
      if (t > 0) {
        const shared = walk.normal(0, M.walkSharedSd);
        for (const hand of HANDS) w[hand] = M.walkReversion * w[hand] + shared + walk.normal(0, M.walkOwnSd);
      }
      const trend =
        (gain * Math.min(t, M.newcomerGainMonths)) / M.newcomerGainMonths -
        (masters ? (M.mastersDeclinePerYear * t) / 12 : 0);
      for (const hand of HANDS) strength[hand][t] = base[hand] + M.classStep * classIndex + trend + w[hand];
    }
    return {
      index,
      name: names[index]!,
      sex,
      classIndex,
      division: masters ? 'masters' : pro ? 'pro' : 'am',
      join,
      retire,
      propensity,
      strength,
      last: {},
    };
  });
}

const strengthAt = (a: Athlete, hand: Hand, month: number) => a.strength[hand][month - a.join]!;

// ---------------------------------------------------------------------------
// The league

type Row = Partial<Record<ResultsCsvColumn, string | number>>;

/** A CSV cell: quoted (quotes doubled) when it holds a comma, a quote, a line break or edge spaces. */
function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

interface Ladder {
  /** Ascending by strength. */
  xs: Athlete[];
  s: Float64Array;
}

/** Up to k open athletes of a ladder closest in strength to target. */
function closestOpen(l: Ladder, target: number, open: (x: Athlete) => boolean, k: number) {
  let lo = 0;
  let hi = l.xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (l.s[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  // Walk outwards from the insertion point, always to the closer side.
  let down = lo - 1;
  let up = lo;
  const out: { x: Athlete; gap: number }[] = [];
  while (out.length < k && (down >= 0 || up < l.xs.length)) {
    const gapDown = down >= 0 ? target - l.s[down]! : Infinity;
    const gapUp = up < l.xs.length ? l.s[up]! - target : Infinity;
    const i = gapDown <= gapUp ? down-- : up++;
    if (open(l.xs[i]!)) out.push({ x: l.xs[i]!, gap: Math.min(gapDown, gapUp) });
  }
  return out;
}

/**
 * A division's brackets from its entrants per class, lightest first: a class with fewer than minBracket entrants
 * pulls up into the next heavier one; a thin rest at the top joins the last bracket, which then takes the heaviest
 * class among its entrants (the limit every one of them is under).
 */
function formBrackets(
  classes: readonly string[],
  entrantsOf: (classIndex: number) => Athlete[],
): { weightClass: string; entrants: Athlete[] }[] {
  const formed: { weightClass: string; entrants: Athlete[] }[] = [];
  let pending: Athlete[] = [];
  let heaviest = 0;
  for (let c = 0; c < classes.length; c++) {
    const here = entrantsOf(c);
    if (here.length === 0) continue;
    pending = pending.concat(here);
    heaviest = c;
    if (pending.length >= M.minBracket) {
      formed.push({ weightClass: classes[c]!, entrants: pending });
      pending = [];
    }
  }
  const last = formed.at(-1);
  if (pending.length > 0 && last) {
    last.entrants = last.entrants.concat(pending);
    last.weightClass = classes[heaviest]!;
  }
  return formed;
}

/**
 * The matchmaker: an opponent from the ladders (the same sex, classes within one) that `open` allows. Mostly one of
 * the `closest` nearest to the athlete's strength plus the matchmaker's noise, sometimes anyone (a mismatch).
 */
function findOpponent(rng: Rng, groups: Ladder[], strength: number, open: (x: Athlete) => boolean) {
  if (rng.chance(M.mismatch)) {
    const total = groups.reduce((n, g) => n + g.xs.length, 0);
    for (let tries = 0; tries < 50; tries++) {
      let at = rng.int(0, total - 1);
      for (const g of groups) {
        if (at < g.xs.length) {
          if (open(g.xs[at]!)) return g.xs[at];
          break;
        }
        at -= g.xs.length;
      }
    }
    return undefined;
  }
  const target = strength + rng.normal(0, M.matchmakerNoise);
  const nearest = groups
    .flatMap((g) => closestOpen(g, target, open, M.closest))
    .sort((x, y) => x.gap - y.gap || x.x.index - y.x.index)
    .slice(0, M.closest);
  return nearest.length > 0 ? rng.pick(nearest).x : undefined;
}

/** A double-elimination bracket, pin by pin: the entrants' places (1, 2, 3, 4, 5, 5, 7, 7, ...). */
function doubleElimination(rng: Rng, entrants: number, pin: (a: number, b: number) => boolean): number[] {
  const losses = new Array<number>(entrants).fill(0);
  const place = new Array<number>(entrants).fill(0);
  let alive = Array.from({ length: entrants }, (_, i) => i);
  while (alive.length > 1) {
    const winners = alive.filter((i) => losses[i] === 0);
    const losers = alive.filter((i) => losses[i] === 1);
    const play = (a: number, b: number) => {
      if (pin(a, b)) losses[b]!++;
      else losses[a]!++;
    };
    if (winners.length === 1 && losers.length === 1) {
      // The final; a loss for the unbeaten side means one more (the reset).
      play(winners[0]!, losers[0]!);
    } else {
      for (const group of [winners, losers]) {
        rng.shuffle(group);
        for (let k = 0; k + 1 < group.length; k += 2) play(group[k]!, group[k + 1]!);
      }
    }
    const out = alive.filter((i) => losses[i]! >= 2);
    alive = alive.filter((i) => losses[i]! < 2);
    for (const i of out) place[i] = alive.length + 1;
  }
  if (alive.length === 1) place[alive[0]!] = 1;
  return place;
}

export function synthLeague(opts: SynthOptions): SynthLeague {
  const { csv, rows, athletes, truth } = synthLeagueDetailed(opts);
  return { csv, rows, athletes, truth };
}

/** synthLeague with the supermatches' truth and counts, for tests and diagnostics. */
export function synthLeagueDetailed(opts: SynthOptions): SynthDetail {
  const seed = opts.seed;
  const results = opts.results ?? SYNTH_DEFAULTS.results;
  const end = opts.end ?? SYNTH_DEFAULTS.end;
  if (!Number.isSafeInteger(seed)) throw new Error(`Synth seed must be an integer, got ${seed}.`);
  if (!Number.isInteger(results) || results < SYNTH_LIMITS.minResults || results > SYNTH_LIMITS.maxResults) {
    throw new Error(
      `Synth results must be an integer from ${SYNTH_LIMITS.minResults} to ${SYNTH_LIMITS.maxResults}, got ${results}.`,
    );
  }
  if (!isCalendarDate(end)) throw new Error(`Synth end must be a real date as YYYY-MM-DD, got '${end}'.`);
  for (const sex of ['M', 'F'] as const) {
    for (const division of DIVISIONS) {
      if (classesOf(DEFAULT_SETTINGS.classes, sex, division).length !== CLASS_SHARES[sex].length)
        throw new Error(`The synthetic league has a share for each of the ${sex} classes, not those of ${division}.`);
    }
  }

  const athletes = makeAthletes(seed, Math.max(M.minAthletes, Math.round(results / M.resultsPerAthlete)));
  const days = schedule(streamOf(seed, STREAM.schedule), end);
  const attendance = streamOf(seed, STREAM.attendance);
  const pins = streamOf(seed, STREAM.pins);
  const matchmaking = streamOf(seed, STREAM.matchmaking);
  const formRng = streamOf(seed, STREAM.form);

  const placementTarget = Math.round(results * M.placementShare);
  let tournamentsLeft = days.filter((d) => d.kind === 'tournament').length;
  let weightLeft = days.reduce((s, d) => s + d.weight, 0);
  const handsPerEntrant = 2 * M.bothHands + (1 - M.bothHands);
  let entered = 0;
  let placed = 0;
  let tournaments = 0;
  const rows: Row[] = [];
  const matches: SynthMatch[] = [];
  const formSd2 = M.formSd * Math.SQRT2;

  // Who is active, and the matchmaker's ladders, change only from month to month.
  let month = -1;
  let active: Athlete[] = [];
  const bySex: Record<Sex, Athlete[]> = { M: [], F: [] };
  const ladders = new Map<string, Ladder>();
  for (const day of days) {
    const m = day.month;
    if (m !== month) {
      month = m;
      active = athletes.filter((a) => a.join <= m && m < a.retire);
      bySex.M = active.filter((a) => a.sex === 'M');
      bySex.F = active.filter((a) => a.sex === 'F');
      ladders.clear();
    }
    const forms = new Map<number, number>();
    const form = (a: Athlete, hand: Hand) => {
      const key = a.index * 2 + (hand === 'RH' ? 0 : 1);
      let f = forms.get(key);
      if (f === undefined) forms.set(key, (f = formRng.normal(0, M.formSd)));
      return f;
    };
    const seen = (a: Athlete, hand: Hand, strength: number) => {
      a.last[hand] = { date: day.date, strength };
    };

    if (day.kind === 'tournament') {
      const yieldSoFar = entered > 0 ? Math.max(0.5, placed / entered) : 0.9;
      const need = Math.max(0, placementTarget - placed) / tournamentsLeft;
      tournamentsLeft--;
      const pool = active.reduce((s, a) => s + a.propensity, 0) * handsPerEntrant * yieldSoFar;
      const q = pool > 0 ? need / pool : 0;
      const brackets = new Map<string, Athlete[]>();
      for (const a of active) {
        if (!attendance.chance(Math.min(0.95, q * a.propensity))) continue;
        const x = attendance.float();
        const hands: Hand[] = x < M.bothHands ? ['RH', 'LH'] : x < M.bothHands + M.rightOnly ? ['RH'] : ['LH'];
        if (a.division === 'am') {
          const s = (strengthAt(a, 'RH', m) + strengthAt(a, 'LH', m)) / 2 - M.classStep * a.classIndex;
          if (s > M.proCut) a.division = 'pro';
        }
        for (const hand of hands) {
          const key = `${hand}|${a.sex}|${a.division}|${a.classIndex}`;
          let list = brackets.get(key);
          if (!list) brackets.set(key, (list = []));
          list.push(a);
          entered++;
        }
      }
      let wrote = false;
      for (const hand of HANDS) {
        for (const sex of ['M', 'F'] as const) {
          for (const division of DIVISIONS) {
            const classes = classesOf(DEFAULT_SETTINGS.classes, sex, division);
            const formed = formBrackets(classes, (c) => brackets.get(`${hand}|${sex}|${division}|${c}`) ?? []);
            for (const { weightClass, entrants } of formed) {
              const power = entrants.map((a) => strengthAt(a, hand, m) + form(a, hand));
              const places = doubleElimination(pins, entrants.length, (i, j) =>
                pins.chance(sigmoid(power[i]! - power[j]!)),
              );
              const order = entrants.map((a, i) => ({ a, place: places[i]! }));
              order.sort((x, y) => x.place - y.place || x.a.index - y.a.index);
              for (const { a, place } of order) {
                rows.push({
                  type: 'placement',
                  date: day.date,
                  event: day.event!.name,
                  event_short: day.event!.short,
                  hand,
                  athlete: a.name,
                  sex,
                  division,
                  weight_class: weightClass,
                  place,
                });
                seen(a, hand, strengthAt(a, hand, m));
              }
              placed += entrants.length;
              wrote = true;
            }
          }
        }
      }
      if (wrote) tournaments++;
    }

    if (day.weight > 0) {
      const budget = Math.max(0, results - rows.length - Math.max(0, placementTarget - placed));
      const count = matchmaking.round((budget * day.weight) / weightLeft);
      weightLeft -= day.weight;
      // Each class's athletes by that month's strength, per hand, for the matchmaker's nearest-opponent search.
      const ladder = (sex: Sex, c: number, hand: Hand): Ladder => {
        const key = `${sex}${c}${hand}`;
        let l = ladders.get(key);
        if (!l) {
          const xs = bySex[sex].filter((x) => x.classIndex === c);
          const s = xs.map((x) => strengthAt(x, hand, m));
          const order = xs.map((_, i) => i).sort((i, j) => s[i]! - s[j]! || xs[i]!.index - xs[j]!.index);
          l = { xs: order.map((i) => xs[i]!), s: Float64Array.from(order, (i) => s[i]!) };
          ladders.set(key, l);
        }
        return l;
      };
      const used: Record<Hand, Set<Athlete>> = { RH: new Set(), LH: new Set() };
      const maxPropensity = M.propensityMin + M.propensitySpread;
      const dayMatches: SynthMatch[] = [];
      for (let k = 0; k < count; k++) {
        const hand: Hand = matchmaking.chance(M.rightHandShare) ? 'RH' : 'LH';
        const sex: Sex = matchmaking.chance(M.womenShare) && bySex.F.length >= 2 ? 'F' : 'M';
        const pool = bySex[sex];
        if (pool.length < 2) continue;
        let a: Athlete | undefined;
        for (let tries = 0; tries < 30 && !a; tries++) {
          const x = matchmaking.pick(pool);
          if (!used[hand].has(x) && matchmaking.chance(x.propensity / maxPropensity)) a = x;
        }
        if (!a) continue;
        const athlete = a;
        const sa = strengthAt(a, hand, m);
        const groups: Ladder[] = [];
        const top = CLASS_SHARES[sex].length - 1;
        for (let c = Math.max(0, a.classIndex - 1); c <= Math.min(top, a.classIndex + 1); c++)
          groups.push(ladder(sex, c, hand));
        const b = findOpponent(matchmaking, groups, sa, (x) => x !== athlete && !used[hand].has(x));
        if (!b) continue;
        used[hand].add(a);
        used[hand].add(b);
        const r = matchmaking.float();
        const bestOf = r < M.bestOf[5] ? 5 : r < M.bestOf[5] + M.bestOf[3] ? 3 : 7;
        const need = Math.ceil(bestOf / 2);
        const sb = strengthAt(b, hand, m);
        const fa = form(a, hand);
        const fb = form(b, hand);
        const p = sigmoid(sa + fa - sb - fb);
        let aWins = 0;
        let bWins = 0;
        while (aWins < need && bWins < need) {
          if (pins.chance(p)) aWins++;
          else bWins++;
        }
        const mean = meanSigmoid(sa - sb, formSd2);
        const swap = matchmaking.chance(0.5);
        dayMatches.push(
          swap
            ? {
                date: day.date,
                hand,
                sex: a.sex,
                a: b.name,
                b: a.name,
                aStrength: sb,
                bStrength: sa,
                aForm: fb,
                bForm: fa,
                pinChance: 1 - p,
                meanPinChance: 1 - mean,
                aWins: bWins,
                bWins: aWins,
                bestOf,
              }
            : {
                date: day.date,
                hand,
                sex: a.sex,
                a: a.name,
                b: b.name,
                aStrength: sa,
                bStrength: sb,
                aForm: fa,
                bForm: fb,
                pinChance: p,
                meanPinChance: mean,
                aWins,
                bWins,
                bestOf,
              },
        );
        seen(a, hand, sa);
        seen(b, hand, sb);
      }
      for (const s of dayMatches) {
        rows.push({
          type: 'supermatch',
          date: day.date,
          event: day.event?.name,
          event_short: day.event?.short,
          hand: s.hand,
          athlete: s.a,
          athlete_b: s.b,
          sex: s.sex,
          a_wins: s.aWins,
          b_wins: s.bWins,
          best_of: s.bestOf,
        });
      }
      matches.push(...dayMatches);
    }
  }

  const lines = [RESULTS_CSV_COLUMNS.join(',')];
  for (const r of rows) lines.push(RESULTS_CSV_COLUMNS.map((c) => csvCell(r[c])).join(','));
  const csv = lines.join('\n') + '\n';
  const truth: SynthTruth[] = [];
  let appearing = 0;
  for (const a of athletes) {
    let any = false;
    for (const hand of HANDS) {
      const last = a.last[hand];
      if (!last) continue;
      any = true;
      truth.push({ name: a.name, hand, strength: Math.round(last.strength * 1e4) / 1e4, date: last.date });
    }
    if (any) appearing++;
  }
  return {
    csv,
    rows: rows.length,
    athletes: appearing,
    truth,
    placements: placed,
    supermatches: matches,
    tournaments,
  };
}
