import type { BracketStructure, MatchSpec, Source } from '../../../../shared/tournament/index.ts';

/**
 * Where each box of a category's bracket stands when it is drawn as a tree, and the lines that join a box to the
 * boxes that feed it. Plain numbers only (no React, no DOM), so the brackets page, the hall screen and the printed
 * draw sheet draw the same tree, each at its own scale.
 *
 * API (kept stable: other screens build on it):
 *
 *   bracketLayout(structure, { superFinal?, metrics? }) -> BracketLayout
 *     structure   buildBracket(size, { superFinal }) of the category (as common/category-state.ts rebuilds it)
 *     superFinal  draw the super final (F2) too; pass true once it is pulled (default false)
 *     metrics     sizes in any unit (DEFAULT_METRICS are abstract units; the page passes pixels, paper mm)
 *
 *   BracketLayout { width, height, metrics, boxes, byCode, connectors, sections }
 *     boxes       LayoutBox[]: every match and every winners' round 1 bye, column by column, top to bottom
 *     byCode      the same boxes by code ('W2-3', 'L4-1', 'F1'; a bye keeps its pairing's code, 'W1-4')
 *     connectors  Connector[]: one per box-to-box feed; `points` is a polyline from the feeder's right edge
 *                 (vertical middle) to the fed box's left edge (vertical middle), turning in the gap before it
 *     sections    LayoutSection[]: 'W', then 'L' (absent for 2 athletes), then 'F' (final, super final), each
 *                 with its header band (title and round labels sit in `headerHeight` above its first box row)
 *
 *   LayoutBox { code, kind: 'match' | 'bye', section: 'W' | 'L' | 'F', round, position, column, x, y, a, b }
 *     x, y        the box's top-left corner; every box is metrics.boxWidth × metrics.boxHeight
 *     a, b        where each side comes from (Feed), null for a bye's empty side:
 *                 { kind: 'box', code }   a box of this layout (joined by a connector; the super final's two
 *                                         sides both name 'F1': the same two athletes meet again)
 *                 { kind: 'drop', code }  the loser of that winners' match drops in: written 'Loser of W2-3'
 *                 { kind: 'slot', slot }  a draw slot (winners' round 1)
 *
 * The rules of the drawing:
 * - Winners' round 1 has a row per pairing, byes included (a bye stands in its slot's row). Every later box stands
 *   at the mean height of the boxes that feed it, so it sits between its two feeders, and level with a lone one:
 *   a losers' box fed by one losers' box and one drop-in stands level with that box, a column after it.
 * - A box with no box feeding it (the first round, or a losers' pairing whose feeders all vanished) takes its
 *   place in the full bracket. Codes never move (see src/shared/tournament/structure.ts), so neither do rows:
 *   a pairing that vanished leaves a gap, never a shift. Boxes of one column are always a row apart or more.
 * - The losers' bracket stands below the winners' one, both from column 0; the final stands one column right of
 *   the wider of the two, between the winners' final and the losers' final; the super final to its right.
 */

export interface LayoutMetrics {
  boxWidth: number;
  boxHeight: number;
  /** Between two columns: where the connectors turn. */
  columnGap: number;
  /** Between two neighbouring boxes of a section's first round. */
  rowGap: number;
  /** Above each section's first row: room for its title and round labels. */
  headerHeight: number;
  /** Between the bottom of the winners' bracket and the header of the losers' bracket. */
  sectionGap: number;
}

export const DEFAULT_METRICS: LayoutMetrics = {
  boxWidth: 12,
  boxHeight: 4,
  columnGap: 3,
  rowGap: 1,
  headerHeight: 4,
  sectionGap: 3,
};

export type Feed = { kind: 'box'; code: string } | { kind: 'drop'; code: string } | { kind: 'slot'; slot: number };

export type LayoutSectionKey = 'W' | 'L' | 'F';

