import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NAME_STATUSES, type NameStatus } from '../../../shared/name-claims.ts';

/**
 * The bearer token comes in as `getToken` (the session's getAccessToken, handed
 * down by the account route) rather than by importing auth/session.ts: a second
 * lazy chunk importing the session module makes the bundler split the first
 * screen's shared code into an extra chunk (+1.7 KB gzipped on the first
 * screen). See routes/account.tsx.
 */
export type GetToken = () => Promise<string | null>;

/**
 * Spec part 1 §3, §7: GET /api/v1/me/name-status with the bearer token. A
 * failure throws (silently: no message, part 1 §8), so a status seen before,
 * kept in the persisted cache, still shows offline. Always fetched again when
 * the page opens: an admin may have decided since.
 */
export async function fetchNameStatus(getToken: GetToken): Promise<NameStatus> {
  const token = await getToken();
  if (!token) throw new Error('Not signed in.');
  const res = await fetch('/api/v1/me/name-status', {
    cache: 'no-store',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`Name status failed (${res.status}).`);
  return parseNameStatus(await res.json());
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

export const nameStatusQuery = (sub: string, getToken: GetToken) =>
  queryOptions({
    queryKey: ['me', 'name-status', sub],
    queryFn: () => fetchNameStatus(getToken),
    staleTime: 0,
    retry: 0,
  });

export function useNameStatus(sub: string, getToken: GetToken) {
  return useQuery(nameStatusQuery(sub, getToken));
}

export type SubmitOutcome =
  | { kind: 'submitted'; status: NameStatus }
  | { kind: 'refused'; status: number; message: string | null }
  | { kind: 'network' };

/**
 * POST /api/v1/name-submissions. Tells a refusal (non-OK: 'Could not submit.
 * Try again.') from a request that never reached the server ('Error submitting
 * name.'), spec part 1 §8.
 */
export async function submitName(requestedName: string, getToken: GetToken): Promise<SubmitOutcome> {
  const token = await getToken();
  if (!token) return { kind: 'refused', status: 401, message: null };
  let res: Response;
  try {
    res = await fetch('/api/v1/name-submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ requested_name: requestedName }),
    });
  } catch {
    return { kind: 'network' };
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  if (!res.ok) {
    return { kind: 'refused', status: res.status, message: nullableString(body?.error?.message) };
  }
  try {
    return { kind: 'submitted', status: parseNameStatus(body) };
  } catch {
    return { kind: 'refused', status: res.status, message: null };
  }
}

/** After a submission: the account's name queries (this page's status, the forms' profile) are read again. */
export function useRefreshNameQueries() {
  const client = useQueryClient();
  return useCallback(
    (sub: string, status?: NameStatus) => {
      if (status) client.setQueryData<NameStatus>(['me', 'name-status', sub], status);
      void client.invalidateQueries({ queryKey: ['me', 'name-status', sub] });
      void client.invalidateQueries({ queryKey: ['me', 'profile', sub] });
    },
    [client],
  );
}
