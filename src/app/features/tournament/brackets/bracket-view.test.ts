import { describe, expect, it } from 'vitest';
import { buildBracket, DEFAULT_SETTINGS, deriveCategory, drawCategory } from '../../../../shared/tournament/index.ts';
import { bracketSections, findAthlete, matchLabel, startRound } from './bracket-view.ts';
import { playedCategory, publicCategory, testTournament } from '../common/tournament.test-kit.ts';

describe('bracketSections', () => {
  it('lays out a finished bracket of 5: winners, losers, final, with the byes in the first round', () => {
    const c = playedCategory(1, 5);
    const sections = bracketSections(c);
    expect(sections.map((s) => s.title)).toEqual(['Winners’ bracket', 'Losers’ bracket', 'Final']);
    const w1 = sections[0]!.rounds[0]!;
    expect(w1.label).toBe('Round 1');
    // 5 athletes in 8 slots: one match and three byes, never counted as matches.
    expect(w1.items.filter((i) => i.kind === 'bye')).toHaveLength(3);
    expect(w1.items.filter((i) => i.kind === 'match')).toHaveLength(1);
    const matches = sections.flatMap((s) => s.rounds.flatMap((r) => r.items)).filter((i) => i.kind === 'match');
    expect(matches).toHaveLength(2 * 5 - 2);
  });

  it('shows the super final once it is pulled', () => {
    // A wins everything, so the final is won by the winners' champion unless the losers' champion is A there:
    // find a played category where the super final came, or check it is absent otherwise.
    const c = playedCategory(1, 4);
    const titles = bracketSections(c).map((s) => s.title);
    const pulled = c.matches.some((m) => m.code === 'F2');
    expect(titles.includes('Super final')).toBe(pulled);
  });
});

describe('startRound', () => {
  it('opens on the first round with a ready match, and a finished bracket on its last round', () => {
    const running = bracketSections(playedCategory(1, 16, 8))[0]!;
    expect(running.rounds[startRound(running.rounds)]!.label).toBe('Round 2');
    const done = bracketSections(playedCategory(1, 16))[0]!;
    expect(startRound(done.rounds)).toBe(done.rounds.length - 1);
  });
});

describe('matchLabel', () => {
  it('names each bracket’s rounds and the finals', () => {
    expect(matchLabel({ bracket: 'W', round: 2 })).toBe('Winners’ round 2');
    expect(matchLabel({ bracket: 'L', round: 1 })).toBe('Losers’ round 1');
    expect(matchLabel({ bracket: 'F', round: 1 })).toBe('Final');
    expect(matchLabel({ bracket: 'F', round: 2 })).toBe('Super final');
  });
});

describe('findAthlete', () => {
  it('says the final place once the category is finished', () => {
    const c = playedCategory(1, 8);
    const champion = c.placings.find((p) => p.place === 1)!.name;
    expect(findAthlete(testTournament([c]), champion.toUpperCase())).toEqual([{ category: c, text: '1st place' }]);
    const fifth = c.placings.find((p) => p.place === 5)!;
    expect(findAthlete(testTournament([c]), fifth.name)[0]!.text).toBe('5th–6th place');
  });

  it('names the next match and the opponent while the category runs, and nothing for a stranger', () => {
    const c = playedCategory(1, 8, 0);
    const first = c.matches[0]!;
    const [find] = findAthlete(testTournament([c]), first.a!);
    expect(find!.text).toBe(`Next: Winners’ round 1 · against ${first.b}`);
    expect(findAthlete(testTournament([c]), 'Nobody')).toEqual([]);
  });

  it('uses the engine’s outlook with the table once the category has one', () => {
    const c = { ...playedCategory(1, 8, 0), table: 3 };
    expect(findAthlete(testTournament([c]), c.matches[0]!.a!)[0]!.text).toBe('Table 3 · now pulling');
  });

  it('counts the matches of the whole table, and an athlete in both hands sees both categories', () => {
    // Two categories of 4 at Table 3; the second's entries have ids of their own, as on the server.
    const left = deriveCategory(
      buildBracket(4, { superFinal: DEFAULT_SETTINGS.super_final }),
      drawCategory(
        [101, 102, 103, 104].map((id) => ({ id, weight: 180 })),
        { method: 'lot', seed: 1 },
      ).slots,
      {},
      DEFAULT_SETTINGS,
    );
    const c1 = { ...playedCategory(1, 4, 0), table: 3 };
    const other = publicCategory(2, left, { table: 3, name: 'Men · Left Hand · 198 lbs · Amateur' });
    // The queue: c1 W1-1, c2 W1-1, c1 W1-2, c2 W1-2 (by progress, then by category).
    const [w11, w12] = c1.matches;
    const [, o12] = other.matches;
    expect([w11!.code, w12!.code, o12!.code]).toEqual(['W1-1', 'W1-2', 'W1-2']);
    const both = w12!.a!;
    const c2 = {
      ...other,
      entries: other.entries.map((e) => (e.id === o12!.a_entry ? { ...e, name: both } : e)),
    };
    expect(findAthlete(testTournament([c1, c2]), both).map((f) => [f.category.id, f.text])).toEqual([
      [1, 'Table 3 · in the hole'],
      [2, 'Table 3 · 3 matches ahead'],
    ]);
  });
});
