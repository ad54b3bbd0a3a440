/**
 * A category's state, derived from its structure, its draw and the results recorded so far: never stored, always
 * computed again (a 128-athlete category in well under a millisecond), so a correction upstream, a result
 * replayed from an offline table and a fresh start all go through this one function.
 */
import type { BracketStructure, Destination, MatchSpec, Source } from './structure.ts';
import {
  type EntryId,
  leavesCategory,
  type LeavingMethod,
  type MatchResult,
  type Method,
  type Side,
  type TournamentSettings,
} from './rules.ts';

export type MatchStatus = 'waiting' | 'ready' | 'done';

export interface MatchState {
  code: string;
  spec: MatchSpec;
  /** The athletes, once known. */
  a: EntryId | null;
  b: EntryId | null;
  /** waiting: an athlete is not known yet; ready: both are, no result; done: decided. */
  status: MatchStatus;
  winner: Side | null;
  method: Method | null;
  /** The recorded result in force; null while undecided, and for a match decided automatically. */
  result: MatchResult | null;
  /** Decided without being pulled: one of its athletes had already withdrawn or been disqualified. */
  auto: boolean;
}

/** An athlete's final place; athletes out in the same losers' round share places (`place` 5, `last` 6). */
export interface Placing {
  entry: EntryId;
  place: number;
  last: number;
}

export interface LeftCategory {
  method: LeavingMethod;
  /** The match where it was recorded. */
  match: string;
}

export interface CategoryState {
  structure: BracketStructure;
  /** The draw: the entry in each slot, null for a bye. */
  slots: readonly (EntryId | null)[];
  results: Readonly<Record<string, MatchResult>>;
  settings: TournamentSettings;
  /** The category's matches in play order; the super final only once pulled. */
  matches: readonly MatchState[];
  byCode: ReadonlyMap<string, MatchState>;
  /** Winners' round 1 byes and who had them. */
  byes: readonly { code: string; entry: EntryId; winnerTo: Destination }[];
  /**
   * Codes of stored results not in force, in play order: recorded for athletes no longer in the match (after a
   * correction upstream), for a super final no longer pulled, for a match that is not ready, or overruled by a
   * withdrawal or disqualification. Such a match is pulled again; the server deletes these results.
   */
  void: readonly string[];
  /** Athletes out of the category by withdrawal or disqualification. */
  left: ReadonlyMap<EntryId, LeftCategory>;
  /** Every match is decided (the final, and the super final when pulled). */
  finished: boolean;
  champion: EntryId | null;
  /** The champion's matches, in play order. */
  championPath: readonly string[];
  /** Places known so far (an athlete's place is known once out), best first; disqualified athletes get none. */
  places: readonly Placing[];
}

const isSide = (v: unknown): v is Side => v === 'A' || v === 'B';

/** The entry that won a decided match, or lost it. */
export const winnerEntry = (m: MatchState): EntryId | null => (m.winner === null ? null : m.winner === 'A' ? m.a : m.b);
export const loserEntry = (m: MatchState): EntryId | null => (m.winner === null ? null : m.winner === 'A' ? m.b : m.a);

