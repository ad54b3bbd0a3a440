import type { ReviewStatus } from '../../shared/supermatch-review.ts';
import type { Decision, RatingEffects } from '../../shared/answers/review.ts';
import type { Db } from '../db/connection.ts';

/**
 * The append-only log of admins' decisions on supermatch results, name
 * claims and tournament categories (published, or taken back to finished), and the rating model's changes:
 * who, when, from which status to which, and what it did to the ratings. The database refuses to change or delete a row (migration 6), so
 * the history of a submission can be trusted after any number of changes of mind.
 */
export type DecisionSubject =
  'supermatch' | 'name_claim' | 'tournament_category' | 'tournament_match' | 'tournament_conflict' | 'rating_model';
/**
 * A tournament category is finished, then published (migration 9 widened the log's statuses for it); a match's
 * result is decided, then corrected; a conflict is open, then dismissed (migration 10).
 */
export type LoggedStatus =
  ReviewStatus | 'finished' | 'published' | 'decided' | 'corrected' | 'open' | 'dismissed' | 'in_use';

export interface NewDecision {
  subject: DecisionSubject;
  subjectId: number;
  from: LoggedStatus;
  to: LoggedStatus;
  by: string;
  at: string;
  effects?: RatingEffects | null;
  /** What else the decision did, as JSON (a correction: the result before and after, the matches it reset). */
  detail?: unknown;
}

/**
 * What an admin is told when the item changed since they looked (their
 * `expected_status` is not its status any more): what it is now and who made it so.
 */
export function changedMeanwhile(what: 'result' | 'claim', now: { status: ReviewStatus; decided_by: string | null }) {
  const who = now.decided_by ? ` by ${now.decided_by}` : '';
  return `This ${what} was ${now.status}${who} while you were looking. Check it again before deciding.`;
}

export function logDecision(db: Db, d: NewDecision): void {
  db.prepare(
    `INSERT INTO decisions (subject, subject_id, from_status, to_status, decided_by, decided_at, rating_effects,
       detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    d.subject,
    d.subjectId,
    d.from,
    d.to,
    d.by,
    d.at,
    d.effects ? JSON.stringify(d.effects) : null,
    d.detail === undefined ? null : JSON.stringify(d.detail),
  );
}

interface DecisionRow {
  subject_id: number;
  from_status: ReviewStatus;
  to_status: ReviewStatus;
  decided_by: string;
  decided_at: string;
  rating_effects: string | null;
}

/** Every decision on the subject's rows (one id, or all), oldest first, by subject id. */
export function decisionsOf(db: Db, subject: DecisionSubject, id?: number): Map<number, Decision[]> {
  const rows = (
    id === undefined
      ? db.prepare('SELECT * FROM decisions WHERE subject = ? ORDER BY id').all(subject)
      : db.prepare('SELECT * FROM decisions WHERE subject = ? AND subject_id = ? ORDER BY id').all(subject, id)
  ) as DecisionRow[];
  const by = new Map<number, Decision[]>();
  for (const r of rows) {
    const list = by.get(r.subject_id) ?? [];
    list.push({
      from: r.from_status,
      to: r.to_status,
      decided_by: r.decided_by,
      decided_at: r.decided_at,
      rating_effects: r.rating_effects ? (JSON.parse(r.rating_effects) as RatingEffects) : null,
    });
    by.set(r.subject_id, list);
  }
  return by;
}
