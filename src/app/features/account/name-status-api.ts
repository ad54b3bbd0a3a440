import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NAME_STATUSES, type NameStatus, type NameSubmissionRequest } from '../../../shared/name-claims.ts';
import { meProfileKeys } from '../../auth/use-verified-name.ts';
import { apiGet, apiPost, type GetToken } from '../../lib/api.ts';

/**
 * The bearer token comes in as `getToken` (the session's getAccessToken, handed
 * down by the account route) rather than from the session module itself: a
 * second lazy chunk importing auth/session.ts makes the bundler split the first
 * screen's shared code into an extra chunk (+1.7 KB gzipped on the first
 * screen). See routes/account.tsx.
 */
export type { GetToken };

/**
 * GET /api/v1/me/name-status with the bearer token. A failure throws
 * (silently: no message), so a status seen before, kept in the persisted
 * cache, still shows offline. Always fetched again when the page opens: an
 * admin may have decided since.
 */
export async function fetchNameStatus(getToken: GetToken): Promise<NameStatus> {
  return parseNameStatus(await apiGet<unknown>('/me/name-status', { auth: getToken, fresh: true }));
}

const nullableString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function parseNameStatus(body: unknown): NameStatus {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const status = (NAME_STATUSES as readonly unknown[]).includes(b.status) ? (b.status as NameStatus['status']) : null;
  if (!status) throw new Error('Unexpected name status.');
  return {
    status,
    athlete_name: nullableString(b.athlete_name),
    pending_requested_name: nullableString(b.pending_requested_name),
  };
}

export const nameStatusKeys = {
  all: ['me', 'name-status'] as const,
  bySub: (sub: string) => [...nameStatusKeys.all, sub] as const,
};

export const nameStatusQuery = (sub: string, getToken: GetToken) =>
  queryOptions({
    queryKey: nameStatusKeys.bySub(sub),
    queryFn: () => fetchNameStatus(getToken),
    staleTime: 0,
  });

export function useNameStatus(sub: string, getToken: GetToken) {
  return useQuery(nameStatusQuery(sub, getToken));
}

/**
 * POST /api/v1/name-submissions: the new status. Throws the client's errors:
 * NetworkError when the request never reached the server, anything else
 * (an error answer, an odd one) is a refusal.
 */
export async function submitName(claim: NameSubmissionRequest, getToken: GetToken): Promise<NameStatus> {
  return parseNameStatus(await apiPost<unknown>('/name-submissions', claim, { auth: getToken }));
}

/** After a submission: the account's name queries (this page's status, the forms' profile) are read again. */
export function useRefreshNameQueries() {
  const client = useQueryClient();
  return useCallback(
    (sub: string, status?: NameStatus) => {
      if (status) client.setQueryData(nameStatusKeys.bySub(sub), status);
      void client.invalidateQueries({ queryKey: nameStatusKeys.bySub(sub) });
      void client.invalidateQueries({ queryKey: meProfileKeys.bySub(sub) });
    },
    [client],
  );
}
