import { queryOptions } from '@tanstack/react-query';
import type { AccountClaim, ClaimDecision } from '../../../shared/name-claims.ts';
import type { AccountClaimAnswer, AccountClaimList } from '../../../shared/answers/name-claims.ts';
import type { SupermatchDecision } from '../../../shared/supermatch-review.ts';
import type {
  SupermatchDecisionAnswer,
  SupermatchReviewItem,
  SupermatchReviewList,
} from '../../../shared/answers/review.ts';
import { apiGet, apiPost } from '../../lib/api.ts';
import { reviewKeys } from './review-keys.ts';

/**
 * The admin's review queues: GET the list (every status, newest first) and
 * POST a decision. Decisions always carry the status the admin saw, so the
 * server refuses (409) when someone else decided in between instead of
 * silently overwriting their decision.
 */

/** An admin acts on what the server says now: read fresh each time the screen opens, never from a stale copy. */
const FRESH = { staleTime: 0 } as const;

export const supermatchQueueQuery = () =>
  queryOptions({
    queryKey: reviewKeys.supermatches(),
    queryFn: async () =>
      (await apiGet<SupermatchReviewList>('/admin/supermatches', { auth: true, fresh: true })).supermatches,
    ...FRESH,
  });

export const accountQueueQuery = () =>
  queryOptions({
    queryKey: reviewKeys.accounts(),
    queryFn: async () =>
      (await apiGet<AccountClaimList>('/admin/name-submissions', { auth: true, fresh: true })).name_submissions,
    ...FRESH,
  });

export async function postSupermatchDecision(id: number, body: SupermatchDecision): Promise<SupermatchReviewItem> {
  return (await apiPost<SupermatchDecisionAnswer>(`/admin/supermatches/${id}/status`, body, { auth: true })).supermatch;
}

export async function postClaimDecision(id: number, body: ClaimDecision): Promise<AccountClaim> {
  return (await apiPost<AccountClaimAnswer>(`/admin/name-submissions/${id}/status`, body, { auth: true }))
    .name_submission;
}
