import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../shared/outbox/entry.ts';
import { resultContext } from '../../../../shared/tournament-contract/result-outbox.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { category, playOut, result } from '../../../../shared/tournament/engine.test-kit.ts';
import { playedCategory, publicCategory, testTournament } from '../common/tournament.test-kit.ts';
import { planTable } from './table-plan.ts';

const KEY = 'table-key';
const SENT_AT = 10_000;

/** A read of a four-athlete category at table 2, with its first `played` matches decided, at `version`. */
function readAt(version: number, played: number): Tournament {
  return { ...testTournament([{ ...playedCategory(1, 4, played), table: 2 }]), version };
}

/** This device's result for the match now first in the queue of `read` (A wins), delivered or not. */
function resultFor(read: Tournament, entry: Partial<OutboxEntry>): OutboxEntry {
  const first = plan(read, []).queue[0]!;
  return {
    id: `r-${first.state.code}`,
    kind: 'match_result',
    payload: { winner: 'A', method: 'pin' },
    createdAt: 1,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    auth: false,
    context: {
      tournament: read.id,
      category: first.category.id,
      match: first.row.id,
      code: first.state.code,
      a: first.a.entry,
      b: first.b.entry,
      key: KEY,
    },
    ...entry,
  };
}

const plan = (read: Tournament, entries: OutboxEntry[], readTime = SENT_AT + 1) =>
  planTable({
    tournament: read,
    table: 2,
    key: KEY,
    entries,
    readAt: readTime,
  });

/** The match a result entry was recorded for. */
const ref = (e: OutboxEntry) => resultContext(e)!;

const nowPulling = (p: ReturnType<typeof plan>) => p.queue[0]?.state.code;

describe('the table plan', () => {
  const before = readAt(5, 0);
  const after = readAt(6, 1);

  it('replays a result still waiting over the read: the queue moves on', () => {
    const waiting = resultFor(before, {});
    expect(nowPulling(plan(before, []))).toBe(ref(waiting).code);
    const p = plan(before, [waiting]);
    expect(nowPulling(p)).not.toBe(ref(waiting).code);
    expect(p.waiting).toEqual([waiting]);
  });

  it('a delivered result is held by a read of the version its answer named, or a later one', () => {
    const sent = resultFor(before, { state: 'sent', sentAt: SENT_AT, answer: { version: 6 } });
    expect(nowPulling(plan(after, [sent]))).toBe(nowPulling(plan(after, [])));
    expect(plan(after, [sent]).undo?.entry.id).toBe(sent.id);
  });

  it('an older read that arrives after the delivery (a slow network, the worker’s copy) still gets the result replayed', () => {
    const sent = resultFor(before, { state: 'sent', sentAt: SENT_AT, answer: { version: 6 } });
    // Read long after the delivery, but of version 5: without the replay the match would be pulled again.
    const p = plan(before, [sent], SENT_AT + 60_000);
    expect(nowPulling(p)).toBe(nowPulling(plan(after, [])));
    expect(p.waiting).toEqual([]);
    expect(p.refused).toEqual([]);
  });

  it('a result delivered without a version (an earlier build) goes by the time of the read', () => {
    const sent = resultFor(before, { state: 'sent', sentAt: SENT_AT });
    expect(nowPulling(plan(before, [sent], SENT_AT - 1))).toBe(nowPulling(plan(after, [])));
    expect(nowPulling(plan(before, [sent], SENT_AT + 1))).toBe(ref(sent).code);
  });

  it('a final the losers’ champion won, still waiting offline: the super final is next, under its id', () => {
    // Everything pulled but the final; the read does not list the super final (it is not a match yet).
    const state = playOut(category(4), (m) => (m.code === 'F1' ? null : result(m, 'A')));
    const read = { ...testTournament([{ ...publicCategory(1, state), table: 2 }]), version: 5 };
    expect(read.categories[0]!.matches.some((m) => m.code === 'F2')).toBe(false);
    expect(nowPulling(plan(read, []))).toBe('F1');
    const final = resultFor(read, { payload: { winner: 'B', method: 'pin' } });
    const next = plan(read, [final]).queue[0]!;
    expect(next.state.code).toBe('F2');
    expect(next.row.id).toBe(read.categories[0]!.super_final_id);
    expect([next.a.entry, next.b.entry].sort()).toEqual([ref(final).a, ref(final).b].sort());
  });
});
