import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/tournament/index.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import { playedCategory, publicCategory } from '../common/tournament.test-kit.ts';
import { category, doubleNoShow, playOut, result } from '../../../../shared/tournament/engine.test-kit.ts';
import { nowPulling } from './bracket-view.ts';
import { categoryLayout, litPath, startBox, treeBoxes } from './tree-model.ts';

const settings = { ...DEFAULT_SETTINGS, team_points: [...DEFAULT_SETTINGS.team_points], super_final: true };
const boxesOf = (c: TournamentCategory, front: string | null = null) =>
  treeBoxes(categoryLayout(c, settings), c, front);

describe('treeBoxes', () => {
  it('names a decided match for a screen reader with its round, number, athletes and result', () => {
    const c = playedCategory(1, 8);
    const m = c.matches.find((x) => x.code === 'W2-2')!;
    const box = boxesOf(c).find((b) => b.box.code === 'W2-2')!;
    const winner = m.winner === 'A' ? m.a : m.b;
    expect(box.name).toBe(`Winners’ round 2, match 2: ${m.a} against ${m.b}, ${winner} won by pin`);
    expect(box.state).toBe('done');
    expect(box.stateText).toBe('Done');
    expect((m.winner === 'A' ? box.a : box.b).won).toBe(true);
  });

  it('names a double no-show, and the match it fed as won with no opponent', () => {
    // W1-1 a double no-show, then every ready match won by A: W2-1 goes to W1-2's winner without a pull.
    const c = publicCategory(
      1,
      playOut(category(8), (m) => (m.code === 'W1-1' ? doubleNoShow(m) : result(m, 'A'))),
    );
    const boxes = boxesOf(c);
    const w11 = c.matches.find((m) => m.code === 'W1-1')!;
    const double = boxes.find((b) => b.box.code === 'W1-1')!;
    expect(double.name).toBe(`Winners’ round 1, match 1: ${w11.a} against ${w11.b}, both lost: double no-show`);
    expect(double.stateText).toBe('Done · Double no-show');
    const w21 = boxes.find((b) => b.box.code === 'W2-1')!;
    expect(w21.a.text).toBe('No opponent');
    expect(w21.name).toMatch(/^Winners’ round 2, match 1: nobody against .+, .+ won by no-show$/);
  });

  it('says what is known of an undecided match, and writes a drop-in as the loser of its winners’ match', () => {
    // 8 athletes, only winners' round 1 and losers' round 1 played: losers' round 2 waits for its drop-ins.
    const c = playedCategory(1, 8, 6);
    const boxes = boxesOf(c);
    const l2 = boxes.find((b) => b.box.code === 'L2-1')!;
    const row = c.matches.find((m) => m.code === 'L2-1')!;
    expect(row.a).not.toBeNull();
    expect(l2.b.text).toMatch(/^Loser of W2-\d$/);
    expect(l2.b.known).toBe(false);
    expect(l2.name).toBe(`Losers’ round 2, match 1: ${row.a} against to be decided`);
    const final = boxes.find((b) => b.box.code === 'F1')!;
    expect(final.name).toBe('Final: to be decided against to be decided');
    expect(final.state).toBe('waiting');
  });

  it('tells now pulling, called (queued behind it at the table) and ready without a table', () => {
    const running = playedCategory(1, 8, 2);
    expect(boxesOf(running).find((b) => b.state === 'ready')).toBeDefined();
    const atTable = {
      ...running,
      table: 2,
      matches: running.matches.map((m) => ({ ...m, table: 2 })),
    };
    const front = nowPulling({ settings, categories: [atTable] }, atTable);
    expect(front).toBe(atTable.matches.find((m) => m.status === 'ready')!.code);
    const boxes = boxesOf(atTable, front);
    expect(boxes.filter((b) => b.state === 'pulling').map((b) => [b.box.code, b.stateText])).toEqual([
      [front, 'Table 2 · Now pulling'],
    ]);
    const called = boxes.filter((b) => b.state === 'called');
    expect(called.length).toBe(atTable.matches.filter((m) => m.status === 'ready').length - 1);
    expect(called[0]!.stateText).toBe('Table 2 · Called');
  });

  it('writes the method of a result that is not a pin, and draws byes with their athlete', () => {
    const c = playedCategory(1, 5);
    const done = c.matches.find((m) => m.status === 'done')!;
    const fouled = {
      ...c,
      matches: c.matches.map((m) => (m.code === done.code ? { ...m, method: 'fouls' as const } : m)),
    };
    const box = boxesOf(fouled).find((b) => b.box.code === done.code)!;
    expect(box.stateText).toBe('Done · Fouls');
    expect(box.name).toMatch(/won by fouls$/);
    const byes = boxesOf(c).filter((b) => b.state === 'bye');
    expect(byes.map((b) => b.name)).toEqual(
      c.byes.map((b) => `Winners’ round 1, match ${b.code.slice(3)}: ${b.name}, bye`),
    );
  });
});

describe('litPath', () => {
  it('lights every box of the champion and the lines between the boxes they won and went on from', () => {
    const c = playedCategory(1, 16);
    const layout = categoryLayout(c, settings);
    const boxes = treeBoxes(layout, c, null);
    const champion = c.placings.find((p) => p.place === 1)!.entry_id;
    const lit = litPath(boxes, layout.connectors, new Set([champion]));
    const theirs = c.matches.filter((m) => m.a_entry === champion || m.b_entry === champion).map((m) => m.code);
    expect([...lit.boxes].sort()).toEqual(theirs.sort());
    expect(lit.connectors.length).toBeGreaterThan(0);
    for (const line of lit.connectors) {
      expect(lit.boxes.has(line.from) && lit.boxes.has(line.to)).toBe(true);
      const from = c.matches.find((m) => m.code === line.from)!;
      expect(from.winner === 'A' ? from.a_entry : from.b_entry).toBe(champion);
    }
    expect(litPath(boxes, layout.connectors, new Set()).boxes.size).toBe(0);
  });
});

describe('startBox', () => {
  it('opens on the match pulled now, an athlete’s next match, or a finished bracket’s final', () => {
    const running = playedCategory(1, 16, 10);
    const firstReady = running.matches.find((m) => m.status === 'ready')!.code;
    expect(startBox(running, null)).toBe(firstReady);
    expect(startBox(running, 'W2-3')).toBe('W2-3');
    const waiting = running.matches.find((m) => m.status !== 'done' && m.a_entry !== null)!;
    expect(startBox(running, null, waiting.a_entry!)).toBe(waiting.code);
    const done = playedCategory(1, 16);
    expect(startBox(done, null)).toBe(done.matches[done.matches.length - 1]!.code);
  });
});
