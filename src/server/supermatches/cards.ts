import type { Hand } from '../../shared/rankings.ts';
import { defaultEventShort } from '../../shared/results-csv.ts';
import type { CardHand, CardResultInput, ScheduledCard } from '../../shared/supermatches.ts';
import type { CardHandResult, CardResultAnswer, ScheduledCardItem } from '../../shared/answers/supermatches.ts';
import { readAssociation } from '../association/store.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { rerate } from '../ratings/engine.ts';
import { athletesFor, measureEffects, type Pair } from './rating-effects.ts';

/**
 * Scheduled supermatch cards: two named athletes, a day and a time, a hand
 * (or both), best of N. A card has no result until its wins are recorded
 * (by an admin, or by approving a submitted result of the same two athletes
 * and hand within a day of it); each recorded hand is a rated result that
 * points back at its card, stored the card's way round (A is the card's A).
 * A card with results keeps its athletes and date; removing a card keeps its
 * results and so the ratings (they show as plain past supermatches).
 */

/** A row of supermatch_cards. */
export interface CardRow {
  id: number;
  a_name: string;
  b_name: string;
  date: string;
  start_time: string | null;
  hand: CardHand;
  weight_a: string | null;
  weight_b: string | null;
  location: string | null;
  event_id: number | null;
  hue: number;
  priority: number;
  featured: number;
  best_of: number;
  created_at: string;
  updated_at: string;
}

const HANDS_OF: Record<CardHand, Hand[]> = { RH: ['RH'], LH: ['LH'], both: ['RH', 'LH'] };
const HAND_WORDS: Record<CardHand, string> = {
  RH: 'right-handed (RH)',
  LH: 'left-handed (LH)',
  both: 'with both hands',
};

/** Every card's results by card id (or one card's), right hand first. */
function resultsByCard(db: Db, cardId?: number): Map<number, CardHandResult[]> {
  const rows = db
    .prepare(
      `SELECT card_id, hand, a_wins, b_wins, submission_id FROM supermatch_results
       WHERE card_id IS NOT NULL ${cardId === undefined ? '' : 'AND card_id = @id'} ORDER BY card_id, hand DESC`,
    )
    .all(cardId === undefined ? {} : { id: cardId }) as (CardHandResult & { card_id: number })[];
  const out = new Map<number, CardHandResult[]>();
  for (const { card_id, ...r } of rows) {
    let list = out.get(card_id);
    if (!list) out.set(card_id, (list = []));
    list.push(r);
  }
  return out;
}

function toItem(row: CardRow, results: CardHandResult[]): ScheduledCardItem {
  return {
    id: row.id,
    card_id: `c${row.id}`,
    a: row.a_name,
    b: row.b_name,
    date: row.date,
    start_time: row.start_time,
    hand: row.hand,
    weight_a: row.weight_a,
    weight_b: row.weight_b,
    location: row.location,
    event_id: row.event_id,
    hue: row.hue,
    priority: row.priority,
    featured: row.featured === 1,
    best_of: row.best_of,
    created_at: row.created_at,
    updated_at: row.updated_at,
    results,
  };
}

function cardRow(db: Db, id: number): CardRow | undefined {
  return db.prepare('SELECT * FROM supermatch_cards WHERE id = ?').get(id) as CardRow | undefined;
}

function requireCard(db: Db, id: number): CardRow {
  const row = cardRow(db, id);
  if (!row) throw new HttpError(404, 'not_found', `No scheduled supermatch ${id}.`);
  return row;
}

/** Every scheduled card, the latest date first. */
export function listScheduledCards(db: Db): ScheduledCardItem[] {
  const results = resultsByCard(db);
  return (
    db.prepare('SELECT * FROM supermatch_cards ORDER BY date DESC, start_time DESC, id DESC').all() as CardRow[]
  ).map((r) => toItem(r, results.get(r.id) ?? []));
}

export function getScheduledCard(db: Db, id: number): ScheduledCardItem | undefined {
  const row = cardRow(db, id);
  return row ? toItem(row, resultsByCard(db, id).get(id) ?? []) : undefined;
}

function checkEvent(db: Db, eventId: number | null) {
  if (eventId === null) return;
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM events WHERE id = ?)').pluck().get(eventId) !== 1) {
    throw new HttpError(400, 'invalid_input', 'The body is not valid.', { event_id: [`No event ${eventId}.`] });
  }
}

