/**
 * Arm wrestling's double-elimination rules, as pure functions shared by the server and the table devices (which
 * advance their brackets offline): no I/O, no DOM, no Node APIs, no zod. The rules in words, and why the engine
 * is ours: docs/tournament-rules.md, docs/decisions/0008-bracket-engine.md.
 *
 * The flow, from weigh-in to podium:
 *
 *   checkWeighIn(weightClass, weight, units)     -> null | 'Over the limit: 201.5 lbs in 198 lbs.'
 *   drawCategory(entries, { method, seed?, ratings?, clubs? })
 *                                                -> { method, seed, order, slots }   (store seed and slots)
 *   buildBracket(N, { superFinal })              -> the structure: every match's code, sources, destinations
 *   deriveCategory(structure, slots, results, settings)
 *                                                -> the state: each match's athletes, status, winner; byes,
 *                                                   void results, who left, places, champion and path
 *   validateResult / applyResult(state, code, result)     record a result (a repeat is no conflict)
 *   correctionEffect(state, code, result)        -> what a correction resets, and the state to save
 *   canUndo / undoResult(state, code, started)   take back a result nothing later depends on
 *   playOrder(structure), callQueue(categoriesAtTable), athleteOutlook(table, category, entry), outlookText
 *   teamStandings(placesByCategory, clubsByEntry, points)
 *
 * What is stored: per category its draw (seed, slots) and its results, a map from match code to
 * `{ winner, method, warnings_a, warnings_b, fouls_a, fouls_b, a, b }`; everything else is derived again. A
 * result carries the athletes it was recorded for, so after a correction upstream it no longer applies (the
 * state lists it in `void`) and offline replay, corrections and a fresh start are the same computation.
 *
 * Match codes are stable keys within a category: `W{round}-{n}`, `L{round}-{n}`, `F1` (final), `F2` (super
 * final). Winners' round 1 byes are listed in `structure.byes`, never as matches.
 */
export {
  buildBracket,
  CROSSINGS,
  losersCrossing,
  MIN_ATHLETES,
  seedingPositions,
  slotCountFor,
  type BracketSide,
  type BracketStructure,
  type ByeSpec,
  type Crossing,
  type Destination,
  type MatchSpec,
  type Source,
} from './structure.ts';
export {
  deriveCategory,
  loserEntry,
  losersOf,
  winnerEntry,
  type CategoryState,
  type LeftCategory,
  type MatchState,
  type MatchStatus,
  type Placing,
} from './derive.ts';
export {
  applyResult,
  canUndo,
  correctionEffect,
  laterMatches,
  sameResult,
  undoResult,
  validateResult,
  type CorrectionEffect,
  type Outcome,
  type ResultError,
  type ResultErrorCode,
} from './results.ts';
export {
  athleteOutlook,
  callQueue,
  outlookText,
  playOrder,
  QUEUE_LABELS,
  type Outlook,
  type QueuedMatch,
  type Table,
  type TableCategory,
} from './queue.ts';
export {
  DRAW_METHODS,
  drawCategory,
  drawnEntries,
  randomSeed,
  type Draw,
  type DrawEntry,
  type DrawMethod,
  type DrawOptions,
} from './draw.ts';
export { medalFor, placePoints, teamStandings, type ClubStanding } from './standings.ts';
export {
  categoryName,
  checkWeighIn,
  classLabel,
  classLimit,
  DEFAULT_SETTINGS,
  doubleNoShowAllowed,
  HAND_LABELS,
  isDoubleNoShow,
  isPulled,
  leavesCategory,
  METHOD_LABELS,
  METHODS,
  placeLabel,
  PULLED_METHODS,
  resultFor,
  SEX_LABELS,
  type Category,
  type CategoryWords,
  type Division,
  type EntryId,
  type Hand,
  type LeavingMethod,
  type MatchResult,
  type Method,
  type ResultInput,
  type Sex,
  type Side,
  type TournamentSettings,
} from './rules.ts';
