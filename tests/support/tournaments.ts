import { expect, type Page } from '@playwright/test';
import type { Tournament, TournamentSummary } from '../../src/shared/tournaments.ts';
import { signInAs } from './sign-in.ts';

/**
 * Tournaments made and played through the API, as another program (or a table device) would: the tests set the
 * scene this way and check what a person sees in the app. `auth` is the whole Authorization header:
 * `Bearer {admin token}` or `Table {key}`.
 */

/** The signed-in admin's bearer token, read from the page's session (the page must be signed in). */
export async function adminAuth(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
  });
  return `Bearer ${token}`;
}

/** The page signed in as the demo's admin; the Authorization header for the API calls the test makes. */
export async function signInAdmin(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/`);
  await signInAs(page, 'Morgan Vance');
  return adminAuth(page);
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** A request; a POST carries a fresh Idempotency-Key (the result routes ask for one). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  auth?: string,
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) headers.Authorization = auth;
  if (method === 'POST') headers['Idempotency-Key'] = crypto.randomUUID();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A call that must succeed: its body. */
export async function ok<T = unknown>(base: string, method: string, path: string, auth?: string, body?: unknown) {
  const answer = await call<T>(base, method, path, auth, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

export const readTournament = (base: string, id: number) => ok<Tournament>(base, 'GET', `/tournaments/${id}`);

/**
 * A tournament of the test's own on the first event that has one: one category of the athletes named (new
 * names, weighed in), drawn by lot with a fixed seed, optionally at a table.
 */
export async function drawnTournament(
  base: string,
  auth: string,
  o: { name: string; athletes: readonly string[]; table?: number },
): Promise<{ id: number; categoryId: number }> {
  const { tournaments } = await ok<{ tournaments: TournamentSummary[] }>(base, 'GET', '/tournaments');
  const { id } = await ok<{ id: number }>(base, 'POST', '/admin/tournaments', auth, {
    event_id: tournaments[0]!.event_id,
    name: o.name,
  });
  const category = { sex: 'M', hand: 'RH', weight_class: '198', division: 'am' };
  const { id: categoryId } = await ok<{ id: number }>(
    base,
    'POST',
    `/admin/tournaments/${id}/categories`,
    auth,
    category,
  );
  for (const [i, name] of o.athletes.entries()) {
    await ok(base, 'POST', `/admin/tournaments/${id}/entries`, auth, {
      category_id: categoryId,
      name,
      sex: 'M',
      club: i % 2 ? 'Iron Grip' : null,
      weight: 180 + i,
    });
  }
  await ok(base, 'POST', `/admin/tournaments/${id}/categories/${categoryId}/draw`, auth, { method: 'lot', seed: 7 });
  if (o.table !== undefined) {
    await ok(base, 'PUT', `/admin/tournaments/${id}/categories/${categoryId}`, auth, { table: o.table });
  }
  return { id, categoryId };
}

/** Records a ready match's result (A wins by pin unless told), as an admin or a table device. */
export const recordResult = (
  base: string,
  auth: string,
  tournamentId: number,
  matchId: number,
  result: { winner: 'A' | 'B'; method?: string } = { winner: 'A' },
) =>
  call(base, 'POST', `/tournaments/${tournamentId}/matches/${matchId}/result`, auth, {
    method: 'pin',
    ...result,
  });

/** A table's key, from a new table link (`…#/table?key={secret}`). */
export async function tableKey(base: string, auth: string, tournamentId: number, table: number): Promise<string> {
  const { url } = await ok<{ url: string }>(
    base,
    'POST',
    `/admin/tournaments/${tournamentId}/tables/${table}/link`,
    auth,
  );
  return new URL(url.replace('#/table?', '?')).searchParams.get('key')!;
}

/** The head table on the admin screen (the page signed in as an admin), open on a tournament. */
export async function openHeadTable(page: Page, base: string, tournamentId: number) {
  await page.goto(`${base}/#/admin`);
  await page.getByRole('button', { name: /^Tournaments/ }).click();
  await page.getByRole('combobox', { name: 'Tournament' }).selectOption(String(tournamentId));
}