export interface LayoutBox {
  code: string;
  kind: 'match' | 'bye';
  section: LayoutSectionKey;
  /** Round within its bracket (the final 1, the super final 2). */
  round: number;
  /** Position within its round of the full bracket, from 1 (as in the code). */
  position: number;
  /** 0-based column, shared by the whole drawing. */
  column: number;
  x: number;
  y: number;
  a: Feed | null;
  b: Feed | null;
}

export interface Point {
  x: number;
  y: number;
}

export interface Connector {
  /** The feeding box's code. */
  from: string;
  /** The fed box's code. */
  to: string;
  points: Point[];
}

export interface LayoutSection {
  key: LayoutSectionKey;
  /** Top of the header band; the first box row starts at top + headerHeight. */
  top: number;
  /** Header band included. */
  height: number;
  /** The section's columns, left to right, with the round each holds and its left edge. */
  columns: { round: number; column: number; x: number }[];
}

export interface BracketLayout {
  width: number;
  height: number;
  metrics: LayoutMetrics;
  boxes: LayoutBox[];
  byCode: ReadonlyMap<string, LayoutBox>;
  connectors: Connector[];
  sections: LayoutSection[];
}

export interface LayoutOptions {
  superFinal?: boolean;
  metrics?: Partial<LayoutMetrics>;
}

/** The row (in box pitches, from the section's first row) of a pairing in the full bracket, by its code's parts. */
function fullRow(bracket: 'W' | 'L', round: number, position: number): number {
  // A winners' round r pairing spans 2^(r-1) first-round rows; losers' rounds go in twos (2m - 1 and 2m span
  // 2^(m-1) rows each), since an even round takes one losers' survivor and one drop-in per pairing.
  const span = bracket === 'W' ? 2 ** (round - 1) : 2 ** (Math.ceil(round / 2) - 1);
  return (position - 1) * span + (span - 1) / 2;
}

const SECTION_ORDER: Record<string, number> = { W: 0, L: 1, F: 2 };

