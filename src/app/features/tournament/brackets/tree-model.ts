import { buildBracket } from '../../../../shared/tournament/index.ts';
import { methodText } from '../../../../shared/tournament-contract/match-row.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import {
  bracketLayout,
  type BracketLayout,
  type Connector,
  type Feed,
  type LayoutBox,
  type LayoutMetrics,
} from '../common/bracket-layout.ts';
import { matchLabel } from '../common/category-state.ts';

/**
 * What each box of the bracket tree says (BracketTree.tsx draws it): its state, its two lines, its name for a
 * screen reader, and which boxes and lines an athlete's path lights. Pure, so it is tested without a page.
 */

/** 'called': ready and queued at its table behind the match now pulling; 'ready': ready, no table yet. */
export type BoxState = 'waiting' | 'ready' | 'called' | 'pulling' | 'done' | 'bye';

const STATE_LABELS: Record<BoxState, string> = {
  waiting: 'Waiting',
  ready: 'Ready',
  called: 'Called',
  pulling: 'Now pulling',
  done: 'Done',
  bye: '',
};

export interface BoxLine {
  text: string;
  /** False while the athlete is still to be decided. */
  known: boolean;
  won: boolean;
}

export interface TreeBox {
  box: LayoutBox;
  state: BoxState;
  /** 'Table 2 · Now pulling', 'Done · Fouls', 'Waiting' ('' for a bye). */
  stateText: string;
  a: BoxLine;
  b: BoxLine;
  /** The screen reader's name: 'Winners’ round 2, match 3: A against B, A won by pin'. */
  name: string;
  /** The entries in the box (an athlete with a bye, the two of a match as far as known). */
  entries: number[];
}

/** The layout of a drawn category: its size from the slots drawn, the super final once it is listed. */
export function categoryLayout(
  category: TournamentCategory,
  settings: Tournament['settings'],
  metrics?: Partial<LayoutMetrics>,
): BracketLayout {
  const size = category.slots.filter((s) => s !== null).length;
  return bracketLayout(buildBracket(size, { superFinal: settings.super_final }), {
    superFinal: category.matches.some((m) => m.code === 'F2'),
    metrics,
  });
}

const TO_BE_DECIDED = 'To be decided';

const NO_OPPONENT: BoxLine = { text: 'No opponent', known: false, won: false };

function line(name: string | null, feed: Feed | null, won: boolean): BoxLine {
  if (name !== null) return { text: name, known: true, won };
  return { text: feed?.kind === 'drop' ? `Loser of ${feed.code}` : TO_BE_DECIDED, known: false, won: false };
}

function stateOf(match: TournamentMatch | undefined, front: string | null): BoxState {
  if (!match || match.status === 'waiting') return 'waiting';
  if (match.status === 'done') return 'done';
  if (match.code === front) return 'pulling';
  return match.table === null ? 'ready' : 'called';
}

/** The round and the match: 'Winners’ round 2, match 3'; the finals are alone in their round. */
const boxTitle = (box: LayoutBox) =>
  `${matchLabel({ bracket: box.section, round: box.round })}${box.section === 'F' ? '' : `, match ${box.position}`}`;

/**
 * Every box of the layout with what it shows. `front` is the code of the category's match now pulling at its
 * table (bracket-view.ts nowPulling), or null.
 */
export function treeBoxes(layout: BracketLayout, category: TournamentCategory, front: string | null): TreeBox[] {
  const matches = new Map(category.matches.map((m) => [m.code, m]));
  const byes = new Map(category.byes.map((b) => [b.code, b]));
  return layout.boxes.map((box): TreeBox => {
    if (box.kind === 'bye') {
      const bye = byes.get(box.code);
      const name = bye?.name ?? TO_BE_DECIDED;
      const athlete = { text: name, known: !!bye, won: false };
      const empty = { text: 'Bye', known: false, won: false };
      return {
        box,
        state: 'bye',
        // The empty side says 'Bye': the head line leaves it at that.
        stateText: '',
        a: box.a ? athlete : empty,
        b: box.a ? empty : athlete,
        name: `${boxTitle(box)}: ${name}, bye`,
        entries: bye ? [bye.entry_id] : [],
      };
    }
    const match = matches.get(box.code);
    const state = stateOf(match, front);
    // A side nobody came to (its feeding match ended in a double no-show): the match went on without it.
    const decided = match?.status === 'done';
    const a = decided && match.a === null ? NO_OPPONENT : line(match?.a ?? null, box.a, match?.winner === 'A');
    const b = decided && match.b === null ? NO_OPPONENT : line(match?.b ?? null, box.b, match?.winner === 'B');
    let stateText = STATE_LABELS[state];
    if ((state === 'called' || state === 'pulling') && match?.table != null) {
      stateText = `Table ${match.table} · ${stateText}`;
    }
    const method = match ? methodText(match) : null;
    if (method && match?.method !== 'pin') stateText += ` · ${method}`;
    const said = (l: BoxLine) => (l.known ? l.text : l === NO_OPPONENT ? 'nobody' : 'to be decided');
    const winner = match?.winner === 'A' ? a : match?.winner === 'B' ? b : null;
    const result =
      winner && method
        ? `, ${winner.text} won by ${method.toLocaleLowerCase()}`
        : method
          ? `, both lost: ${method.toLocaleLowerCase()}`
          : '';
    return {
      box,
      state,
      stateText,
      a,
      b,
      name: `${boxTitle(box)}: ${said(a)} against ${said(b)}${result}`,
      entries: [match?.a_entry, match?.b_entry].filter((e): e is number => typeof e === 'number'),
    };
  });
}

/**
 * The boxes and lines lit by the entries' paths: every box an entry stands in, and every line between two boxes
 * that hold the same lit entry (they won the first and went on by it).
 */
export function litPath(
  boxes: readonly TreeBox[],
  connectors: readonly Connector[],
  entries: ReadonlySet<number>,
): { boxes: Set<string>; connectors: Connector[] } {
  const held = new Map<string, number[]>();
  for (const b of boxes) {
    const lit = b.entries.filter((e) => entries.has(e));
    if (lit.length) held.set(b.box.code, lit);
  }
  const lines = connectors.filter((c) => {
    const to = held.get(c.to);
    return !!to && (held.get(c.from) ?? []).some((e) => to.includes(e));
  });
  return { boxes: new Set(held.keys()), connectors: lines };
}

/**
 * The box the drawing opens on. For an athlete being looked for (`entry`): their next match, else their last.
 * Otherwise: the match now pulling, else the first ready one in play order, else the first still waiting, else
 * the last (a finished bracket ends at its final).
 */
export function startBox(category: TournamentCategory, front: string | null, entry?: number): string | null {
  const theirs = category.matches.filter((m) => entry !== undefined && (m.a_entry === entry || m.b_entry === entry));
  const own = theirs.find((m) => m.status !== 'done') ?? theirs[theirs.length - 1];
  if (own) return own.code;
  const first = (status: TournamentMatch['status']) => category.matches.find((m) => m.status === status)?.code;
  return front ?? first('ready') ?? first('waiting') ?? category.matches[category.matches.length - 1]?.code ?? null;
}

/** An SVG path's `d` for the connectors: one move and its lines each. */
export const connectorPath = (connectors: readonly Connector[]): string =>
  connectors.map((c) => c.points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join('')).join('');
