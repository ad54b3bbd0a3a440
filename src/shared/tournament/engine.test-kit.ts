/** Helpers for the tournament tests: results, whole categories played out. Not used by the product. */
import { mulberry32 } from '../prng.ts';
import { type CategoryState, deriveCategory, losersOf, type MatchState } from './derive.ts';
import { drawCategory } from './draw.ts';
import {
  DEFAULT_SETTINGS,
  type EntryId,
  type MatchResult,
  type Method,
  type Side,
  type TournamentSettings,
} from './rules.ts';
import { buildBracket } from './structure.ts';

export function result(m: Pick<MatchState, 'a' | 'b'>, winner: Side, method: Method = 'pin'): MatchResult {
  const fouls = method === 'fouls' ? DEFAULT_SETTINGS.fouls_to_lose : 0;
  return {
    winner,
    method,
    warnings_a: 0,
    warnings_b: 0,
    fouls_a: winner === 'B' ? fouls : 0,
    fouls_b: winner === 'A' ? fouls : 0,
    a: m.a!,
    b: m.b!,
  };
}

/** A double no-show: neither athlete came, both lose. */
export const doubleNoShow = (m: Pick<MatchState, 'a' | 'b'>): MatchResult => ({
  ...result(m, 'A', 'no_show'),
  winner: null,
});

/** A fresh category of `size` athletes (entries 1..size, drawn by lot with `seed`). */
export function category(size: number, settings: Partial<TournamentSettings> = {}, seed = 1): CategoryState {
  const all = { ...DEFAULT_SETTINGS, ...settings };
  const draw = drawCategory(
    Array.from({ length: size }, (_, i) => ({ id: i + 1, weight: 180 })),
    { method: 'lot', seed },
  );
  return deriveCategory(buildBracket(size, { superFinal: all.super_final }), draw.slots, {}, all);
}

/**
 * Plays a category out: every ready match gets `choose`'s result (null: left unplayed), all of a wave at once,
 * then the state is derived again, until nothing more is chosen.
 */
export function playOut(state: CategoryState, choose: (m: MatchState) => MatchResult | null): CategoryState {
  for (;;) {
    const results = { ...state.results };
    let added = 0;
    for (const m of state.matches) {
      if (m.status !== 'ready') continue;
      const r = choose(m);
      if (r) {
        results[m.code] = r;
        added++;
      }
    }
    if (added === 0) return state;
    state = deriveCategory(state.structure, state.slots, results, state.settings);
  }
}

/** Random outcomes: a winner by coin, now and then a no-show, and (rarely) a withdrawal or disqualification. */
export function randomChooser(seed: number, leaving = 0.03): (m: MatchState) => MatchResult {
  const random = mulberry32(seed);
  return (m) => {
    const winner: Side = random() < 0.5 ? 'A' : 'B';
    const roll = random();
    const method: Method =
      roll < leaving
        ? 'withdrawal'
        : roll < 2 * leaving
          ? 'dq'
          : roll < 0.1
            ? 'no_show'
            : roll < 0.25
              ? 'fouls'
              : 'pin';
    return result(m, winner, method);
  };
}

/** Every entry's losses, counted through the decided matches. */
export function lossesOf(state: CategoryState): Map<EntryId, number> {
  const losses = new Map<EntryId, number>();
  for (const m of state.matches) {
    for (const loser of losersOf(m)) losses.set(loser, (losses.get(loser) ?? 0) + 1);
  }
  return losses;
}
