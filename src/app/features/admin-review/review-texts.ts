import type { ReviewStatus } from '../../../shared/supermatch-review.ts';

/** The texts of the admin's review queues, in one place so the components and their tests share them. */

export const STATUS_FAILED = 'Failed to update status. Please try again.';
export const RATINGS_NOT_APPLIED = 'Ratings not applied (no change detected).';

export const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

/** What a queue says when the chosen status has no items, e.g. 'No denied supermatches.' */
export function emptyQueueTitle(status: ReviewStatus, what: string): string {
  if (status === 'pending') return `No ${what} waiting for review.`;
  return status === 'approved' ? `No approved ${what} yet.` : `No denied ${what}.`;
}

/** A moment (ISO time) in the admin's own time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The day part of a moment, for the list's Date column. */
export function formatMomentDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** Skill as the leaderboards show it (one decimal); null: not rated on that hand. */
export const formatSkill = (skill: number | null) => (skill === null ? 'Not rated' : skill.toFixed(1));

/**
 * The change shown beside 'before → after': from the two numbers as shown
 * (one decimal), so the row adds up; the server's exact delta when a side was
 * not rated (a newcomer's change counts from the starting skill).
 */
export function shownDelta(change: { before: number | null; after: number | null; delta: number }): number {
  if (change.before === null || change.after === null) return change.delta;
  return Number(change.after.toFixed(1)) - Number(change.before.toFixed(1));
}

/** A change with its sign: +1.2, −0.8 (a real minus), ±0.0. */
export function formatDelta(delta: number): string {
  const text = Math.abs(delta).toFixed(1);
  if (text === '0.0') return '±0.0';
  return delta > 0 ? `+${text}` : `\u2212${text}`;
}
