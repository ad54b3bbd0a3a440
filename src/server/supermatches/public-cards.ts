import type { Hand } from '../../shared/rankings.ts';
import { DEFAULT_CROPS } from '../../shared/supermatches.ts';
import type { SupermatchCard } from '../../shared/answers/supermatches.ts';
import type { Units } from '../../shared/association.ts';
import { storedWeightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { allImageConfigs } from './athlete-images.ts';
import type { CardRow } from './cards.ts';

/**
 * The public supermatch cards: every scheduled card (upcoming until each of
 * its hands has a result; a both-hands card then shows the pins of the two
 * hands added up), and every rated supermatch result that never had a card
 * (demo history, approved submissions), as a past card. Each card carries the
 * pictures and crops of its athletes' image settings: A's left picture, B's
 * right one. Sorted by priority (higher first), then date and start time.
 */

/** A card without a start time starts at noon (the timer needs one). */
export const DEFAULT_START = '12:00';

/** A card's row with its event's name (null when it has none, or a draft). */
type ScheduledRow = Omit<CardRow, 'created_at' | 'updated_at'> & { event_name: string | null };

interface ResultRow {
  id: number;
  card_id: number | null;
  date: string;
  hand: Hand;
  a_name: string;
  b_name: string;
  a_wins: number;
  b_wins: number;
  best_of: number;
  event_name: string | null;
  event_id: number | null;
  location: string | null;
  weight_a: number | null;
  weight_b: number | null;
  /** Null for a result that came from no submission. */
  weight_unit: Units | null;
}

export interface CardFilter {
  /** An event's name, without regard to case. */
  event?: string | undefined;
  /** Only featured cards that are still upcoming. */
  featured?: boolean | undefined;
}

/** A steady, well-spread hue per result (the golden angle), for past cards nobody coloured. */
const hueOf = (id: number) => (id * 137) % 360;

// A name on a card is shown as the roster spells it when the athlete is known.
const rosterName = (column: string) =>
  `COALESCE((SELECT name FROM athletes WHERE name = ${column} COLLATE NOCASE), ${column})`;

export function publicCards(db: Db, filter: CardFilter = {}): SupermatchCard[] {
  const units = readAssociation(db).units;
  const shown = (weight: number | null, unit: Units | null) => {
    const w = storedWeightIn({ weight, weight_unit: unit }, units);
    return w === null ? null : String(w);
  };
  // Drafts are not public: a card of a draft event shows no event.
  const scheduled = db
    .prepare(
      `SELECT c.id, ${rosterName('c.a_name')} AS a_name, ${rosterName('c.b_name')} AS b_name, c.date, c.start_time,
              c.hand, c.weight_a, c.weight_b, c.location, c.hue, c.priority, c.featured, c.best_of,
              e.id AS event_id, e.name AS event_name
       FROM supermatch_cards c
       LEFT JOIN events e ON e.id = c.event_id AND (e.status IS NULL OR e.status <> 'draft')`,
    )
    .all() as ScheduledRow[];
  const results = db
    .prepare(
      `SELECT s.id, s.card_id, s.date, s.hand, aa.name AS a_name, ab.name AS b_name, s.a_wins, s.b_wins, s.best_of,
              re.name AS event_name, sub.location, sub.weight_a, sub.weight_b, sub.weight_unit,
              (SELECT ev.id FROM events ev
                WHERE ev.name = re.name COLLATE NOCASE AND (ev.status IS NULL OR ev.status <> 'draft')
                ORDER BY abs(julianday(ev.date) - julianday(s.date)), ev.id LIMIT 1) AS event_id
       FROM supermatch_results s
       JOIN athletes aa ON aa.id = s.athlete_a
       JOIN athletes ab ON ab.id = s.athlete_b
       LEFT JOIN result_events re ON re.id = s.event_id
       LEFT JOIN supermatch_submissions sub ON sub.id = s.submission_id`,
    )
    .all() as ResultRow[];

  const byCard = new Map<number, ResultRow[]>();
  for (const r of results) {
    if (r.card_id === null) continue;
    let list = byCard.get(r.card_id);
    if (!list) byCard.set(r.card_id, (list = []));
    list.push(r);
  }
  const images = allImageConfigs(db);
  const pictures = (a: string, b: string) => {
    const left = images.get(a.toLowerCase());
    const right = images.get(b.toLowerCase());
    return {
      leftImage: left?.left_url ?? null,
      rightImage: right?.right_url ?? null,
      leftCrop: left?.left_crop ?? DEFAULT_CROPS.left,
      rightCrop: right?.right_crop ?? DEFAULT_CROPS.right,
    };
  };

  const cards: SupermatchCard[] = [];
  for (const c of scheduled) {
    const done = byCard.get(c.id) ?? [];
    const hands: Hand[] = c.hand === 'both' ? ['RH', 'LH'] : [c.hand];
    const complete = hands.every((h) => done.some((r) => r.hand === h));
    cards.push({
      id: `c${c.id}`,
      a: c.a_name,
      b: c.b_name,
      date: c.date,
      startTime: c.start_time ?? DEFAULT_START,
      hand: c.hand,
      weightA: c.weight_a,
      weightB: c.weight_b,
      location: c.location,
      eventId: c.event_id,
      eventName: c.event_name,
      hue: c.hue,
      priority: c.priority,
      featured: c.featured === 1,
      bestOf: c.best_of,
      ...pictures(c.a_name, c.b_name),
      aWins: complete ? done.reduce((n, r) => n + r.a_wins, 0) : null,
      bWins: complete ? done.reduce((n, r) => n + r.b_wins, 0) : null,
    });
  }
  for (const r of results) {
    if (r.card_id !== null) continue;
    cards.push({
      id: `r${r.id}`,
      a: r.a_name,
      b: r.b_name,
      date: r.date,
      startTime: DEFAULT_START,
      hand: r.hand,
      // In the association's unit, converted once from the unit the submitter typed them in.
      weightA: shown(r.weight_a, r.weight_unit),
      weightB: shown(r.weight_b, r.weight_unit),
      location: r.location,
      eventId: r.event_id,
      eventName: r.event_name,
      hue: hueOf(r.id),
      priority: 0,
      featured: false,
      bestOf: r.best_of,
      ...pictures(r.a_name, r.b_name),
      aWins: r.a_wins,
      bWins: r.b_wins,
    });
  }

  const event = filter.event?.trim().toLowerCase();
  return cards
    .filter((c) => !event || c.eventName?.toLowerCase() === event)
    .filter((c) => !filter.featured || (c.featured && c.aWins === null))
    .sort(
      (x, y) =>
        y.priority - x.priority ||
        x.date.localeCompare(y.date) ||
        x.startTime.localeCompare(y.startTime) ||
        x.id.localeCompare(y.id, 'en', { numeric: true }),
    );
}
