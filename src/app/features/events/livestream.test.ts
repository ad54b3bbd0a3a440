import { describe, expect, it } from 'vitest';
import { formatCountdown, liveOverlapMs, livestreamStart, livestreamState, parseStartMinutes } from './livestream.ts';

const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

describe('livestream state machine, on a fake clock', () => {
  it('parses start times with am/pm', () => {
    expect(parseStartMinutes('10:00 am')).toBe(600);
    expect(parseStartMinutes('7 PM')).toBe(19 * 60);
    expect(parseStartMinutes('12:30 pm')).toBe(12 * 60 + 30);
    expect(parseStartMinutes('12 am')).toBe(0);
    expect(parseStartMinutes('noon')).toBeNull();
    expect(parseStartMinutes(null)).toBeNull();
  });

  it('starts at the date plus the start time, noon by default', () => {
    expect(livestreamStart({ date: '2026-05-02', schedule_start: '11:00 am' })?.getTime()).toBe(at(2026, 5, 2, 11));
    expect(livestreamStart({ date: '2026-05-02', schedule_start: null })?.getTime()).toBe(at(2026, 5, 2, 12));
  });

  it('counts down, is live from the start, ends 12 h after it or at the end of the day', () => {
    const e = { date: '2026-05-02', schedule_start: '9:00 am' };
    expect(livestreamState(e, at(2026, 5, 2, 8, 59))).toEqual({ phase: 'before', msLeft: 60_000 });
    expect(livestreamState(e, at(2026, 5, 2, 9))).toEqual({ phase: 'live' });
    expect(livestreamState(e, at(2026, 5, 2, 20, 59))).toEqual({ phase: 'live' });
    expect(livestreamState(e, at(2026, 5, 2, 21))).toEqual({ phase: 'ended' });
    const late = { date: '2026-05-02', schedule_start: '7 pm' };
    expect(livestreamState(late, at(2026, 5, 2, 23, 59))).toEqual({ phase: 'live' });
    expect(livestreamState(late, at(2026, 5, 3))).toEqual({ phase: 'ended' });
  });

  it('formats the countdown', () => {
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 03h 04m 05s');
    expect(formatCountdown(65_000)).toBe('1m 05s');
    expect(formatCountdown(-5)).toBe('0m 00s');
  });
});

describe('watch time for analytics', () => {
  it('is the part of the open time the stream was live', () => {
    const e = { date: '2026-05-02', schedule_start: '9:00 am' };
    expect(liveOverlapMs(e, at(2026, 5, 2, 8, 50), at(2026, 5, 2, 9, 10))).toBe(10 * 60_000);
    expect(liveOverlapMs(e, at(2026, 5, 2, 7), at(2026, 5, 2, 8))).toBe(0);
  });
});

describe('with the video service (a key on the server)', () => {
  const e = { date: '2026-05-02', schedule_start: '9:00 am' };

  it('goes by the video’s scheduled start, then its actual start', () => {
    const scheduled = new Date(at(2026, 5, 2, 10)).toISOString();
    expect(livestreamState(e, at(2026, 5, 2, 9, 30), { scheduled_start: scheduled })).toEqual({
      phase: 'before',
      msLeft: 30 * 60_000,
    });
    const actual = new Date(at(2026, 5, 2, 9, 20)).toISOString();
    expect(livestreamState(e, at(2026, 5, 2, 9, 30), { scheduled_start: scheduled, actual_start: actual })).toEqual({
      phase: 'live',
    });
  });

  it('ends at the video’s actual end', () => {
    const video = {
      actual_start: new Date(at(2026, 5, 2, 9)).toISOString(),
      actual_end: new Date(at(2026, 5, 2, 11)).toISOString(),
    };
    expect(livestreamState(e, at(2026, 5, 2, 10, 59), video)).toEqual({ phase: 'live' });
    expect(livestreamState(e, at(2026, 5, 2, 11), video)).toEqual({ phase: 'ended' });
    expect(liveOverlapMs(e, at(2026, 5, 2, 10), at(2026, 5, 2, 12), video)).toBe(60 * 60_000);
  });

  it('falls back to the event’s schedule when the service said nothing readable', () => {
    expect(livestreamState(e, at(2026, 5, 2, 8, 59), { scheduled_start: 'soon' })).toEqual({
      phase: 'before',
      msLeft: 60_000,
    });
  });
});
