import {
  athleteOutlook,
  callQueue,
  outlookText,
  placeLabel,
  type CategoryState,
  type Table,
} from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import { categoryState, matchLabel, SECTION_TITLES } from '../common/category-state.ts';

export { matchLabel };

/**
 * How the brackets page lays a category out, from the public read: its sections (winners', losers', final,
 * super final), their rounds, the byes among the winners' first round, the round to show first, and what
 * 'Find an athlete' says. Pure, so it is tested without a page.
 */

export type BracketItem = { kind: 'match'; match: TournamentMatch } | { kind: 'bye'; code: string; name: string };

export interface BracketRound {
  key: string;
  /** 'Round 2'; empty for the final and the super final (their section names them). */
  label: string;
  items: BracketItem[];
}

export interface BracketSection {
  key: 'W' | 'L' | 'F1' | 'F2';
  title: string;
  rounds: BracketRound[];
}

/** `W1-12` -> 12: the position within its round, for ordering byes among the matches. */
const position = (code: string) => Number(code.slice(code.indexOf('-') + 1)) || 0;

/**
 * The category's sections with their rounds, in play order within each round (the server lists the matches in
 * play order; the super final only once it is pulled). Winners' round 1 byes stand among its matches by their
 * place in the draw.
 */
export function bracketSections(category: TournamentCategory): BracketSection[] {
  const rounds = new Map<string, BracketItem[]>();
  const add = (key: string, item: BracketItem) => {
    const list = rounds.get(key);
    if (list) list.push(item);
    else rounds.set(key, [item]);
  };
  for (const match of category.matches) add(`${match.bracket}${match.round}`, { kind: 'match', match });
  for (const bye of category.byes) add('W1', { kind: 'bye', code: bye.code, name: bye.name });
  const code = (item: BracketItem) => (item.kind === 'bye' ? item.code : item.match.code);
  const roundsOf = (side: 'W' | 'L' | 'F', only?: number): BracketRound[] =>
    [...rounds.entries()]
      .filter(([key]) => key[0] === side && (only === undefined || key === `${side}${only}`))
      .map(([key, items]) => ({
        key,
        label: side === 'F' ? '' : `Round ${key.slice(1)}`,
        items: side === 'W' && key === 'W1' ? items.sort((x, y) => position(code(x)) - position(code(y))) : items,
      }))
      .sort((x, y) => Number(x.key.slice(1)) - Number(y.key.slice(1)));
  const sections: BracketSection[] = [
    { key: 'W', title: SECTION_TITLES.W, rounds: roundsOf('W') },
    { key: 'L', title: SECTION_TITLES.L, rounds: roundsOf('L') },
    { key: 'F1', title: SECTION_TITLES.F1, rounds: roundsOf('F', 1) },
    { key: 'F2', title: SECTION_TITLES.F2, rounds: roundsOf('F', 2) },
  ];
  return sections.filter((s) => s.rounds.length > 0);
}

const hasStatus = (round: BracketRound, status: TournamentMatch['status']) =>
  round.items.some((i) => i.kind === 'match' && i.match.status === status);

/**
 * The round a section opens on (a phone shows one round at a time): the first with a match ready to pull, else
 * the first still waiting for its athletes, else the last (a finished bracket ends there).
 */
export function startRound(rounds: readonly BracketRound[]): number {
  const ready = rounds.findIndex((r) => hasStatus(r, 'ready'));
  if (ready >= 0) return ready;
  const waiting = rounds.findIndex((r) => hasStatus(r, 'waiting'));
  return waiting >= 0 ? waiting : Math.max(0, rounds.length - 1);
}

const sameName = (x: string, y: string) => x.trim().toLocaleLowerCase() === y.trim().toLocaleLowerCase();

/** The category's entry of that name (any case), for lighting their path; undefined for nobody. */
export const entryNamed = (category: TournamentCategory, name: string | undefined) =>
  name?.trim() ? category.entries.find((e) => sameName(e.name, name)) : undefined;

/** A drawn category's engine state, or null for a read the engine cannot rebuild (a newer server's draw). */
function stateOf(tournament: Pick<Tournament, 'settings'>, category: TournamentCategory): CategoryState | null {
  if (category.slots.length === 0) return null;
  try {
    return categoryState(category, tournament.settings);
  } catch {
    return null;
  }
}

/**
 * The table a category is pulled at, with every drawn category at it (in the read's order, as the server queues
 * them): an athlete's place in the queue counts the matches of the whole table, not only of their category.
 */
/** What the queue of a table needs of a tournament. */
type TournamentTables = { settings: Tournament['settings']; categories: readonly TournamentCategory[] };

function tableOf(tournament: TournamentTables, table: number): Table {
  const categories = tournament.categories.flatMap((c) => {
    const state = c.table === table ? stateOf(tournament, c) : null;
    return state ? [{ key: String(c.id), state }] : [];
  });
  return { number: table, categories };
}

/**
 * The code of the category's match at the front of its table's call queue ('Now pulling', as the table screen
 * shows it), or null: no table, or the table is pulling another category's match.
 */
export function nowPulling(tournament: TournamentTables, category: TournamentCategory): string | null {
  if (category.table === null || !category.matches.some((m) => m.status === 'ready')) return null;
  const front = callQueue(tableOf(tournament, category.table).categories)[0];
  return front && front.category === String(category.id) ? front.match.spec.code : null;
}

/** What 'Find an athlete' says for one entry: 'Table 2 · on deck', '3 matches ahead', or the final place. */
export function entryOutlook(
  tournament: Pick<Tournament, 'settings' | 'categories'>,
  category: TournamentCategory,
  entryId: number,
): string {
  if (category.status === 'not_drawn' || category.slots.length === 0) return 'Not drawn yet';
  const placing = category.placings.find((p) => p.entry_id === entryId);
  if (placing) return `${placeLabel(placing.place, placing.last)} place`;
  const next = category.matches.find((m) => m.status !== 'done' && (m.a_entry === entryId || m.b_entry === entryId));
  const state = stateOf(tournament, category);
  if (state) {
    const table =
      category.table === null
        ? { number: 0, categories: [{ key: String(category.id), state }] }
        : tableOf(tournament, category.table);
    const outlook = athleteOutlook(table, String(category.id), entryId);
    // Before tables are assigned there is no table to name: the match itself says where they stand.
    if (outlook.kind !== 'next' || category.table !== null) return outlookText(outlook);
  }
  if (!next) return 'Out of the category';
  const opponent = next.a_entry === entryId ? next.b : next.a;
  return `Next: ${matchLabel(next)} · ${next.status === 'ready' && opponent ? `against ${opponent}` : 'opponent to be decided'}`;
}

export interface AthleteFind {
  category: TournamentCategory;
  text: string;
}

/** For 'Find an athlete': each category the named athlete is entered in, with what is next for them there. */
export function findAthlete(tournament: Tournament, name: string): AthleteFind[] {
  if (!name.trim()) return [];
  return tournament.categories.flatMap((category) => {
    const entry = category.entries.find((e) => sameName(e.name, name));
    return entry ? [{ category, text: entryOutlook(tournament, category, entry.id) }] : [];
  });
}

/** Every athlete entered in the tournament, for the select's suggestions. */
export const tournamentNames = (tournament: Tournament): string[] =>
  tournament.categories.flatMap((c) => c.entries.map((e) => e.name));
