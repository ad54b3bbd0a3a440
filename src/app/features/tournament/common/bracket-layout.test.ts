import { describe, expect, it } from 'vitest';
import { buildBracket } from '../../../../shared/tournament/index.ts';
import { bracketLayout, DEFAULT_METRICS, type BracketLayout, type LayoutBox } from './bracket-layout.ts';

const SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 24, 33, 40, 64, 100, 128];
const mid = (b: LayoutBox) => b.y + DEFAULT_METRICS.boxHeight / 2;
const feeders = (layout: BracketLayout, box: LayoutBox) =>
  [...new Set([box.a, box.b].flatMap((f) => (f?.kind === 'box' ? [f.code] : [])))].map((c) => layout.byCode.get(c)!);

describe('bracketLayout', () => {
  it.each(SIZES)('draws every match and bye of %i athletes once, in the column of its round', (size) => {
    const structure = buildBracket(size, { superFinal: true });
    const layout = bracketLayout(structure, { superFinal: true });
    const matches = layout.boxes.filter((b) => b.kind === 'match').map((b) => b.code);
    expect(matches.sort()).toEqual(structure.matches.map((m) => m.code).sort());
    expect(layout.boxes.filter((b) => b.kind === 'bye').map((b) => b.code)).toEqual(structure.byes.map((b) => b.code));
    const rounds = Math.log2(structure.slotCount);
    for (const b of layout.boxes) {
      if (b.section !== 'F') expect(b.column).toBe(b.round - 1);
      else expect(b.column).toBe(Math.max(rounds, 2 * (rounds - 1)) + b.round - 1);
    }
  });

  it.each(SIZES)('stands every box of %i athletes between the boxes that feed it, level with a lone one', (size) => {
    const layout = bracketLayout(buildBracket(size, { superFinal: true }), { superFinal: true });
    for (const box of layout.boxes) {
      const from = feeders(layout, box);
      for (const f of from) expect(f.column).toBeLessThan(box.column);
      if (from.length === 2) {
        const [low, high] = from.map(mid).sort((x, y) => x - y) as [number, number];
        expect(mid(box)).toBeGreaterThan(low);
        expect(mid(box)).toBeLessThan(high);
      } else if (from.length === 1) {
        expect(mid(box)).toBe(mid(from[0]!));
      }
    }
  });

  it.each(SIZES)('never lets two boxes of %i athletes overlap, and keeps them inside the drawing', (size) => {
    const layout = bracketLayout(buildBracket(size, { superFinal: true }), { superFinal: true });
    const { boxHeight, boxWidth } = layout.metrics;
    const byColumn = new Map<number, LayoutBox[]>();
    for (const b of layout.boxes) byColumn.set(b.column, [...(byColumn.get(b.column) ?? []), b]);
    for (const column of byColumn.values()) {
      const ys = column.map((b) => b.y).sort((x, y) => x - y);
      for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(boxHeight);
    }
    for (const b of layout.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + boxWidth).toBeLessThanOrEqual(layout.width);
      expect(b.y + boxHeight).toBeLessThanOrEqual(layout.height);
    }
  });

  it.each(SIZES)('joins each box of %i athletes to its feeders with lines that meet both boxes', (size) => {
    const layout = bracketLayout(buildBracket(size, { superFinal: true }), { superFinal: true });
    const { boxWidth, boxHeight } = layout.metrics;
    const expected = layout.boxes.flatMap((b) => feeders(layout, b).map((f) => `${f.code}>${b.code}`));
    expect(layout.connectors.map((c) => `${c.from}>${c.to}`).sort()).toEqual(expected.sort());
    for (const c of layout.connectors) {
      const from = layout.byCode.get(c.from)!;
      const to = layout.byCode.get(c.to)!;
      const first = c.points[0]!;
      const last = c.points[c.points.length - 1]!;
      expect(first).toEqual({ x: from.x + boxWidth, y: from.y + boxHeight / 2 });
      expect(last).toEqual({ x: to.x, y: to.y + boxHeight / 2 });
      // Straight segments only, turning in the gap before the fed box.
      for (let i = 1; i < c.points.length; i++) {
        const [p, q] = [c.points[i - 1]!, c.points[i]!];
        expect(p.x === q.x || p.y === q.y).toBe(true);
        expect(q.x).toBeGreaterThanOrEqual(p.x);
      }
    }
  });

  it('stands the byes of 5 athletes in their slots and feeds the second round from them', () => {
    const structure = buildBracket(5, { superFinal: false });
    const layout = bracketLayout(structure);
    const pitch = DEFAULT_METRICS.boxHeight + DEFAULT_METRICS.rowGap;
    const firstRound = layout.boxes.filter((b) => b.column === 0 && b.section === 'W');
    expect(firstRound.map((b) => [b.code, b.kind])).toEqual([
      ['W1-1', 'bye'],
      ['W1-2', 'match'],
      ['W1-3', 'bye'],
      ['W1-4', 'bye'],
    ]);
    firstRound.forEach((b, i) => expect(b.y).toBe(DEFAULT_METRICS.headerHeight + i * pitch));
    const bye = layout.byCode.get('W1-1')!;
    expect(bye.a).toEqual({ kind: 'slot', slot: 0 });
    expect(bye.b).toBeNull();
    expect(layout.byCode.get('W2-1')!.a).toEqual({ kind: 'box', code: 'W1-1' });
    expect(layout.connectors.some((c) => c.from === 'W1-1' && c.to === 'W2-1')).toBe(true);
  });

  it('writes drop-ins as feeds from the winners’ bracket and keeps collapsed pairings’ codes in place', () => {
    // 12 athletes in 16 slots: 4 byes, so some losers' round 1 pairings collapse or vanish.
    const structure = buildBracket(12, { superFinal: false });
    const layout = bracketLayout(structure);
    const losers = layout.boxes.filter((b) => b.section === 'L');
    for (const b of losers.filter((x) => x.round % 2 === 0 && x.round > 1)) {
      // An even losers' round meets a losers' survivor (or one passed through) with a drop-in.
      expect([b.a, b.b].some((f) => f?.kind === 'drop' && f.code.startsWith('W'))).toBe(true);
    }
    const present = new Set(losers.map((b) => b.code));
    const l1 = Array.from({ length: 4 }, (_, i) => `L1-${i + 1}`);
    expect(l1.some((c) => !present.has(c))).toBe(true);
    // Rows follow the codes: L2-i stands in the row of L1-i whether L1-i is drawn or not.
    const l2 = losers.filter((b) => b.round === 2);
    const top = layout.sections.find((s) => s.key === 'L')!.top + DEFAULT_METRICS.headerHeight;
    const pitch = DEFAULT_METRICS.boxHeight + DEFAULT_METRICS.rowGap;
    for (const b of l2) expect(b.y).toBe(top + (b.position - 1) * pitch);
  });

  it('stands a 40- and a 128-athlete final between the two brackets’ finals, the super final beside it', () => {
    for (const size of [40, 128]) {
      const structure = buildBracket(size, { superFinal: true });
      const rounds = Math.log2(structure.slotCount);
      const layout = bracketLayout(structure, { superFinal: true });
      const final = layout.byCode.get('F1')!;
      const w = layout.byCode.get(`W${rounds}-1`)!;
      const l = layout.byCode.get(`L${2 * (rounds - 1)}-1`)!;
      expect(final.y).toBe((w.y + l.y) / 2);
      expect(final.x).toBeGreaterThan(l.x);
      const superFinal = layout.byCode.get('F2')!;
      expect(superFinal.y).toBe(final.y);
      expect(superFinal.a).toEqual({ kind: 'box', code: 'F1' });
      expect(layout.sections.map((s) => s.key)).toEqual(['W', 'L', 'F']);
    }
    expect(bracketLayout(buildBracket(128, { superFinal: true })).byCode.has('F2')).toBe(false);
  });

  it('draws 2 athletes as one match and a final fed by its winner and, as a drop-in, its loser', () => {
    const layout = bracketLayout(buildBracket(2, { superFinal: false }));
    expect(layout.sections.map((s) => s.key)).toEqual(['W', 'F']);
    expect(layout.byCode.get('F1')!.a).toEqual({ kind: 'box', code: 'W1-1' });
    expect(layout.byCode.get('F1')!.b).toEqual({ kind: 'drop', code: 'W1-1' });
  });

  it('scales with the metrics given', () => {
    const layout = bracketLayout(buildBracket(8, { superFinal: false }), {
      metrics: { boxWidth: 100, boxHeight: 40, columnGap: 20, rowGap: 10 },
    });
    expect(layout.byCode.get('W2-1')!.x).toBe(120);
    expect(layout.byCode.get('W1-2')!.y - layout.byCode.get('W1-1')!.y).toBe(50);
  });
});