function columns(db: Db, card: ScheduledCard) {
  return {
    a_name: card.a,
    b_name: card.b,
    date: card.date,
    start_time: card.start_time,
    hand: card.hand,
    weight_a: card.weight_a,
    weight_b: card.weight_b,
    // Typed in the association's unit, and stored with it (migration 15).
    weight_unit: readAssociation(db).units,
    location: card.location,
    event_id: card.event_id,
    hue: card.hue,
    priority: card.priority,
    featured: card.featured,
    best_of: card.best_of,
  };
}

export function createScheduledCard(db: Db, card: ScheduledCard, now = new Date()): ScheduledCardItem {
  checkEvent(db, card.event_id);
  const at = now.toISOString();
  const id = insertRow(db, 'supermatch_cards', { ...columns(db, card), created_at: at, updated_at: at });
  return getScheduledCard(db, id)!;
}

const sameName = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();

/**
 * Replaces a card's fields. Once it has results its athletes (each on their
 * side) and date stay, and its hand must still cover every recorded hand.
 */
export function updateScheduledCard(db: Db, id: number, card: ScheduledCard, now = new Date()): ScheduledCardItem {
  return db
    .transaction(() => {
      const row = requireCard(db, id);
      checkEvent(db, card.event_id);
      const results = resultsByCard(db, id).get(id) ?? [];
      if (results.length) {
        const kept =
          sameName(row.a_name, card.a) &&
          sameName(row.b_name, card.b) &&
          row.date === card.date &&
          results.every((r) => HANDS_OF[card.hand].includes(r.hand));
        if (!kept) {
          throw new HttpError(
            409,
            'card_has_results',
            'This card has results: its athletes, date and recorded hands can no longer change. Clear its results first.',
          );
        }
      }
      const set = Object.entries(columns(db, card)).map(([k]) => `${k} = @${k}`);
      db.prepare(`UPDATE supermatch_cards SET ${set.join(', ')}, updated_at = @updated_at WHERE id = @id`).run({
        ...columns(db, card),
        featured: card.featured ? 1 : 0,
        updated_at: now.toISOString(),
        id,
      });
      return getScheduledCard(db, id)!;
    })
    .immediate();
}

/** Removes a card; its rated results stay (as past supermatches without a card). False when there is no such card. */
export function deleteScheduledCard(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM supermatch_cards WHERE id = ?').run(id).changes === 1;
}

/**
 * The result event a card's results belong to (so the athlete's record and
 * the head-to-head name the event): the card's event on the card's day,
 * created as a supermatch event the first time. Null for a card without an event.
 */
function resultEventFor(db: Db, card: CardRow): number | null {
  if (card.event_id === null) return null;
  const name = db.prepare('SELECT name FROM events WHERE id = ?').pluck().get(card.event_id) as string | undefined;
  if (name === undefined) return null;
  const found = db.prepare('SELECT id FROM result_events WHERE name = ? AND date = ?').pluck().get(name, card.date) as
    number | undefined;
  return (
    found ??
    insertRow(db, 'result_events', {
      kind: 'supermatch',
      name,
      short_name: defaultEventShort(name, card.date),
      date: card.date,
    })
  );
}

/** Best of the card's N, or more when the wins need more pins (a 4-1 on a best-of-5 card is rated as best of 7). */
const bestOfFor = (card: CardRow, aWins: number, bWins: number) =>
  Math.max(card.best_of, 2 * Math.max(aWins, bWins) - 1);

function insertCardResult(
  db: Db,
  card: CardRow,
  hand: Hand,
  ids: Pair<number>,
  wins: Pair<number>,
  submissionId: number | null,
) {
  insertRow(db, 'supermatch_results', {
    event_id: resultEventFor(db, card),
    date: card.date,
    athlete_a: ids.a,
    athlete_b: ids.b,
    hand,
    a_wins: wins.a,
    b_wins: wins.b,
    best_of: bestOfFor(card, wins.a, wins.b),
    submission_id: submissionId,
    card_id: card.id,
  });
}

interface StoredResult {
  id: number;
  a_wins: number;
  b_wins: number;
  submission_id: number | null;
}

function storedResult(db: Db, cardId: number, hand: Hand): StoredResult | undefined {
  return db
    .prepare('SELECT id, a_wins, b_wins, submission_id FROM supermatch_results WHERE card_id = ? AND hand = ?')
    .get(cardId, hand) as StoredResult | undefined;
}

function fromSubmission(r: StoredResult): HttpError {
  return new HttpError(
    409,
    'recorded_by_submission',
    `An approved submission (#${r.submission_id}) recorded this hand: deny it in the review to change or clear it.`,
  );
}

