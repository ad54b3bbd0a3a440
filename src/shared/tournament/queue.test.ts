import { describe, expect, test } from 'vitest';
import { type CategoryState, deriveCategory } from './derive.ts';
import { athleteOutlook, callQueue, outlookText, playOrder, QUEUE_LABELS, type TableCategory } from './queue.ts';
import { DEFAULT_SETTINGS } from './rules.ts';
import { buildBracket } from './structure.ts';
import { category, playOut, result } from './engine.test-kit.ts';

const codes = (queue: ReturnType<typeof callQueue>) => queue.map((q) => `${q.category} ${q.match.code}`);

/** A category whose entries are numbered from `from` (so two categories do not share athletes). */
function categoryFrom(size: number, from: number, slotsOf?: CategoryState): CategoryState {
  const base = slotsOf ?? category(size);
  const slots = base.slots.map((e) => (e === null ? null : e - 1 + from));
  return deriveCategory(buildBracket(size, { superFinal: true }), slots, {}, DEFAULT_SETTINGS);
}

describe('playOrder', () => {
  test('W1, L1, W2, L2, then the finals', () => {
    expect(playOrder(buildBracket(4, { superFinal: true }))).toEqual([
      'W1-1',
      'W1-2',
      'L1-1',
      'W2-1',
      'L2-1',
      'F1',
      'F2',
    ]);
  });
});

describe('callQueue', () => {
  test('one category: its ready matches in play order', () => {
    const s = category(8);
    expect(codes(callQueue([{ key: 'c', state: s }]))).toEqual(['c W1-1', 'c W1-2', 'c W1-3', 'c W1-4']);
  });

  test('two categories interleave by how far each is, so both advance at the same pace', () => {
    const big = categoryFrom(8, 100);
    const small = categoryFrom(4, 200);
    // 8 athletes: 15 matches; 4 athletes: 7. W1-2 of the small one is 1/7 through it, after 2 of the big one.
    expect(
      codes(
        callQueue([
          { key: 'big', state: big },
          { key: 'small', state: small },
        ]),
      ),
    ).toEqual(['big W1-1', 'small W1-1', 'big W1-2', 'big W1-3', 'small W1-2', 'big W1-4']);
  });

  test('an athlete in both hands at one table does not pull twice in a row when another match can go between', () => {
    const right = categoryFrom(4, 1);
    const left = categoryFrom(4, 1, right); // the same four athletes, the same draw
    const table: TableCategory[] = [
      { key: 'RH', state: right },
      { key: 'LH', state: left },
    ];
    const queue = callQueue(table);
    expect(codes(queue)).toEqual(['RH W1-1', 'RH W1-2', 'LH W1-1', 'LH W1-2']);
    for (let i = 1; i < queue.length; i++) {
      const [x, y] = [queue[i - 1]!.match, queue[i]!.match];
      expect([x.a, x.b].some((e) => e === y.a || e === y.b)).toBe(false);
    }
  });

  test('matches decided or waiting are not queued', () => {
    const s = playOut(category(4), (m) => (m.code === 'W1-1' ? result(m, 'A') : null));
    expect(codes(callQueue([{ key: 'c', state: s }]))).toEqual(['c W1-2']);
  });
});

describe('athleteOutlook', () => {
  const s = category(16);
  const table = { number: 3, categories: [{ key: 'c', state: s }] };
  const athleteIn = (code: string) => s.byCode.get(code)!.a!;

  test.each([
    ['W1-1', 0, 'Table 3 · now pulling'],
    ['W1-2', 1, 'Table 3 · on deck'],
    ['W1-3', 2, 'Table 3 · in the hole'],
    ['W1-4', 3, 'Table 3 · 3 matches ahead'],
    ['W1-8', 7, 'Table 3 · 7 matches ahead'],
  ])('the athlete of %s: %i ahead, "%s"', (code, ahead, text) => {
    const outlook = athleteOutlook(table, 'c', athleteIn(code));
    expect(outlook).toEqual({ kind: 'next', table: 3, match: code, ahead, ready: true });
    expect(outlookText(outlook)).toBe(text);
  });

  test('the queue labels are the first three places', () => {
    expect(QUEUE_LABELS).toEqual(['Now pulling', 'On deck', 'In the hole']);
  });

  test('waiting for an opponent: an estimate behind the ready matches', () => {
    const after = playOut(s, (m) => (m.code === 'W1-1' ? result(m, 'A') : null));
    const winner = after.byCode.get('W1-1')!.a!;
    const outlook = athleteOutlook({ number: 3, categories: [{ key: 'c', state: after }] }, 'c', winner);
    // 7 ready (W1-2 to W1-8), then the waiting matches before W2-1 in play order: L1-1 to L1-4.
    expect(outlook).toEqual({ kind: 'next', table: 3, match: 'W2-1', ahead: 11, ready: false });
  });

  test('once out: the final place; disqualified: no place; not drawn: not in the category', () => {
    const done = playOut(s, (m) => result(m, 'A'));
    const at = { number: 3, categories: [{ key: 'c', state: done }] };
    expect(outlookText(athleteOutlook(at, 'c', done.champion!))).toBe('1st place');
    const fifth = done.places.find((p) => p.place === 5)!;
    expect(athleteOutlook(at, 'c', fifth.entry)).toEqual({ kind: 'placed', place: 5, last: 6 });
    expect(outlookText(athleteOutlook(at, 'c', fifth.entry))).toBe('5th–6th place');
    expect(athleteOutlook(at, 'c', 9999)).toEqual({ kind: 'not_entered' });
    expect(athleteOutlook(at, 'other', 1)).toEqual({ kind: 'not_entered' });

    const cheat = s.byCode.get('W1-1')!.b!;
    const dq = playOut(s, (m) => (m.code === 'W1-1' ? result(m, 'A', 'dq') : null));
    expect(outlookText(athleteOutlook({ number: 3, categories: [{ key: 'c', state: dq }] }, 'c', cheat))).toBe(
      'Disqualified',
    );
  });
});
