import type { Hand } from '../../shared/rankings.ts';
import { parseScore } from '../../shared/submissions.ts';
import type { NewAthlete, ReviewStatus, TrustState } from '../../shared/supermatch-review.ts';
import type { RatingEffects, SupermatchReviewItem } from '../../shared/answers/review.ts';
import { canSeeAdmin } from '../../shared/roles.ts';
import type { Units } from '../../shared/association.ts';
import { storedWeightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import { roleOf } from '../auth/roles.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { changedMeanwhile, decisionsOf, logDecision } from '../decisions/log.ts';
import { HttpError } from '../http/errors.ts';
import { athleteIdByName } from '../names/known-names.ts';
import { rerate } from '../ratings/engine.ts';
import { completeCard } from './cards.ts';
import { athletesFor, measureEffects } from './rating-effects.ts';

/**
 * An admin's review of submitted supermatch results. Approving a submission
 * makes it a rated result (the ratings move); denying an approved one takes
 * the result out again (a full recompute, so the ratings are exactly what they
 * would be had it never been approved); approving it again puts it back.
 * Each decision, its log row, the result and the ratings change in one
 * transaction, and the decision keeps what it did to the two skills.
 */

interface SubmissionRow {
  id: number;
  a_name: string;
  b_name: string;
  hand: Hand;
  winner: 'A' | 'B';
  score: string | null;
  best_of: number | null;
  date: string;
  location: string | null;
  weight_a: number | null;
  weight_b: number | null;
  weight_unit: Units;
  head_ref: string | null;
  down_ref: string | null;
  notes: string | null;
  submitter: string;
  submitter_ip: string;
  submitter_sub: string | null;
  submitter_email: string | null;
  status: ReviewStatus;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  rating_effects: string | null;
}

/**
 * The wins a submission is rated with: the score's numbers (the winner has
 * the higher one), or 3-0 to the winner when no score was given. Best-of is
 * as submitted, raised when the score needs more pins than that (a 3-2 sent
 * as best of 3 is rated as best of 5), so a result always fits its best-of.
 */
export function ratedWins(s: Pick<SubmissionRow, 'winner' | 'score' | 'best_of'>) {
  const [high, low] = (s.score ? parseScore(s.score) : null) ?? [3, 0];
  const bestOf = Math.max(s.best_of ?? 0, 2 * high - 1);
  return s.winner === 'A' ? { aWins: high, bWins: low, bestOf } : { aWins: low, bWins: high, bestOf };
}

/**
 * Trust per signed-in submitter: approved minus denied results of that
 * account. The icon: an admin or developer account; flagged below 0; trusted
 * at 1 or more; otherwise logged in; anonymous without an account.
 */
function trustStates(db: Db) {
  const scores = new Map(
    (
      db
        .prepare(
          `SELECT submitter_sub AS sub, SUM(status = 'approved') - SUM(status = 'denied') AS trust
           FROM supermatch_submissions WHERE submitter_sub IS NOT NULL GROUP BY submitter_sub`,
        )
        .all() as { sub: string; trust: number }[]
    ).map((r) => [r.sub, r.trust]),
  );
  const seen = new Map<string, TrustState>();
  return (row: SubmissionRow): TrustState => {
    const sub = row.submitter_sub;
    if (!sub) return 'anonymous';
    const key = `${sub}\u0000${row.submitter_email ?? ''}`;
    let state = seen.get(key);
    if (!state) {
      const trust = scores.get(sub) ?? 0;
      state = canSeeAdmin(roleOf(db, { sub, email: row.submitter_email ?? undefined }))
        ? 'admin'
        : trust < 0
          ? 'flagged'
          : trust >= 1
            ? 'trusted'
            : 'logged_in';
      seen.set(key, state);
    }
    return state;
  };
}

function toItem(db: Db, row: SubmissionRow, trust: TrustState, decisions: SupermatchReviewItem['decisions']) {
  const wins = ratedWins(row);
  const units = readAssociation(db).units;
  return {
    id: row.id,
    date: row.date,
    a_name: row.a_name,
    b_name: row.b_name,
    a_wins: wins.aWins,
    b_wins: wins.bWins,
    best_of: wins.bestOf,
    winner: row.winner,
    score: row.score,
    hand: row.hand,
    // In the association's unit, converted once from the unit the submitter typed them in.
    weight_a: storedWeightIn({ weight: row.weight_a, weight_unit: row.weight_unit }, units),
    weight_b: storedWeightIn({ weight: row.weight_b, weight_unit: row.weight_unit }, units),
    location: row.location,
    notes: row.notes,
    head_ref: row.head_ref,
    down_ref: row.down_ref,
    submitter: row.submitter,
    submitter_ip: row.submitter_ip,
    submitter_trust: trust,
    created_at: row.created_at,
    status: row.status,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    rating_effects: row.rating_effects ? (JSON.parse(row.rating_effects) as RatingEffects) : null,
    a_athlete_id: athleteIdByName(db, row.a_name),
    b_athlete_id: athleteIdByName(db, row.b_name),
    decisions,
  } satisfies SupermatchReviewItem;
}

/** Every submission (or those with one status), newest first. */
export function listSupermatchSubmissions(db: Db, status?: ReviewStatus): SupermatchReviewItem[] {
  const rows = (
    status
      ? db
          .prepare('SELECT * FROM supermatch_submissions WHERE status = ? ORDER BY created_at DESC, id DESC')
          .all(status)
      : db.prepare('SELECT * FROM supermatch_submissions ORDER BY created_at DESC, id DESC').all()
  ) as SubmissionRow[];
  const trust = trustStates(db);
  const decisions = decisionsOf(db, 'supermatch');
  return rows.map((r) => toItem(db, r, trust(r), decisions.get(r.id) ?? []));
}

function submissionItem(db: Db, id: number): SupermatchReviewItem | undefined {
  const row = db.prepare('SELECT * FROM supermatch_submissions WHERE id = ?').get(id) as SubmissionRow | undefined;
  return row ? toItem(db, row, trustStates(db)(row), decisionsOf(db, 'supermatch', id).get(id) ?? []) : undefined;
}

export interface DecisionInput {
  status: 'approved' | 'denied';
  expected_status?: ReviewStatus | undefined;
  athletes?: { a?: NewAthlete | undefined; b?: NewAthlete | undefined } | undefined;
}

export type DecisionOutcome =
  | { kind: 'decided'; item: SupermatchReviewItem; effects: RatingEffects | null }
  | { kind: 'conflict'; item: SupermatchReviewItem; message: string };

/**
 * An admin's decision: approve anything not approved, deny anything not
 * denied; deciding what is already so changes nothing. When the admin saw
 * another status than the submission has now, nothing changes and the
 * outcome is a conflict carrying the current state.
 */
export function decideSupermatch(
  db: Db,
  id: number,
  input: DecisionInput,
  decidedBy: string,
  now = new Date(),
): DecisionOutcome {
  return db
    .transaction((): DecisionOutcome => {
      const row = db.prepare('SELECT * FROM supermatch_submissions WHERE id = ?').get(id) as SubmissionRow | undefined;
      if (!row) throw new HttpError(404, 'not_found', `No supermatch submission ${id}.`);
      if (input.expected_status && input.expected_status !== row.status) {
        const item = submissionItem(db, id)!;
        return {
          kind: 'conflict',
          item,
          message: changedMeanwhile('result', row),
        };
      }
      if (row.status === input.status) return { kind: 'decided', item: submissionItem(db, id)!, effects: null };

      const names = { a: row.a_name, b: row.b_name };
      const ids =
        input.status === 'approved'
          ? athletesFor(db, names, input.athletes, 'approving')
          : { a: athleteIdByName(db, names.a), b: athleteIdByName(db, names.b) };
      const effects = measureEffects(db, row.hand, names, ids, () => {
        if (input.status === 'approved') {
          const wins = ratedWins(row);
          const rated = { a: ids.a!, b: ids.b! };
          // A scheduled card of the same match takes the result instead of a second one.
          const card = completeCard(db, {
            submissionId: id,
            names,
            ids: rated,
            hand: row.hand,
            date: row.date,
            wins: { a: wins.aWins, b: wins.bWins },
          });
          if (card?.kind === 'already') {
            return `Supermatch card c${card.cardId} already has this result, so it is rated once: the ratings did not change.`;
          }
          if (!card) {
            insertRow(db, 'supermatch_results', {
              date: row.date,
              athlete_a: rated.a,
              athlete_b: rated.b,
              hand: row.hand,
              a_wins: wins.aWins,
              b_wins: wins.bWins,
              best_of: wins.bestOf,
              submission_id: id,
            });
          }
          // Incremental when this is the newest result, else a full recompute (the engine decides).
          rerate(db);
        } else if (row.status === 'approved') {
          db.prepare('DELETE FROM supermatch_results WHERE submission_id = ?').run(id);
          rerate(db, { full: true });
        }
      });

      const at = now.toISOString();
      db.prepare(
        'UPDATE supermatch_submissions SET status = ?, decided_by = ?, decided_at = ?, rating_effects = ? WHERE id = ?',
      ).run(input.status, decidedBy, at, JSON.stringify(effects), id);
      logDecision(db, {
        subject: 'supermatch',
        subjectId: id,
        from: row.status,
        to: input.status,
        by: decidedBy,
        at,
        effects,
      });
      return { kind: 'decided', item: submissionItem(db, id)!, effects };
    })
    .immediate();
}
