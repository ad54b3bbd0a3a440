import { describe, expect, it } from 'vitest';
import {
  cardsOfEvent,
  chanceText,
  countText,
  dateLabel,
  headToHeadHand,
  initials,
  isPast,
  splitCards,
  startOf,
  timerState,
  timerText,
  winnerOf,
} from './card-rules.ts';
import { testCard } from './card.test-kit.ts';

const card = testCard;

// Noon on 1 June 2025, local time.
const NOW = new Date(2025, 5, 1, 12, 0, 0);
const plusDays = (n: number) => {
  const d = new Date(2025, 5, 1 + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('date label', () => {
  it('has the weekday 6 days away, not 8', () => {
    expect(dateLabel(plusDays(6), NOW)).toBe('Sat, Jun 7');
    expect(dateLabel(plusDays(8), NOW)).toBe('Jun 9');
  });
  it('has the year 366 days away, not 364', () => {
    expect(dateLabel(plusDays(364), NOW)).toBe('May 31');
    expect(dateLabel(plusDays(366), NOW)).toBe('Jun 2, 2026');
  });
  it('counts past days the same way', () => {
    expect(dateLabel(plusDays(-3), NOW)).toBe('Thu, May 29');
    expect(dateLabel(plusDays(-400), NOW)).toBe('Apr 27, 2024');
  });
});

describe('past and upcoming', () => {
  it('is past only when both win counts are there', () => {
    expect(isPast(card({ aWins: 3, bWins: 1 }))).toBe(true);
    expect(isPast(card({ aWins: 0, bWins: 3 }))).toBe(true);
    expect(isPast(card({ aWins: 3, bWins: null }))).toBe(false);
    expect(isPast(card({}))).toBe(false);
  });

  it('sorts by priority, then the soonest upcoming and the newest past first', () => {
    const cards = [
      card({ id: 'u1', date: '2025-10-20', priority: 0 }),
      card({ id: 'u2', date: '2025-10-18', priority: 0 }),
      card({ id: 'u3', date: '2025-12-01', priority: 5 }),
      card({ id: 'u4', date: '2025-10-18', startTime: '17:00', priority: 0 }),
      card({ id: 'p1', date: '2024-01-01', aWins: 3, bWins: 0 }),
      card({ id: 'p2', date: '2025-03-01', aWins: 1, bWins: 3 }),
      card({ id: 'p3', date: '2023-05-05', aWins: 2, bWins: 3, priority: 9 }),
    ];
    const { upcoming, past } = splitCards(cards);
    expect(upcoming.map((c) => c.id)).toEqual(['u3', 'u4', 'u2', 'u1']);
    expect(past.map((c) => c.id)).toEqual(['p3', 'p2', 'p1']);
  });

  it('filters one event without regard to case', () => {
    const cards = [card({ id: 'x' }), card({ id: 'y', eventName: 'Other' }), card({ id: 'z', eventName: null })];
    expect(cardsOfEvent(cards, 'fall supermatch NIGHT').map((c) => c.id)).toEqual(['x']);
    expect(cardsOfEvent(cards, undefined)).toHaveLength(3);
  });

  it('counts with the right plural', () => {
    expect(countText(1, 'upcoming')).toBe('1 upcoming match');
    expect(countText(2, 'upcoming')).toBe('2 upcoming matches');
    expect(countText(0, 'past')).toBe('0 past matches');
  });
});

describe('timer', () => {
  const bout = card({ date: '2025-06-01', startTime: '12:30' });
  const start = startOf(bout).getTime();

  it('starts at the date and start time as local wall-clock time', () => {
    expect(startOf(bout)).toEqual(new Date(2025, 5, 1, 12, 30));
  });

  it('counts down, turns soon under two minutes, then says Live now', () => {
    const at = (msBefore: number) => timerState(bout, start - msBefore);
    expect(at(30 * 60_000)).toEqual({ kind: 'countdown', ms: 30 * 60_000, soon: false });
    expect(timerText(at(30 * 60_000))).toBe('Starts in 30m 00s');
    expect(at(120_000)).toMatchObject({ soon: false });
    expect(at(119_999)).toMatchObject({ kind: 'countdown', soon: true });
    expect(timerText(at(65_000))).toBe('Starts in 1m 05s');
    expect(timerText(at(3 * 3600_000 + 7 * 60_000 + 9_000))).toBe('Starts in 3h 07m 09s');
    expect(timerText(at(2 * 86_400_000 + 4 * 3600_000 + 5 * 60_000))).toBe('Starts in 2d 04h 05m');
    expect(at(0)).toEqual({ kind: 'live' });
    expect(timerText(at(-5000))).toBe('Live now');
  });

  it('is gone once both win counts are there', () => {
    expect(timerState({ ...bout, aWins: 3, bWins: 2 }, start - 60_000)).toEqual({ kind: 'result' });
  });
});

describe('card details', () => {
  it('reads a both-hands card on the right hand', () => {
    expect(headToHeadHand('both')).toBe('RH');
    expect(headToHeadHand('LH')).toBe('LH');
  });
  it('names the winner', () => {
    expect(winnerOf({ aWins: 3, bWins: 1 })).toBe('a');
    expect(winnerOf({ aWins: 0, bWins: 3 })).toBe('b');
    expect(winnerOf({ aWins: null, bWins: null })).toBe(null);
  });
  it('makes initials and chance texts', () => {
    expect(initials('Ann Marie Able')).toBe('AA');
    expect(initials('Cher')).toBe('CH');
    expect(chanceText(0.6213)).toBe('62% · model estimate');
  });
});
