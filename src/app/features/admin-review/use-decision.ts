import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReviewStatus } from '../../../shared/supermatch-review.ts';
import { useSessionUser } from '../../auth/use-session.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { STATUS_FAILED } from './review-texts.ts';

export type Verdict = 'approved' | 'denied';

/** What the admin saw and chose: the item's status at the time (sent as `expected_status`) and the new one. */
export interface DecisionInput<Extra> {
  id: number;
  status: Verdict;
  expected: ReviewStatus;
  extra?: Extra;
}

/** Why a decision did not go through, as the modal words it; `fields` are the server's field errors (422). */
export interface DecisionProblem {
  message: string;
  fields?: Record<string, string[]>;
}

/**
 * The server's own words where they help the admin: a 409 says who decided in
 * the meantime (or why the claim cannot be approved), a 422 names the missing
 * field. Anything else (no connection, a server fault, a lost session) gets
 * the one failure text, since the admin's only move is to try again.
 */
export function decisionProblem(error: unknown): DecisionProblem {
  if (error instanceof ApiResponseError && error.status === 409) return { message: error.message };
  if (error instanceof ApiResponseError && error.status === 422) {
    return error.fields ? { message: error.message, fields: error.fields } : { message: error.message };
  }
  return { message: STATUS_FAILED };
}

/**
 * One decision on a queue item, applied to the list at once (optimistic):
 * the row and the open modal show the new status before the server answers.
 * A failure puts back the item as it was and says why; either way the list
 * is read again afterwards, so what stays on screen is the server's state.
 * `alsoInvalidate` names other queries a decision changes (the leaderboards).
 */
export function useDecision<T extends { id: number; status: ReviewStatus }, Extra = undefined>({
  listKey,
  post,
  optimistic,
  alsoInvalidate = [],
}: {
  listKey: QueryKey;
  post: (input: DecisionInput<Extra>) => Promise<T>;
  /** The item as it will look once decided, by `who` at `at` (ISO time). */
  optimistic: (item: T, status: Verdict, who: string, at: string) => T;
  alsoInvalidate?: QueryKey[];
}) {
  const client = useQueryClient();
  const user = useSessionUser();
  const who = user?.email ?? user?.name ?? 'You';

  const replace = (id: number, next: (item: T) => T) =>
    client.setQueryData<T[]>(listKey, (list) => list?.map((item) => (item.id === id ? next(item) : item)));

  const mutation = useMutation({
    mutationFn: post,
    onMutate: async (input: DecisionInput<Extra>) => {
      // A list read already on its way would land over the optimistic change.
      await client.cancelQueries({ queryKey: listKey });
      const before = client.getQueryData<T[]>(listKey)?.find((item) => item.id === input.id);
      replace(input.id, (item) => optimistic(item, input.status, who, new Date().toISOString()));
      return { before };
    },
    onError: (_error, input, context) => {
      // Only this item goes back: another decision made meanwhile stays.
      const before = context?.before;
      if (before) replace(input.id, () => before);
    },
    onSuccess: (answer, input) => {
      if (answer && typeof answer === 'object') replace(input.id, () => answer);
    },
    onSettled: async () => {
      await Promise.all([listKey, ...alsoInvalidate].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });

  return {
    decide: (input: DecisionInput<Extra>) => mutation.mutate(input),
    /** The decision on its way, if any. */
    busy: mutation.isPending ? (mutation.variables?.status ?? null) : null,
    problem: mutation.isError ? decisionProblem(mutation.error) : null,
    reset: mutation.reset,
  };
}
