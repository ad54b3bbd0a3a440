import { bracketLayout, type Connector, type LayoutBox, type LayoutMetrics } from '../common/bracket-layout.ts';
import type { CategorySheet, Orientation } from './sheet-model.ts';

/**
 * How a category's draw sheet falls into printed pages, in millimetres. Pure, so the page count of each bracket
 * size is tested without a browser (and the browser test checks the PDF against the same figures).
 *
 * The paper is the printer's (A4 or Letter: the print stylesheet names only the orientation), so a page is laid
 * out in the area both hold inside 10 mm margins: portrait 190 × 259 mm (A4's width, Letter's height), landscape
 * 259 × 190 mm. Every box is 9 mm high (three lines of 7 pt), so nothing is cut at a page's edge: a page holds
 * whole blocks (the athletes, a bracket or part of one, the final) and never more than fit.
 *
 * The bracket is drawn as a tree (common/bracket-layout.ts), one section at a time so each fills the page's
 * width: the winners' bracket, the losers' bracket, the final. A section too tall for a page is cut between rows
 * of its first round into equal parts (a 64-slot winners' bracket, 32 rows, into two of 16); the lines that join
 * boxes on different parts or sections are not drawn, the box says where its athletes come from instead.
 */

export const MARGIN_MM = 10;
export const PAGE_AREA: Record<Orientation, { width: number; height: number }> = {
  portrait: { width: 190, height: 259 },
  landscape: { width: 259, height: 190 },
};

export const BOX_HEIGHT = 9;
const COLUMN_GAP = 4;
const MAX_BOX_WIDTH = 46;
/** Between two rows of a first round: at least this, and up to the most a roomy page spreads them. */
const MIN_ROW_GAP = 1;
const MAX_ROW_GAP = 8;
/** A block's title line ('Winners’ bracket', the round labels under it). */
export const BLOCK_HEAD = 9;
/** Between two blocks of a page. */
export const BLOCK_GAP = 4;
/** The sheet's heading on its first page (tournament, category, draw) and on the pages after it (one line). */
export const FIRST_HEAD = 22;
export const NEXT_HEAD = 8;
/** A line of the athletes' list. */
export const ATHLETE_LINE = 3.6;
/** Kept free at a page's foot: what the browser rounds is never the difference between fitting and not. */
const SLACK = 3;

export interface PlacedBox extends LayoutBox {
  /** Where the box stands in its block (mm from the block's top-left, below its title). */
  left: number;
  top: number;
}

export interface BracketBlock {
  kind: 'bracket';
  section: 'W' | 'L' | 'F';
  /** 'Winners’ bracket', with '(part 1 of 2)' when cut. */
  title: string;
  /** The block's columns: the round each holds (labelled above it) and its left edge. */
  columns: { label: string; left: number }[];
  boxWidth: number;
  /** Of the boxes' area, below the title. */
  width: number;
  height: number;
  boxes: PlacedBox[];
  /** Polylines in the block's own coordinates. */
  lines: { key: string; points: { x: number; y: number }[] }[];
}

export interface AthletesBlock {
  kind: 'athletes';
  columns: number;
  rows: number;
  height: number;
}

export type SheetBlock = AthletesBlock | BracketBlock;

export interface SheetPage {
  /** 1-based, within the category's sheet. */
  number: number;
  blocks: SheetBlock[];
}

const SECTION_NAMES = { W: 'Winners’ bracket', L: 'Losers’ bracket', F: 'Final' } as const;

const blockHeight = (b: SheetBlock) => (b.kind === 'athletes' ? b.height : BLOCK_HEAD + b.height);

/** The athletes' list: as many columns as the page's width takes, filled top to bottom. */
function athletesBlock(sheet: CategorySheet): AthletesBlock {
  const columns = sheet.orientation === 'portrait' ? 3 : 4;
  const rows = Math.ceil(sheet.athletes.length / columns);
  return { kind: 'athletes', columns, rows, height: BLOCK_HEAD + rows * ATHLETE_LINE };
}

function roundLabel(section: 'W' | 'L' | 'F', round: number): string {
  if (section === 'F') return round === 1 ? 'Final' : 'Super final (only if B wins F1)';
  return `Round ${round}`;
}

/**
 * A section's boxes from a layout made for this block's width, cut into `parts` by rows of its first round,
 * each moved to its block's own top-left.
 */
function sectionBlocks(sheet: CategorySheet, section: 'W' | 'L', rowGap: number, parts: number): BracketBlock[] {
  const area = PAGE_AREA[sheet.orientation];
  const rounds = new Set(sheet.structure.matches.filter((m) => m.bracket === section).map((m) => m.round)).size;
  const boxWidth = Math.min(MAX_BOX_WIDTH, (area.width - (rounds - 1) * COLUMN_GAP) / rounds);
  const metrics: Partial<LayoutMetrics> = {
    boxWidth,
    boxHeight: BOX_HEIGHT,
    columnGap: COLUMN_GAP,
    rowGap,
    headerHeight: 0,
    sectionGap: 0,
  };
  const layout = bracketLayout(sheet.structure, { superFinal: sheet.structure.superFinal, metrics });
  const info = layout.sections.find((s) => s.key === section);
  if (!info) return [];
  const boxes = layout.boxes.filter((b) => b.section === section);
  const pitch = BOX_HEIGHT + rowGap;
  const rows = Math.round((info.height + rowGap) / pitch);
  // The part of a box: the first-round row its middle stands in.
  const partOf = (b: LayoutBox) =>
    Math.min(parts - 1, Math.floor(Math.floor((b.y + BOX_HEIGHT / 2 - info.top) / pitch) / (rows / parts)));
  const left0 = Math.min(...boxes.map((b) => b.x));
  return Array.from({ length: parts }, (_, part) => {
    const mine = boxes.filter((b) => partOf(b) === part);
    const top0 = Math.min(...mine.map((b) => b.y));
    const placed = mine.map((b): PlacedBox => ({ ...b, left: b.x - left0, top: b.y - top0 }));
    const codes = new Set(mine.map((b) => b.code));
    const lines = layout.connectors
      .filter((c: Connector) => codes.has(c.from) && codes.has(c.to))
      .map((c) => ({ key: `${c.from}>${c.to}`, points: c.points.map((p) => ({ x: p.x - left0, y: p.y - top0 })) }));
    // The rounds this part has boxes of (the winners' final stands in one part only).
    const columns = info.columns
      .filter((c) => mine.some((b) => b.column === c.column))
      .map((c) => ({ label: roundLabel(section, c.round), left: c.x - left0 }));
    return {
      kind: 'bracket',
      section,
      title: parts > 1 ? `${SECTION_NAMES[section]} (part ${part + 1} of ${parts})` : SECTION_NAMES[section],
      columns,
      boxWidth,
      width: Math.max(...placed.map((b) => b.left)) + boxWidth,
      height: Math.max(...placed.map((b) => b.top)) + BOX_HEIGHT,
      boxes: placed,
      lines,
    };
  });
}

