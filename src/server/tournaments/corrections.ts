import { correctionEffect, resultFor } from '../../shared/tournament/index.ts';
import type { CorrectionAnswer } from '../../shared/tournament-contract/tournament.ts';
import type { MatchResultInput } from '../../shared/tournament-contract/match.ts';
import type { Db } from '../db/connection.ts';
import { logDecision } from '../decisions/log.ts';
import { touchTournament } from './changes.ts';
import { closeConflicts } from './conflicts.ts';
import { resultFields } from './load.ts';
import { headTable, locateMatch } from './match-access.ts';
import { conflictWith, resultAnswer, resultRefusal } from './match-answer.ts';
import { republishCorrected } from './publish.ts';
import { removeResults, saveResult } from './result-rows.ts';

/**
 * A correction at the head table: a decided match's result replaced. The shared engine's `correctionEffect` says
 * what it does: the later matches whose result depended on the wrong athlete are reset (their results removed, to
 * be pulled again); results not affected stay. A dry run answers that and changes nothing. Saving is one
 * transaction: the result replaced, the reset results removed, the match's open conflicts closed, a published
 * category re-rated exactly (publish.ts, republishCorrected), and the decision log given who, when, the result
 * before and after and the matches reset. A match not decided yet is a 409 (record it with the result route).
 */

export function correctMatch(
  db: Db,
  tournamentId: number,
  matchId: number,
  input: MatchResultInput & { dry_run?: boolean | undefined },
  by: string,
  now = new Date(),
): CorrectionAnswer {
  const run = () => {
    const { category, code } = locateMatch(db, tournamentId, matchId);
    const state = category.state!;
    const match = state.byCode.get(code);
    if (!match || match.status !== 'done' || !match.result) {
      throw conflictWith(category, code, {
        code: match?.auto ? 'automatic' : 'not_decided',
        message: match?.auto
          ? 'This match was decided by a withdrawal or a disqualification: correct that match instead.'
          : 'This match has no result to correct yet: record it instead.',
      });
    }
    const result = resultFor(input, match.a!, match.b!);
    const effect = correctionEffect(state, code, result);
    if (!effect.ok) throw resultRefusal(category, code, effect.error, result);
    const affected = effect.resets.map((c) => category.matchIds.get(c)!);
    const after = { ...category, state: effect.state };
    if (input.dry_run) return { ...resultAnswer(db, after, code), affected, dry_run: true };

    saveResult(db, matchId, result, headTable(by), now);
    // Every match without a result in force after the correction (the ones it resets; undecided ones are no-ops).
    const open = [...category.matchIds].filter(([c]) => c !== code && !(c in effect.state.results)).map(([, id]) => id);
    removeResults(db, open, 'reset', by, now);
    closeConflicts(db, [matchId], 'corrected', by, now);
    const published = republishCorrected(db, tournamentId, category.row.id, by, now);
    logDecision(db, {
      subject: 'tournament_match',
      subjectId: matchId,
      from: 'decided',
      to: 'corrected',
      by,
      at: now.toISOString(),
      detail: {
        before: resultFields(match.result),
        after: resultFields(result),
        affected,
        ...(category.row.published_at ? { still_published: published } : {}),
      },
    });
    touchTournament(db, tournamentId, category.row.id);
    const saved = locateMatch(db, tournamentId, matchId);
    return { ...resultAnswer(db, saved.category, code), affected, dry_run: false };
  };
  return db.transaction(run).immediate();
}
