import type { Hand } from '../../shared/rankings.ts';
import { scheduledCardSchema, type Crop, type ScheduledCardInput } from '../../shared/supermatches.ts';
import type { ClassList, Units } from '../../shared/association.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { convertWeight, weightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { setAthleteImageUrl } from '../supermatches/athlete-images.ts';
import { createScheduledCard } from '../supermatches/cards.ts';
import { DEMO_PEOPLE } from './generate.ts';

/**
 * The demo's supermatch cards (issue 13): the evening card of the featured
 * event (demo event 2), six upcoming featured matches between the best-rated
 * athletes, each against the next best on that hand within 30 lbs (in the association's unit); and a practice session
 * (demo event 3, tonight) with two matches between the demo accounts' own
 * athletes. The demo's rated supermatches are its past cards. The featured
 * athletes get drawn portraits (scripts/make-portraits.ts), all but one, so
 * the page also shows a card drawing initials.
 * Only into a database without cards; after the results, ratings and events.
 */

/** The drawn portraits in public/portraits, by the sex of the athlete they are given to. */
export const DEMO_PORTRAITS: Record<Sex, readonly string[]> = {
  M: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'].map((n) => `/portraits/${n}.svg`),
  F: ['f1', 'f2', 'f3', 'f4'].map((n) => `/portraits/${n}.svg`),
};

/** The drawings fill their 3:5 frame, so they are shown whole: no zoom, centred a little above the middle. */
const PORTRAIT_CROP: Crop = { scale: 1, object_position: { x: 50, y: 40 } };

const FEATURED_EVENT_ID = 2;
const PRACTICE_EVENT_ID = 3;

interface Planned {
  sex: Sex;
  /** The hand the athletes are ranked by (and pulled with, unless `both`). */
  hand: Hand;
  both?: boolean;
  /** Skip this many of the best-rated free athletes before pairing. */
  from: number;
  start: string;
  priority: number;
  hue: number;
  bestOf: number;
}

// The evening's running order: the main event last and first on the page (highest priority).
const EVENING: Planned[] = [
  { sex: 'M', hand: 'RH', from: 0, start: '20:30', priority: 10, hue: 8, bestOf: 7 },
  { sex: 'M', hand: 'LH', from: 0, start: '20:00', priority: 9, hue: 210, bestOf: 5 },
  { sex: 'F', hand: 'RH', from: 0, start: '19:30', priority: 8, hue: 320, bestOf: 5 },
  { sex: 'M', hand: 'RH', both: true, from: 2, start: '19:00', priority: 7, hue: 140, bestOf: 5 },
  { sex: 'F', hand: 'LH', from: 0, start: '18:30', priority: 6, hue: 40, bestOf: 5 },
  { sex: 'M', hand: 'RH', from: 8, start: '18:00', priority: 5, hue: 265, bestOf: 5 },
];

/** A weight as the card shows it, in the association's unit: the top class ('243+') for the heaviest, else the weight. */
function weightLabel(weight: number | null, classes: ClassList): string | null {
  if (weight === null) return null;
  if (weight > Number(classes.at(-2))) return classes.at(-1)!;
  return String(Math.round(weight));
}

interface EventRow {
  date: string;
  location: string | null;
  venue: string | null;
}

export function seedDemoCards(db: Db): number {
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM supermatch_cards)').pluck().get() === 1) return 0;
  const event = (id: number) =>
    db.prepare('SELECT date, location, venue FROM events WHERE id = ?').get(id) as EventRow | undefined;
  const featured = event(FEATURED_EVENT_ID);
  const practice = event(PRACTICE_EVENT_ID);
  if (!featured || !practice) return 0;

  const { units, classes } = readAssociation(db);
  const roster = db.prepare('SELECT name, sex, weight, weight_unit FROM athletes').all() as {
    name: string;
    sex: Sex;
    weight: number | null;
    weight_unit: Units | null;
  }[];
  const shown = new Map(
    roster.map((a) => [a.name, a.weight === null ? null : weightIn(a.weight, a.weight_unit!, units)]),
  );
  const weights = new Map(roster.map((a) => [a.name, weightLabel(shown.get(a.name) ?? null, classes[a.sex])]));
  /** Within 30 lbs of each other (or either weight unknown): a fair pairing. */
  const gap = convertWeight(30, 'lbs', units);
  const close = (a: string, b: string) => {
    const [x, y] = [shown.get(a), shown.get(b)];
    return x == null || y == null || Math.abs(x - y) <= gap;
  };
  const ranked = (sex: Sex, hand: Hand) =>
    db
      .prepare(
        `SELECT a.name FROM ratings r JOIN athletes a ON a.id = r.athlete_id
         WHERE a.sex = ? AND r.hand = ? ORDER BY r.mu - 3 * r.sigma DESC, a.name`,
      )
      .pluck()
      .all(sex, hand) as string[];
  // The demo accounts' athletes pull at the practice session, not on the featured card.
  const used = new Set(DEMO_PEOPLE.map((p) => p.name));
  const cards: ScheduledCardInput[] = [];
  const portraits: { name: string; sex: Sex }[] = [];

  for (const plan of EVENING) {
    const free = ranked(plan.sex, plan.hand).filter((n) => !used.has(n));
    const rest = free.slice(Math.min(plan.from, Math.max(0, free.length - 2)));
    const a = rest[0];
    const b = rest.slice(1).find((n) => close(a!, n)) ?? rest[1];
    if (!a || !b) continue;
    used.add(a);
    used.add(b);
    portraits.push({ name: a, sex: plan.sex }, { name: b, sex: plan.sex });
    cards.push({
      a,
      b,
      date: featured.date,
      start_time: plan.start,
      hand: plan.both ? 'both' : plan.hand,
      weight_a: weights.get(a) ?? null,
      weight_b: weights.get(b) ?? null,
      location: featured.location,
      event_id: FEATURED_EVENT_ID,
      hue: plan.hue,
      priority: plan.priority,
      featured: true,
      best_of: plan.bestOf,
    });
  }
  const tonight = (a: string, b: string, hand: Hand, start: string, hue: number): ScheduledCardInput => ({
    a,
    b,
    date: practice.date,
    start_time: start,
    hand,
    weight_a: weights.get(a) ?? null,
    weight_b: weights.get(b) ?? null,
    location: practice.venue ?? practice.location,
    event_id: PRACTICE_EVENT_ID,
    hue,
    priority: 0,
    featured: false,
    best_of: 3,
  });
  const person = (i: number) => DEMO_PEOPLE[i]!.name;
  // Jordan Reyes against Sam Lindqvist, Casey Morrow against Morgan Vance.
  cards.push(tonight(person(0), person(4), 'RH', '19:30', 190), tonight(person(1), person(3), 'LH', '20:00', 350));

  db.transaction(() => {
    for (const card of cards) createScheduledCard(db, scheduledCardSchema.parse(card));
    // Every featured athlete but the last gets a drawing (left and right), men and women from their own set.
    const next: Record<Sex, number> = { M: 0, F: 0 };
    const known = db.prepare('SELECT EXISTS (SELECT 1 FROM athlete_images WHERE name = ? COLLATE NOCASE)').pluck();
    for (const { name, sex } of portraits.slice(0, -1)) {
      const url = DEMO_PORTRAITS[sex][next[sex]++ % DEMO_PORTRAITS[sex].length]!;
      if (known.get(name) === 1) continue;
      setAthleteImageUrl(db, name, 'left', url, PORTRAIT_CROP);
      setAthleteImageUrl(db, name, 'right', url, PORTRAIT_CROP);
    }
  })();
  return cards.length;
}
