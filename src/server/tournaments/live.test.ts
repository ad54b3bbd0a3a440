import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { json, tournamentFixture } from '../test/tournament-fixture.ts';
import { onTournamentChange } from './changes.ts';
import { changeBytes, keepAlive } from './live.ts';

/** What the live stream is built to hold: a hall of spectators on one process (bench/README.md, live). */

describe('keep-alive pings', () => {
  afterEach(() => vi.useRealTimers());

  it('ping every stream once a round, one slice per tick, from one timer that stops with the last stream', () => {
    vi.useFakeTimers();
    const pings = keepAlive(15_000, 15);
    const counts = Array.from({ length: 30 }, () => 0);
    const leaves = counts.map((_, i) => pings.join(() => counts[i]!++));
    expect(vi.getTimerCount()).toBe(1);
    // The first tick pings one slice: 2 of the 30, not all of them at once.
    vi.advanceTimersByTime(1000);
    expect(counts.filter((n) => n === 1)).toHaveLength(2);
    vi.advanceTimersByTime(14_000);
    expect(counts).toEqual(counts.map(() => 1));
    vi.advanceTimersByTime(15_000);
    expect(counts).toEqual(counts.map(() => 2));
    // A stream that left is pinged no more; the last to leave stops the timer.
    leaves[0]!();
    leaves[0]!();
    vi.advanceTimersByTime(15_000);
    expect(counts[0]).toBe(2);
    expect(counts[1]).toBe(3);
    for (const leave of leaves) leave();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a change for a hall', () => {
  it('is encoded once, whoever asks', () => {
    const change = { version: 7, category_id: 3 };
    const bytes = changeBytes(change);
    expect(changeBytes(change)).toBe(bytes);
    expect(new TextDecoder().decode(bytes)).toBe('event: change\ndata: {"version":7,"category_id":3}\nid: 7\n\n');
  });

  it('reaches every open stream with the same bytes, after the table device has its answer', async () => {
    const h = await createHarness();
    try {
      const f = await tournamentFixture(h);
      const cat = await f.category();
      const key = await f.link(1);
      await json(await f.setTable(cat.id, 1), 200);
      const streams = await Promise.all(
        Array.from({ length: 50 }, () => h.request(`/api/v1/tournaments/${f.t.id}/live`)),
      );
      const readers = streams.map((res) => res.body!.getReader());
      // Each stream opens with its comment line.
      for (const reader of readers) expect(new TextDecoder().decode((await reader.read()).value)).toBe(': live\n\n');

      let told = false;
      const off = onTournamentChange(h.db, f.t.id, () => (told = true));
      const m = cat.matches.find((x) => x.status === 'ready')!;
      await json(await f.result(m.id, { winner: 'A', method: 'pin' }, { key }), 201);
      // The answer came first: the hall is told on the next turn, so a device does not wait for 2,000 writes.
      expect(told).toBe(false);
      const chunks = await Promise.all(readers.map(async (reader) => (await reader.read()).value!));
      expect(told).toBe(true);
      const version = h.db.prepare('SELECT version FROM tournaments WHERE id = ?').pluck().get(f.t.id) as number;
      const expected = `event: change\ndata: {"version":${version},"category_id":${cat.id}}\nid: ${version}\n\n`;
      expect(new TextDecoder().decode(chunks[0])).toBe(expected);
      expect(chunks.every((c) => c === chunks[0])).toBe(true);
      off();
      await Promise.all(readers.map((reader) => reader.cancel()));
    } finally {
      h.close();
    }
  });
});