export function bracketLayout(structure: BracketStructure, options: LayoutOptions = {}): BracketLayout {
  const metrics: LayoutMetrics = { ...DEFAULT_METRICS, ...options.metrics };
  const { boxWidth, boxHeight, columnGap, rowGap, headerHeight, sectionGap } = metrics;
  const pitch = boxHeight + rowGap;
  const colX = (column: number) => column * (boxWidth + columnGap);
  const rounds = Math.log2(structure.slotCount);
  const losersRounds = 2 * (rounds - 1);
  const finalColumn = Math.max(rounds, losersRounds);

  const winnersTop = 0;
  const winnersRows = structure.slotCount / 2;
  const winnersBottom = winnersTop + headerHeight + winnersRows * pitch - rowGap;
  const losersTop = winnersBottom + sectionGap;
  const losersRows = structure.slotCount / 4;
  const losersBottom = losersRounds > 0 ? losersTop + headerHeight + losersRows * pitch - rowGap : winnersBottom;
  const rowTop = (section: 'W' | 'L', row: number) =>
    (section === 'W' ? winnersTop : losersTop) + headerHeight + row * pitch;

  const byCode = new Map<string, LayoutBox>();
  const byeOfSlot = new Map<number, string>();
  const boxes: LayoutBox[] = [];
  const connectors: Connector[] = [];

  for (const bye of structure.byes) {
    const position = Number(bye.code.slice(bye.code.indexOf('-') + 1));
    const onA = bye.slot % 2 === 0; // W1-i holds slots 2i - 2 (side A) and 2i - 1 (side B)
    const slot: Feed = { kind: 'slot', slot: bye.slot };
    const box: LayoutBox = {
      code: bye.code,
      kind: 'bye',
      section: 'W',
      round: 1,
      position,
      column: 0,
      x: colX(0),
      y: rowTop('W', fullRow('W', 1, position)),
      a: onA ? slot : null,
      b: onA ? null : slot,
    };
    byCode.set(bye.code, box);
    byeOfSlot.set(bye.slot, bye.code);
  }

  const feed = (source: Source, m: MatchSpec): Feed => {
    if (source.from === 'slot') {
      const bye = m.round > 1 ? byeOfSlot.get(source.slot) : undefined;
      return bye ? { kind: 'box', code: bye } : { kind: 'slot', slot: source.slot };
    }
    return source.from === 'winner' ? { kind: 'box', code: source.match } : { kind: 'drop', code: source.match };
  };

  // Column by column, so every feeder is placed before the boxes it feeds.
  const specs = structure.matches
    .filter((m) => options.superFinal || m.code !== 'F2')
    .slice()
    .sort(
      (x, y) => SECTION_ORDER[x.bracket]! - SECTION_ORDER[y.bracket]! || x.round - y.round || x.position - y.position,
    );
  for (const m of specs) {
    const isSuper = m.code === 'F2';
    const a: Feed = isSuper ? { kind: 'box', code: 'F1' } : feed(m.a, m);
    const b: Feed = isSuper ? { kind: 'box', code: 'F1' } : feed(m.b, m);
    const feeders = [...new Set([a, b].flatMap((f) => (f.kind === 'box' ? [f.code] : [])))].map((code) =>
      byCode.get(code)!,
    );
    const column = m.bracket === 'F' ? finalColumn + m.round - 1 : m.round - 1;
    let y: number;
    if (feeders.length > 0) {
      y = feeders.reduce((sum, f) => sum + f.y, 0) / feeders.length;
    } else if (m.bracket === 'F') {
      y = winnersBottom; // only for a hand-built structure: the final always has a box feeding it
    } else {
      y = rowTop(m.bracket, fullRow(m.bracket, m.round, m.position));
    }
    const box: LayoutBox = {
      code: m.code,
      kind: 'match',
      section: m.bracket,
      round: m.round,
      position: m.position,
      column,
      x: colX(column),
      y,
      a,
      b,
    };
    byCode.set(m.code, box);
    for (const f of feeders) connectors.push({ from: f.code, to: m.code, points: elbow(f, box, metrics) });
  }

  // Byes first in their column, then each column top to bottom.
  const ordered = [...byCode.values()].sort((x, y) => x.column - y.column || x.y - y.y);
  boxes.push(...ordered);

  const sections: LayoutSection[] = [];
  const columnsOf = (key: LayoutSectionKey) => {
    const seen = new Map<number, { round: number; column: number; x: number }>();
    for (const b of boxes)
      if (b.section === key && !seen.has(b.column)) seen.set(b.column, { round: b.round, column: b.column, x: b.x });
    return [...seen.values()].sort((x, y) => x.column - y.column);
  };
  sections.push({ key: 'W', top: winnersTop, height: winnersBottom - winnersTop, columns: columnsOf('W') });
  if (losersRounds > 0) {
    sections.push({ key: 'L', top: losersTop, height: losersBottom - losersTop, columns: columnsOf('L') });
  }
  const final = byCode.get('F1');
  if (final) {
    sections.push({ key: 'F', top: final.y - headerHeight, height: headerHeight + boxHeight, columns: columnsOf('F') });
  }
  const lastColumn = Math.max(...boxes.map((b) => b.column));
  return {
    width: colX(lastColumn) + boxWidth,
    height: Math.max(losersBottom, ...boxes.map((b) => b.y + boxHeight)),
    metrics,
    boxes,
    byCode,
    connectors,
    sections,
  };
}

/** The line from a feeder's right edge to the fed box's left edge, turning half a gap before the fed box. */
function elbow(from: LayoutBox, to: LayoutBox, metrics: LayoutMetrics): Point[] {
  const half = metrics.boxHeight / 2;
  const start = { x: from.x + metrics.boxWidth, y: from.y + half };
  const end = { x: to.x, y: to.y + half };
  if (start.y === end.y) return [start, end];
  const turn = to.x - metrics.columnGap / 2;
  return [start, { x: turn, y: start.y }, { x: turn, y: end.y }, end];
}
