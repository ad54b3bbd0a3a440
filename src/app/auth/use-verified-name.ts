import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import { useSessionUser } from './use-session.ts';

/**
 * Spec part 2 §1, §6: a signed-in athlete whose name is verified has the
 * submitter name of the forms locked to it. GET /api/v1/me/profile with the
 * bearer token. A failure (offline, server down, an odd answer) is silent
 * (part 1 §8) and keeps what was known: the profile seen last, persisted with
 * the query cache, so a verified name stays locked offline; never seen means no
 * verified name. Fetched again whenever a form opens: an admin's approval
 * shows at the next reload, not a minute later.
 */
export interface MeProfile {
  name_locked: boolean;
  athlete_name: string | null;
  pending_requested_name: string | null;
}

const nullableString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export async function fetchMeProfile(): Promise<MeProfile> {
  const body = await apiFetch<Record<string, unknown> | null>('/me/profile', { auth: true, cache: 'no-store' });
  if (!body || typeof body !== 'object' || typeof body.name_locked !== 'boolean') {
    throw new Error('Unexpected profile answer.');
  }
  return {
    name_locked: body.name_locked,
    athlete_name: nullableString(body.athlete_name),
    pending_requested_name: nullableString(body.pending_requested_name),
  };
}

export const meProfileQuery = (sub: string) =>
  queryOptions({ queryKey: ['me', 'profile', sub], queryFn: fetchMeProfile, staleTime: 0, retry: 0 });

/** The verified athlete name when the signed-in user's name is locked; otherwise null. */
export function verifiedName(profile: MeProfile | null | undefined): string | null {
  if (!profile?.name_locked) return null;
  return profile.athlete_name?.trim() || null;
}

export function useVerifiedName(): string | null {
  const user = useSessionUser();
  const { data } = useQuery({ ...meProfileQuery(user?.sub ?? ''), enabled: !!user });
  return user ? verifiedName(data) : null;
}
