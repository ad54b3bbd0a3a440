import { describe, expect, it } from 'vitest';
import { bracketSections, findAthlete, matchLabel, startRound } from './bracket-view.ts';
import { playedCategory, testTournament } from '../../lib/test-tournament.ts';

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
});
