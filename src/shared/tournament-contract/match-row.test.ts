import { describe, expect, it } from 'vitest';
import { category, playOut, result } from '../tournament/engine.test-kit.ts';
import { matchRow, resultText, rowResult, rowResultText } from './match-row.ts';

describe('a match between the engine and the wire', () => {
  const state = playOut(category(4), (m) => (m.code === 'W1-1' ? { ...result(m, 'B'), fouls_a: 2 } : null));
  const entries = state.slots.flatMap((e) => (e === null ? [] : [{ id: e, name: `Athlete ${e}` }]));
  const decided = state.byCode.get('W1-1')!;
  const row = matchRow(decided, 501, { entries, table: 3 });

  it('the row names the athletes, the result with its counts, and the table', () => {
    expect(row).toMatchObject({ id: 501, code: 'W1-1', bracket: 'W', round: 1, status: 'done', winner: 'B' });
    expect([row.a, row.b]).toEqual([`Athlete ${decided.a}`, `Athlete ${decided.b}`]);
    expect(row).toMatchObject({ fouls_a: 2, warnings_a: 0, table: 3 });
  });

  it('the row gives back the result the engine holds, and none for an undecided match', () => {
    expect(rowResult(row)).toEqual(decided.result);
    const open = state.matches.find((m) => m.status !== 'done')!;
    expect(rowResult(matchRow(open, 502, { entries, table: null }))).toBeNull();
  });

  it('one text for a result: the winner first, the method in words', () => {
    expect(resultText('Ann Lee', 'Bea Cruz', 'fouls')).toBe('Ann Lee beat Bea Cruz (Fouls)');
    expect(rowResultText(row)).toBe(`Athlete ${decided.b} beat Athlete ${decided.a} (Pin)`);
    expect(rowResultText(undefined)).toBeNull();
  });
});
