import type { Units } from '../../../shared/association.ts';
import type { Hand } from '../../../shared/rankings.ts';
import type { CardHand } from '../../../shared/supermatches.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { compareText } from '../../../shared/compare-text.ts';
import { handLabel, MONTHS, WEEKDAYS } from '../../lib/labels.ts';

/**
 * The pure rules of the supermatch cards: which list a card is in, the order
 * of the lists, the date label, when a bout starts and what its timer says.
 * Everything takes "now" as an argument so tests can set the clock.
 */

/** A card is past once both win counts are known; until then it is upcoming. */
export const isPast = (card: Pick<SupermatchCard, 'aWins' | 'bWins'>): boolean =>
  card.aWins !== null && card.bWins !== null;

const byStart = (a: SupermatchCard, b: SupermatchCard) =>
  compareText(a.date, b.date) || compareText(a.startTime, b.startTime) || compareText(a.id, b.id);

/**
 * Headline bouts first (higher priority), then by date: the soonest upcoming
 * bout first; the past list runs the other way in time, newest first, so the
 * latest results are at the top of their priority.
 */
export function splitCards(cards: readonly SupermatchCard[]): { upcoming: SupermatchCard[]; past: SupermatchCard[] } {
  const upcoming = cards.filter((c) => !isPast(c)).sort((a, b) => b.priority - a.priority || byStart(a, b));
  const past = cards.filter(isPast).sort((a, b) => b.priority - a.priority || byStart(b, a));
  return { upcoming, past };
}

/** Only the cards of one event (its name, without regard to case); every card without a filter. */
export function cardsOfEvent(cards: readonly SupermatchCard[], event: string | undefined): SupermatchCard[] {
  if (!event) return [...cards];
  const wanted = event.trim().toLowerCase();
  return cards.filter((c) => c.eventName?.trim().toLowerCase() === wanted);
}

/** '1 upcoming match', '2 past matches'. */
export function countText(n: number, tab: 'upcoming' | 'past'): string {
  return `${n} ${tab} ${n === 1 ? 'match' : 'matches'}`;
}

/** When the bout starts: the card's date and start time as wall-clock time here. */
export function startOf(card: Pick<SupermatchCard, 'date' | 'startTime'>): Date {
  const [y, m, d] = card.date.split('-').map(Number);
  const [hh, mm] = (card.startTime || '12:00').split(':').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1, hh ?? 12, mm ?? 0);
}

/** Whole calendar days from today to the card's date (negative when it was before today). */
export function daysAway(date: string, now: Date): number {
  const [y, m, d] = date.split('-').map(Number);
  const day = Date.UTC(y!, (m ?? 1) - 1, d ?? 1);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((day - today) / 86_400_000);
}

/**
 * The card's date as people read it: with the weekday when it is under 7 days
 * away ('Sat, Oct 18'), with the year when it is over 365 days away, before or
 * after today ('Oct 18, 2026'), else month and day ('Oct 18').
 */
export function dateLabel(date: string, now: Date): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y!, (m ?? 1) - 1, d ?? 1);
  const away = Math.abs(daysAway(date, now));
  const monthDay = `${MONTHS[day.getMonth()]} ${day.getDate()}`;
  if (away < 7) return `${WEEKDAYS[day.getDay()]}, ${monthDay}`;
  return away > 365 ? `${monthDay}, ${day.getFullYear()}` : monthDay;
}

/** Under two minutes to go the timer is marked soon. */
export const SOON_MS = 120_000;

export type TimerState =
  | { kind: 'countdown'; ms: number; soon: boolean }
  | { kind: 'live' }
  /** Both win counts are there: no timer, the result shows. */
  | { kind: 'result' };

export function timerState(
  card: Pick<SupermatchCard, 'date' | 'startTime' | 'aWins' | 'bWins'>,
  now: number,
): TimerState {
  if (isPast(card)) return { kind: 'result' };
  const ms = startOf(card).getTime() - now;
  if (ms <= 0) return { kind: 'live' };
  return { kind: 'countdown', ms, soon: ms < SOON_MS };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Starts in 2d 04h 05m', 'Starts in 3h 07m 09s', 'Starts in 1m 05s'; 'Live now' at zero. */
export function timerText(state: TimerState): string {
  if (state.kind === 'live') return 'Live now';
  if (state.kind === 'result') return '';
  const total = Math.ceil(state.ms / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (d > 0) return `Starts in ${d}d ${pad(h)}h ${pad(m)}m`;
  if (h > 0) return `Starts in ${h}h ${pad(m)}m ${pad(s)}s`;
  return `Starts in ${m}m ${pad(s)}s`;
}

/** The hand the back's head-to-head reads: a both-hands card is read on the right hand. */
export const headToHeadHand = (hand: CardHand): Hand => (hand === 'LH' ? 'LH' : 'RH');

/** Right Hand, Left Hand, or Both Hands for a card pulled with each. */
export const cardHandLabel = (hand: CardHand): string => (hand === 'both' ? 'Both Hands' : handLabel(hand));

/** A weight as the card shows it, in the association's unit as the server answers it: '198 lbs', '243+ lbs', '80 kg'. */
export const weightText = (w: string | null, units: Units): string | null => (w ? `${w} ${units}` : null);

/** 'Devon Larratt' -> 'DL'; one name -> its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
}

/** The winner's side once the result is in; null while upcoming. */
export function winnerOf(card: Pick<SupermatchCard, 'aWins' | 'bWins'>): 'a' | 'b' | null {
  if (card.aWins === null || card.bWins === null || card.aWins === card.bWins) return null;
  return card.aWins > card.bWins ? 'a' : 'b';
}

/** A chance as the back shows it: '62% · model estimate'. */
export const chanceText = (p: number): string => `${Math.round(p * 100)}% · model estimate`;

/** The DOM id of a card's anchor (the page's ?match= scrolls to it). */
export const cardAnchor = (id: string) => `supermatch-${id}`;
