import { describe, expect, it } from 'vitest';
import { playedCategory, testTournament } from '../common/tournament.test-kit.ts';
import { categorySheet, tournamentSheets, type CategorySheet } from './sheet-model.ts';
import {
  BLOCK_GAP,
  BLOCK_HEAD,
  BOX_HEIGHT,
  FIRST_HEAD,
  NEXT_HEAD,
  PAGE_AREA,
  sheetPages,
  type SheetBlock,
} from './sheet-pages.ts';

const tournament = testTournament([]);
const sheetOf = (size: number, played = 0): CategorySheet =>
  categorySheet(tournament, playedCategory(1, size, played))!;
const height = (b: SheetBlock) => (b.kind === 'athletes' ? b.height : BLOCK_HEAD + b.height);

describe('a category’s draw sheet', () => {
  it('lists the athletes in draw order and every match of the bracket, the super final included', () => {
    const sheet = sheetOf(12);
    expect(sheet.athletes.map((a) => a.draw)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // 2N - 2 matches, and the super final the rules may pull.
    expect(sheet.matches.size).toBe(2 * 12 - 2 + 1);
    expect([...sheet.matches.keys()]).toContain('F2');
    expect(sheet.orientation).toBe('portrait');
    expect(sheetOf(16).orientation).toBe('portrait');
    expect(sheetOf(17).orientation).toBe('landscape');
  });

  it('names an athlete not yet known by where they come from, and a decided match’s winner and method', () => {
    const sheet = sheetOf(8, 1);
    const first = [...sheet.matches.values()].find((m) => m.method !== null)!;
    expect(first.method).toBe('Pin');
    expect(first.a.won).toBe(true);
    expect(first.b.won).toBe(false);
    const open = sheet.matches.get('W1-2')!;
    expect(open.method).toBeNull();
    expect(open.a.name).not.toBeNull();
    const later = sheet.matches.get('W2-1')!;
    // W1-1 decided: its winner is in W2-1; W1-2 not: its winner is still to come.
    expect(later.a.name).toBe(first.a.name);
    expect(later.b).toMatchObject({ name: null, from: 'Winner of W1-2' });
    expect(sheet.matches.get('L1-1')!.b.from).toBe('Loser of W1-2');
  });

  it('prints every drawn category for Print all, and a category not drawn not at all', () => {
    const notDrawn = { ...playedCategory(2, 4), slots: [], matches: [], byes: [] };
    const t = testTournament([playedCategory(1, 12), notDrawn, playedCategory(3, 40)]);
    expect(tournamentSheets(t, undefined).map((s) => s.id)).toEqual([1, 3]);
    expect(tournamentSheets(t, 3).map((s) => s.id)).toEqual([3]);
    expect(tournamentSheets(t, 2)).toEqual([]);
  });
});

describe('its pages', () => {
  it('fit a bracket of up to 16 athletes on one portrait page', () => {
    for (const size of [2, 3, 5, 8, 12, 16]) expect(sheetPages(sheetOf(size)), `${size}`).toHaveLength(1);
  });

  it('print 17 to 32 athletes on two landscape pages, 33 to 64 on four, 65 to 128 on seven', () => {
    for (const [sizes, pages] of [
      [[17, 24, 32], 2],
      [[33, 64], 4],
      [[65, 100, 128], 7],
    ] as const) {
      for (const size of sizes) expect(sheetPages(sheetOf(size)), `${size}`).toHaveLength(pages);
    }
    const forty = sheetPages(sheetOf(40));
    expect(forty.map((p) => p.blocks.map((b) => (b.kind === 'athletes' ? 'athletes' : b.title)))).toEqual([
      ['athletes', 'Final'],
      ['Winners’ bracket (part 1 of 2)'],
      ['Winners’ bracket (part 2 of 2)'],
      ['Losers’ bracket'],
    ]);
  });

  it('never hold more than the smaller of A4 and Letter holds, and every box of a bracket on exactly one page', () => {
    for (const size of [2, 6, 12, 16, 17, 31, 40, 64, 65, 100, 128]) {
      const sheet = sheetOf(size);
      const area = PAGE_AREA[sheet.orientation];
      const pages = sheetPages(sheet);
      const codes: string[] = [];
      for (const page of pages) {
        const used =
          (page.number === 1 ? FIRST_HEAD : NEXT_HEAD) + page.blocks.reduce((sum, b) => sum + BLOCK_GAP + height(b), 0);
        expect(used, `${size} athletes, page ${page.number}`).toBeLessThanOrEqual(area.height);
        for (const block of page.blocks) {
          if (block.kind === 'athletes') continue;
          expect(block.width, `${size}: ${block.title}`).toBeLessThanOrEqual(area.width + 1e-9);
          for (const box of block.boxes) {
            expect(box.top).toBeGreaterThanOrEqual(0);
            expect(box.top + BOX_HEIGHT).toBeLessThanOrEqual(block.height + 1e-9);
            codes.push(box.code);
          }
        }
      }
      const expected = [...sheet.structure.matches.map((m) => m.code), ...sheet.structure.byes.map((b) => b.code)];
      expect(codes.sort(), `${size} athletes`).toEqual(expected.sort());
    }
  });
});