export function deriveCategory(
  structure: BracketStructure,
  slots: readonly (EntryId | null)[],
  results: Readonly<Record<string, MatchResult>>,
  settings: TournamentSettings,
): CategoryState {
  checkSlots(structure, slots);
  const byCode = new Map<string, MatchState>();
  const matches: MatchState[] = [];
  const voided: string[] = [];
  const left = new Map<EntryId, LeftCategory & { order: number }>();
  const entryAt = (source: Source): EntryId | null => {
    if (source.from === 'slot') return slots[source.slot] ?? null;
    const from = byCode.get(source.match);
    return !from ? null : source.from === 'winner' ? winnerEntry(from) : loserEntry(from);
  };

  for (const spec of structure.matches) {
    const stored = Object.hasOwn(results, spec.code) ? results[spec.code] : undefined;
    // The super final is a match only when the losers' bracket champion (B) won the final.
    if (spec.code === 'F2' && byCode.get('F1')?.winner !== 'B') {
      if (stored) voided.push(spec.code);
      continue;
    }
    const a = entryAt(spec.a);
    const b = entryAt(spec.b);
    const m: MatchState = {
      code: spec.code,
      spec,
      a,
      b,
      status: 'waiting',
      winner: null,
      method: null,
      result: null,
      auto: false,
    };
    const applies = stored !== undefined && stored.a === a && stored.b === b && isSide(stored.winner);
    if (a !== null && b !== null) {
      const leftA = left.get(a);
      const leftB = left.get(b);
      if (leftA || leftB) {
        // Nobody waits for an athlete who has left: they lose the same way (the one who left first, if both).
        const loser: Side = !leftB ? 'A' : !leftA ? 'B' : leftA.order <= leftB.order ? 'A' : 'B';
        Object.assign(m, {
          status: 'done',
          winner: loser === 'A' ? 'B' : 'A',
          method: (loser === 'A' ? leftA : leftB)!.method,
          auto: true,
        });
        if (applies && stored.winner === m.winner && stored.method === m.method) m.result = stored;
        else if (stored) voided.push(spec.code);
      } else if (applies) {
        Object.assign(m, { status: 'done', winner: stored.winner, method: stored.method, result: stored });
        const method = stored.method;
        if (leavesCategory(method)) left.set(loserEntry(m)!, { method, match: spec.code, order: spec.order });
      } else {
        m.status = 'ready';
        if (stored) voided.push(spec.code);
      }
    } else if (stored) voided.push(spec.code);
    matches.push(m);
    byCode.set(spec.code, m);
  }
  for (const code of Object.keys(results).sort()) if (!structure.byCode.has(code)) voided.push(code);

  const finished = matches.every((m) => m.status === 'done');
  const deciding = decidingFinal(byCode, structure.superFinal);
  const champion = deciding ? winnerEntry(deciding) : null;
  return {
    structure,
    slots,
    results,
    settings,
    matches,
    byCode,
    byes: structure.byes.map((bye) => ({ code: bye.code, entry: slots[bye.slot]!, winnerTo: bye.winnerTo })),
    void: voided,
    left: new Map([...left].map(([entry, { method, match }]) => [entry, { method, match }])),
    finished,
    champion,
    championPath:
      champion === null ? [] : matches.filter((m) => m.a === champion || m.b === champion).map((m) => m.code),
    places: placesOf(matches, deciding, left),
  };
}

/** The match that decides 1st and 2nd, once decided: the super final when pulled, else the final. */
function decidingFinal(byCode: ReadonlyMap<string, MatchState>, superFinal: boolean): MatchState | null {
  const f1 = byCode.get('F1');
  if (!f1 || f1.status !== 'done') return null;
  if (f1.winner === 'A' || !superFinal) return f1;
  const f2 = byCode.get('F2');
  return f2?.status === 'done' ? f2 : null;
}

function placesOf(
  matches: readonly MatchState[],
  deciding: MatchState | null,
  left: ReadonlyMap<EntryId, LeftCategory>,
): Placing[] {
  const places: Placing[] = [];
  if (deciding) {
    places.push(
      { entry: winnerEntry(deciding)!, place: 1, last: 1 },
      { entry: loserEntry(deciding)!, place: 2, last: 2 },
    );
  }
  for (const m of matches) {
    const shared = m.spec.loserPlaces;
    if (shared && m.status === 'done') places.push({ entry: loserEntry(m)!, ...shared });
  }
  return places
    .filter((p) => left.get(p.entry)?.method !== 'dq')
    .sort((x, y) => x.place - y.place || x.entry - y.entry);
}

function checkSlots(structure: BracketStructure, slots: readonly (EntryId | null)[]) {
  const byes = new Set(structure.byeSlots);
  const entries = slots.filter((e): e is EntryId => e !== null);
  const fits =
    slots.length === structure.slotCount &&
    slots.every((entry, slot) => (entry === null) === byes.has(slot)) &&
    new Set(entries).size === entries.length;
  if (!fits) {
    throw new RangeError(
      `The draw does not fit the bracket: ${structure.slotCount} slots with byes at ${[...byes].join(', ') || 'none'}, each entry once.`,
    );
  }
}
