import {
  buildBracket,
  callQueue,
  deriveCategory,
  type CategoryState,
  type MatchResult,
  type QueuedMatch,
} from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import { rowResult } from '../../../../shared/tournament-contract/match-row.ts';

/**
 * The engine's state of a drawn category, rebuilt from the public read: its structure from the athletes drawn,
 * its results in force by match code (those decided automatically are derived again, not stored). The brackets
 * page asks it for an athlete's outlook, the head table whether a result may be undone.
 */
export function categoryState(category: TournamentCategory, settings: Tournament['settings']): CategoryState {
  const size = category.slots.filter((s) => s !== null).length;
  const results: Record<string, MatchResult> = {};
  for (const m of category.matches) {
    const result = rowResult(m);
    if (result) results[m.code] = result;
  }
  return deriveCategory(buildBracket(size, { superFinal: settings.super_final }), category.slots, results, {
    ...settings,
  });
}

/**
 * A table's call queue (the engine's `callQueue`) from its categories' states, keyed by category id: the table
 * screen's, and the same order the server and 'Find an athlete' go by.
 */
export const tableQueue = (states: ReadonlyMap<number, CategoryState>): QueuedMatch[] =>
  callQueue([...states].map(([id, state]) => ({ key: String(id), state })));

export const SECTION_TITLES = {
  W: 'Winners’ bracket',
  L: 'Losers’ bracket',
  F1: 'Final',
  F2: 'Super final',
} as const;

/** 'Winners’ round 2', 'Losers’ round 1', 'Final', 'Super final'. */
export function matchLabel(match: Pick<TournamentMatch, 'bracket' | 'round'>): string {
  if (match.bracket === 'F') return match.round === 1 ? SECTION_TITLES.F1 : SECTION_TITLES.F2;
  return `${match.bracket === 'W' ? 'Winners’' : 'Losers’'} round ${match.round}`;
}
