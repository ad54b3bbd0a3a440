import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRole, type Role } from '../../shared/roles.ts';
import { apiGet } from '../lib/api.ts';
import { useSessionUser } from './use-session.ts';

/**
 * The role is fetched only when signed in, with the bearer
 * token; any failure (network, non-OK, odd answer) means `user`.
 */
export async function fetchRole(): Promise<Role> {
  try {
    const body = await apiGet<{ role?: unknown } | null>('/me/role', { auth: true, fresh: true });
    return isRole(body?.role) ? body.role : 'user';
  } catch {
    return 'user';
  }
}

export const roleQuery = (sub: string) =>
  queryOptions({ queryKey: ['me', 'role', sub], queryFn: fetchRole, staleTime: 5 * 60 * 1000 });

export function useRole(): Role {
  const user = useSessionUser();
  const { data } = useQuery({ ...roleQuery(user?.sub ?? ''), enabled: !!user });
  return user ? (data ?? 'user') : 'user';
}
