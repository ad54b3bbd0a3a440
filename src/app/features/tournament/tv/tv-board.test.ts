import { describe, expect, it } from 'vitest';
import { athleteOutlook, outlookText, type CategoryState } from '../../../../shared/tournament/index.ts';
import { categoryState } from '../common/category-state.ts';
import { playedCategory, testTournament } from '../common/tournament.test-kit.ts';
import { tvCategories, tvTables } from './tv-board.ts';

const atTable = (c: ReturnType<typeof playedCategory>, table: number | null) => ({ ...c, table });

describe("the TV's tables", () => {
  const big = atTable(playedCategory(1, 16, 10), 1);
  const small = atTable(playedCategory(2, 6, 3), 1);
  const done = atTable(playedCategory(3, 5), 2);
  const nowhere = atTable(playedCategory(4, 8, 2), null);
  const t = testTournament([big, small, done, nowhere]);

  it('lists each table with a category, by number; a finished table has nothing to pull', () => {
    const tables = tvTables(t);
    expect(tables.map((x) => x.number)).toEqual([1, 2]);
    expect(tables.map((x) => x.done)).toEqual([false, true]);
    expect(tables[1]!.queue).toEqual([]);
  });

  it("shows the table's call queue as 'Find an athlete' tells it: now pulling, then on deck", () => {
    const [table] = tvTables(t);
    expect(table!.queue).toHaveLength(2);
    const states = new Map<string, CategoryState>([
      ['1', categoryState(big, t.settings)],
      ['2', categoryState(small, t.settings)],
    ]);
    const categories = [...states].map(([key, state]) => ({ key, state }));
    for (const [i, place] of ['now pulling', 'on deck'].entries()) {
      const m = table!.queue[i]!;
      const category = [big, small].find((c) => m.key.startsWith(`${c.id}-`))!;
      expect(m.category).toBe(category.name);
      for (const name of [m.a, m.b]) {
        const entry = category.entries.find((e) => e.name === name)!.id;
        const outlook = athleteOutlook({ number: 1, categories }, String(category.id), entry);
        expect(outlookText(outlook)).toBe(`Table 1 · ${place}`);
      }
    }
  });

  it('turns through the categories drawn and not finished, at a table or not', () => {
    expect(tvCategories(t).map((c) => c.id)).toEqual([1, 2, 4]);
  });
});