function checkHand(card: CardRow, hand: Hand) {
  if (!HANDS_OF[card.hand].includes(hand)) {
    throw new HttpError(400, 'invalid_input', 'The body is not valid.', {
      hand: [`This card is pulled ${HAND_WORDS[card.hand]}.`],
    });
  }
}

/**
 * Records a hand's wins: the first time a new rated result (the ratings move
 * on from it), again with other wins a corrected one (a full recompute), again
 * with the same wins nothing at all, so a card is rated once however often
 * its wins are sent.
 */
export function recordCardResult(db: Db, id: number, input: CardResultInput): CardResultAnswer {
  return db
    .transaction((): CardResultAnswer => {
      const card = requireCard(db, id);
      checkHand(card, input.hand);
      const existing = storedResult(db, id, input.hand);
      if (existing && existing.a_wins === input.a_wins && existing.b_wins === input.b_wins) {
        return { card: getScheduledCard(db, id)!, rating_effects: null };
      }
      if (existing?.submission_id != null) throw fromSubmission(existing);
      const names = { a: card.a_name, b: card.b_name };
      const ids = athletesFor(db, names, input.athletes, 'recording the wins');
      const effects = measureEffects(db, input.hand, names, ids, () => {
        if (existing) {
          db.prepare('UPDATE supermatch_results SET a_wins = ?, b_wins = ?, best_of = ? WHERE id = ?').run(
            input.a_wins,
            input.b_wins,
            bestOfFor(card, input.a_wins, input.b_wins),
            existing.id,
          );
          rerate(db, { full: true });
        } else {
          insertCardResult(db, card, input.hand, ids, { a: input.a_wins, b: input.b_wins }, null);
          // Incremental when this is the newest result, else a full recompute (the engine decides).
          rerate(db);
        }
      });
      return { card: getScheduledCard(db, id)!, rating_effects: effects };
    })
    .immediate();
}

/** Takes a hand's recorded wins off the card (and out of the ratings). */
export function clearCardResult(db: Db, id: number, hand: Hand): CardResultAnswer {
  return db
    .transaction((): CardResultAnswer => {
      const card = requireCard(db, id);
      checkHand(card, hand);
      const existing = storedResult(db, id, hand);
      if (!existing) return { card: getScheduledCard(db, id)!, rating_effects: null };
      if (existing.submission_id != null) throw fromSubmission(existing);
      const ids = db
        .prepare('SELECT athlete_a AS a, athlete_b AS b FROM supermatch_results WHERE id = ?')
        .get(existing.id) as Pair<number>;
      const effects = measureEffects(db, hand, { a: card.a_name, b: card.b_name }, ids, () => {
        db.prepare('DELETE FROM supermatch_results WHERE id = ?').run(existing.id);
        rerate(db, { full: true });
      });
      return { card: getScheduledCard(db, id)!, rating_effects: effects };
    })
    .immediate();
}

export interface SubmittedResult {
  submissionId: number;
  names: Pair<string>;
  ids: Pair<number>;
  hand: Hand;
  date: string;
  wins: Pair<number>;
}

/**
 * An approved submission's result as a card's: when a card names the same two
 * athletes (either way round) on that hand within a day of the result, the
 * result completes the card (stored on the card's side and day) instead of
 * standing alone. Answers 'completed', 'already' when that hand of the card
 * is recorded already (nothing is added: the match is rated once), or null
 * when no card matches (the caller stores the result on its own).
 */
export function completeCard(db: Db, s: SubmittedResult): { kind: 'completed' | 'already'; cardId: number } | null {
  const card = db
    .prepare(
      `SELECT * FROM supermatch_cards
       WHERE hand IN (@hand, 'both')
         AND ((a_name = @a COLLATE NOCASE AND b_name = @b COLLATE NOCASE)
           OR (a_name = @b COLLATE NOCASE AND b_name = @a COLLATE NOCASE))
         AND abs(julianday(date) - julianday(@date)) <= 1
       ORDER BY abs(julianday(date) - julianday(@date)), id LIMIT 1`,
    )
    .get({ hand: s.hand, a: s.names.a, b: s.names.b, date: s.date }) as CardRow | undefined;
  if (!card) return null;
  if (storedResult(db, card.id, s.hand)) return { kind: 'already', cardId: card.id };
  const swapped = !sameName(card.a_name, s.names.a);
  const ids = swapped ? { a: s.ids.b, b: s.ids.a } : s.ids;
  const wins = swapped ? { a: s.wins.b, b: s.wins.a } : s.wins;
  insertCardResult(db, card, s.hand, ids, wins, s.submissionId);
  return { kind: 'completed', cardId: card.id };
}