/** The final and the super final side by side, the line from one to the other. */
function finalBlock(sheet: CategorySheet): BracketBlock {
  const boxWidth = Math.min(MAX_BOX_WIDTH, (PAGE_AREA[sheet.orientation].width - 3 * COLUMN_GAP) / 4);
  const layout = bracketLayout(sheet.structure, {
    superFinal: sheet.structure.superFinal,
    metrics: { boxWidth, boxHeight: BOX_HEIGHT, columnGap: COLUMN_GAP },
  });
  const finals = layout.boxes.filter((b) => b.section === 'F').sort((x, y) => x.round - y.round);
  const step = boxWidth + 2 * COLUMN_GAP;
  const boxes = finals.map((b, i): PlacedBox => ({ ...b, left: i * step, top: 0 }));
  const lines = boxes.slice(1).map((b, i) => ({
    key: `${boxes[i]!.code}>${b.code}`,
    points: [
      { x: boxes[i]!.left + boxWidth, y: BOX_HEIGHT / 2 },
      { x: b.left, y: BOX_HEIGHT / 2 },
    ],
  }));
  return {
    kind: 'bracket',
    section: 'F',
    title: SECTION_NAMES.F,
    columns: boxes.map((b) => ({ label: roundLabel('F', b.round), left: b.left })),
    boxWidth,
    width: boxes.length * step - 2 * COLUMN_GAP,
    height: BOX_HEIGHT,
    boxes,
    lines,
  };
}

const room = (first: boolean, sheet: CategorySheet) =>
  PAGE_AREA[sheet.orientation].height - (first ? FIRST_HEAD : NEXT_HEAD) - SLACK;

/** The fewest equal parts a section must be cut into for each to fit a page after the first. */
function partsFor(sheet: CategorySheet, section: 'W' | 'L', rowGap: number): number {
  for (let parts = 1; parts < 64; parts *= 2) {
    const blocks = sectionBlocks(sheet, section, rowGap, parts);
    if (blocks.every((b) => blockHeight(b) <= room(false, sheet))) return parts;
  }
  return 64;
}

/**
 * Each block after the one before it when the page has room, else on the first page with room (the final, on the
 * first page beside the athletes when the losers' bracket fills its own), else on a new page; the blocks keep
 * their order within a page. Null when a block is taller than a page.
 */
function pack(sheet: CategorySheet, blocks: SheetBlock[]): SheetPage[] | null {
  const pages: { blocks: SheetBlock[]; used: number }[] = [];
  for (const block of blocks) {
    const h = BLOCK_GAP + blockHeight(block);
    const fits = (i: number) => pages[i]!.used + h <= room(i === 0, sheet);
    let page = pages.length && fits(pages.length - 1) ? pages.at(-1) : pages.find((_, i) => fits(i));
    if (!page) {
      page = { blocks: [], used: 0 };
      pages.push(page);
      if (h > room(pages.length === 1, sheet)) return null;
    }
    page.blocks.push(block);
    page.used += h;
  }
  return pages.map((p, i) => ({ number: i + 1, blocks: p.blocks }));
}

function pagesAt(sheet: CategorySheet, rowGap: number, parts: { W: number; L: number }): SheetPage[] | null {
  return pack(sheet, [
    athletesBlock(sheet),
    ...sectionBlocks(sheet, 'W', rowGap, parts.W),
    ...sectionBlocks(sheet, 'L', rowGap, parts.L),
    finalBlock(sheet),
  ]);
}

/**
 * The sheet's pages: the fewest the blocks fit on with their rows as close as allowed, then the rows spread as far
 * as that page count leaves room for (a 12-athlete bracket breathes on its one page; a 40-athlete one is tight).
 */
export function sheetPages(sheet: CategorySheet): SheetPage[] {
  const parts = { W: partsFor(sheet, 'W', MIN_ROW_GAP), L: partsFor(sheet, 'L', MIN_ROW_GAP) };
  // Every part fits a page after the first (partsFor), so the blocks always pack at the closest rows.
  const fewest = pagesAt(sheet, MIN_ROW_GAP, parts)!;
  let best = fewest;
  // Half-millimetre steps: the widest gap that keeps the page count.
  for (let gap = MIN_ROW_GAP + 0.5; gap <= MAX_ROW_GAP; gap += 0.5) {
    const pages = pagesAt(sheet, gap, parts);
    if (!pages || pages.length > fewest.length) break;
    best = pages;
  }
  return best;
}
