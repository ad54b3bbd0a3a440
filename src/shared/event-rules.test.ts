import { describe, expect, it } from 'vitest';
import {
  aboutCut,
  eventBadge,
  eventDateLabel,
  eventStatus,
  findEvent,
  initialPastCount,
  phoneHref,
  splitEvents,
} from './event-rules.ts';

describe('event status and badge', () => {
  it('derives a missing status from pending_details', () => {
    expect(eventStatus({ status: null, pending_details: true })).toBe('pending');
    expect(eventStatus({ status: null, pending_details: false })).toBe('confirmed');
    expect(eventStatus({ pending_details: undefined })).toBe('confirmed');
    expect(eventStatus({ status: 'draft', pending_details: true })).toBe('draft');
  });

  it('is LIVE on the event day, else Draft, Pending or Confirmed', () => {
    const today = '2026-03-10';
    expect(eventBadge({ date: today, status: 'draft', pending_details: false }, today)).toBe('LIVE');
    expect(eventBadge({ date: '2026-03-11', status: 'draft', pending_details: false }, today)).toBe('Draft');
    expect(eventBadge({ date: '2026-03-11', status: null, pending_details: true }, today)).toBe('Pending');
    expect(eventBadge({ date: '2026-03-09', status: 'confirmed', pending_details: false }, today)).toBe('Confirmed');
  });
});

describe('date labels', () => {
  const e = { date: '2026-04-18', estimated: false, status: 'confirmed' as const, pending_details: false };
  it('shows the date, with (est) when estimated', () => {
    expect(eventDateLabel(e)).toBe('Sat, Apr 18, 2026');
    expect(eventDateLabel({ ...e, estimated: true })).toBe('Sat, Apr 18, 2026 (est)');
  });
  it('shows pending events as month and year with (est)', () => {
    expect(eventDateLabel({ ...e, status: 'pending' })).toBe('April 2026 (est)');
    expect(eventDateLabel({ ...e, status: null, pending_details: true, estimated: true })).toBe('April 2026 (est)');
  });
});

describe('past and upcoming', () => {
  it('splits on today: upcoming soonest first (today included), past newest first', () => {
    const events = [
      { id: 1, date: '2026-01-01' },
      { id: 2, date: '2026-03-10' },
      { id: 3, date: '2026-05-01' },
      { id: 4, date: '2025-12-01' },
      { id: 5, date: '2026-04-01' },
      { id: 6, date: '2026-03-09' },
    ];
    const { upcoming, past } = splitEvents(events, '2026-03-10');
    expect(upcoming.map((e) => e.id)).toEqual([2, 5, 3]);
    expect(past.map((e) => e.id)).toEqual([6, 1, 4]);
  });

  it('starts the past list with viewport height / 280 + 1 cards', () => {
    expect(initialPastCount(800)).toBe(3);
    expect(initialPastCount(280)).toBe(2);
    expect(initialPastCount(0)).toBe(1);
  });
});

describe('phone links', () => {
  it('needs 7+ digits; a 10-digit number gets +1', () => {
    expect(phoneHref('Dana Holt 555-201-4477')).toBe('+15552014477');
    expect(phoneHref('Desk: (555) 310-2299')).toBe('+15553102299');
    expect(phoneHref('Front desk 555-1234')).toBe('5551234');
    expect(phoneHref('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneHref('Room 12-34')).toBeNull();
    expect(phoneHref('Ask for Sam')).toBeNull();
  });
});

describe('About read more', () => {
  it('cuts at a word break before about 240 characters, never below 60', () => {
    expect(aboutCut('short text')).toBeNull();
    const long = 'word '.repeat(80).trim();
    const cut = aboutCut(long)!;
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(241);
    expect(cut.length).toBeGreaterThan(200);
    expect(aboutCut('x'.repeat(100), 10)).toBe(`${'x'.repeat(60)}…`);
  });
});

describe('deep links', () => {
  const events = [
    { id: 2, name: 'State Armwrestling Championship' },
    { id: 3, name: 'Frostbite Classic' },
  ];
  it('finds by id or by name in any case', () => {
    expect(findEvent(events, { id: 3 })?.name).toBe('Frostbite Classic');
    expect(findEvent(events, { name: 'state ARMWRESTLING championship' })?.id).toBe(2);
    expect(findEvent(events, { name: 'nope' })).toBeUndefined();
  });
});
