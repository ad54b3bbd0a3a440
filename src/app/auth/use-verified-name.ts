import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api.ts';
import { useSessionUser } from './use-session.ts';

/**
 * A signed-in athlete whose name is verified has the submitter name of the
 * forms locked to it. GET /api/v1/me/profile with the bearer token. A failure
 * (offline, server down, an odd answer) is silent and keeps what was known:
 * the profile seen last, persisted with the query cache, so a verified name
 * stays locked offline; never seen means no verified name. Fetched again whenever a form opens: an admin's approval
 * shows at the next reload, not a minute later.
 */
export interface MeProfile {
  name_locked: boolean;
  athlete_name: string | null;
  pending_requested_name: string | null;
}

const nullableString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export async function fetchMeProfile(): Promise<MeProfile> {
  const body = await apiGet<Record<string, unknown> | null>('/me/profile', { auth: true, fresh: true });
  if (!body || typeof body !== 'object' || typeof body.name_locked !== 'boolean') {
    throw new Error('Unexpected profile answer.');
  }
  return {
    name_locked: body.name_locked,
    athlete_name: nullableString(body.athlete_name),
    pending_requested_name: nullableString(body.pending_requested_name),
  };
}

export const meProfileKeys = {
  all: ['me', 'profile'] as const,
  bySub: (sub: string) => [...meProfileKeys.all, sub] as const,
};

export const meProfileQuery = (sub: string) =>
  queryOptions({ queryKey: meProfileKeys.bySub(sub), queryFn: fetchMeProfile, staleTime: 0 });

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
