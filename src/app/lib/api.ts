import { getAccessToken } from '../auth/session.ts';

export class ApiResponseError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** fetch for `/api/v1`: JSON in and out, the bearer token when signed in, non-OK as an error. */
export async function apiFetch<T>(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<T> {
  const { auth, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  if (auth) {
    const token = await getAccessToken();
    if (!token) throw new ApiResponseError(401, 'Not signed in.');
    headers.set('Authorization', `Bearer ${token}`);
  }
  const res = await fetch(`/api/v1${path}`, { ...rest, headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiResponseError(res.status, body?.error?.message ?? `Request failed (${res.status}).`);
  }
  return (await res.json()) as T;
}
