/**
 * A category's state, derived from its structure, its draw and the results recorded so far: never stored, always
 * computed again (a 128-athlete category in well under a millisecond), so a correction upstream, a result
 * replayed from an offline table and a fresh start all go through this one function.
 */
import type { BracketStructure, Destination, MatchSpec, Source } from './structure.ts';
import {
  doubleNoShowAllowed,
  type EntryId,
  isDoubleNoShow,
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
  /** The athletes, once known (null also for a side nobody will come to: see `emptyA`). */
  a: EntryId | null;
  b: EntryId | null;
  /**
   * A side nobody will ever come to: the match that fed it ended in a double no-show (or fed nobody itself). An
   * athlete facing an empty side goes through without pulling (auto, 'no_show'); a match with two empty sides is
   * done with nobody in it.
   */
  emptyA: boolean;
  emptyB: boolean;
  /** waiting: an athlete is not known yet; ready: both are, no result; done: decided. */
  status: MatchStatus;
  /** Null while undecided, and for a double no-show (both lost) or a match with nobody in it. */
  winner: Side | null;
  method: Method | null;
  /** The recorded result in force; null while undecided, and for a match decided automatically. */
  result: MatchResult | null;
  /** Decided without being pulled: one of its athletes had already withdrawn or been disqualified. */
  auto: boolean;
}

/** An athlete's final place; athletes out at the same stage share places (`place` 5, `last` 6): see `placesOf`. */
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

/** The entry that won a decided match, or lost it (null for a double no-show: see `losersOf`). */
export const winnerEntry = (m: MatchState): EntryId | null => (m.winner === null ? null : m.winner === 'A' ? m.a : m.b);
export const loserEntry = (m: MatchState): EntryId | null => (m.winner === null ? null : m.winner === 'A' ? m.b : m.a);

/** Every athlete who lost a decided match: its loser, or both athletes of a double no-show. */
export function losersOf(m: MatchState): EntryId[] {
  if (m.status !== 'done') return [];
  if (m.winner !== null) return m.winner === 'A' ? (m.b === null ? [] : [m.b]) : m.a === null ? [] : [m.a];
  return [m.a, m.b].filter((e): e is EntryId => e !== null);
}

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
  // A side is empty when the match feeding it is decided and sends nobody: nobody won it (a double no-show), or
  // its loser is nobody (it was won without an opponent).
  const emptyAt = (source: Source): boolean => {
    if (source.from === 'slot') return false;
    const from = byCode.get(source.match);
    return from?.status === 'done' && entryAt(source) === null;
  };

  for (const spec of structure.matches) {
    const stored = Object.hasOwn(results, spec.code) ? results[spec.code] : undefined;
    // The super final is a match only when the losers' bracket champion (B) beat someone in the final.
    const f1 = byCode.get('F1');
    if (spec.code === 'F2' && (f1?.winner !== 'B' || f1.emptyA)) {
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
      emptyA: emptyAt(spec.a),
      emptyB: emptyAt(spec.b),
      status: 'waiting',
      winner: null,
      method: null,
      result: null,
      auto: false,
    };
    const applies =
      stored !== undefined &&
      stored.a === a &&
      stored.b === b &&
      (isSide(stored.winner) || (isDoubleNoShow(stored) && doubleNoShowAllowed(spec)));
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
        if (leavesCategory(method) && stored.winner !== null) {
          left.set(loserEntry(m)!, { method, match: spec.code, order: spec.order });
        }
      } else {
        m.status = 'ready';
        if (stored) voided.push(spec.code);
      }
    } else if ((m.emptyA && (b !== null || m.emptyB)) || (m.emptyB && a !== null)) {
      // Nobody will come to one side: the athlete on the other goes through as if their opponent did not appear
      // (an athlete who has left goes nowhere: nobody wins). Two empty sides: the match is done with nobody in it.
      const present = a ?? b;
      const goes = present !== null && !left.has(present);
      Object.assign(m, {
        status: 'done',
        winner: goes ? (a !== null ? 'A' : 'B') : null,
        method: goes ? 'no_show' : null,
        auto: true,
      });
      if (stored) voided.push(spec.code);
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
    places: placesOf(matches, byCode, structure.size, deciding, left),
  };
}

/** The match that decides 1st and 2nd, once decided: the super final when pulled, else the final. */
function decidingFinal(byCode: ReadonlyMap<string, MatchState>, superFinal: boolean): MatchState | null {
  const f1 = byCode.get('F1');
  if (!f1 || f1.status !== 'done') return null;
  if (f1.winner !== 'B' || !superFinal || !byCode.has('F2')) return f1;
  const f2 = byCode.get('F2');
  return f2?.status === 'done' ? f2 : null;
}

/**
 * The stage at which a decided match puts athletes out, counted in losers' rounds: a losers'-bracket match's own
 * round; a winners'-bracket match only when nobody won it (a double no-show: both are out, at the losers' round
 * its loser would have dropped into). Null for a match that puts nobody out.
 */
function outStage(m: MatchState, byCode: ReadonlyMap<string, MatchState>): number | null {
  if (m.spec.bracket === 'L') return m.spec.round;
  if (m.spec.bracket !== 'W' || !m.spec.loserTo) return null;
  const drop = byCode.get(m.spec.loserTo.match)?.spec;
  return drop?.bracket === 'L' ? drop.round : null;
}

/**
 * Places. 1st and 2nd from the deciding final. Below them, an athlete's place follows the stage they went out at
 * (see outStage): everyone who went out at the same stage shares the places after those who went further, so a
 * place is 1 + the athletes still in after that stage. Without double no-shows this is the bracket's own places
 * (the last losers' round 3rd, the one before 4th, then 5th–6th, 7th–8th, ...). A double no-show puts two athletes
 * out at once and the next matches they fed go without a loser, so the places follow the athletes who really went
 * out at each stage. A match not decided yet counts as putting one athlete out (none when a side of it is empty).
 * Disqualified athletes count where they went out but get no place: nobody moves up.
 */
function placesOf(
  matches: readonly MatchState[],
  byCode: ReadonlyMap<string, MatchState>,
  size: number,
  deciding: MatchState | null,
  left: ReadonlyMap<EntryId, LeftCategory>,
): Placing[] {
  const places: Placing[] = [];
  if (deciding) {
    const champion = winnerEntry(deciding);
    const runnerUp = loserEntry(deciding);
    if (champion !== null) places.push({ entry: champion, place: 1, last: 1 });
    if (runnerUp !== null) places.push({ entry: runnerUp, place: 2, last: 2 });
  }
  const outCount = new Map<number, number>();
  const outEntries = new Map<number, EntryId[]>();
  for (const m of matches) {
    const stage = outStage(m, byCode);
    if (stage === null) continue;
    const winnersBracket = m.spec.bracket === 'W';
    const out = m.status === 'done' ? (winnersBracket && m.winner !== null ? [] : losersOf(m)) : null;
    const count = out ? out.length : winnersBracket || m.emptyA || m.emptyB ? 0 : 1;
    outCount.set(stage, (outCount.get(stage) ?? 0) + count);
    if (out?.length) outEntries.set(stage, [...(outEntries.get(stage) ?? []), ...out]);
  }
  let outSoFar = 0;
  for (const stage of [...outCount.keys()].sort((x, y) => x - y)) {
    const count = outCount.get(stage)!;
    outSoFar += count;
    const place = size - outSoFar + 1;
    for (const entry of outEntries.get(stage) ?? []) places.push({ entry, place, last: place + count - 1 });
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
