import { expect, type Page } from '@playwright/test';
import { applyResult, callQueue } from '../../src/shared/tournament/index.ts';
import type { Tournament, TournamentSummary } from '../../src/shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../src/shared/tournament-contract/category.ts';
import { categoryState } from '../../src/app/features/tournament/common/category-state.ts';
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

/**
 * A tournament's head table (the page signed in as an admin), with a category at hand when one is given: the
 * address a link from the list, the admin screen or the brackets page opens.
 */
export async function openHeadTable(page: Page, base: string, tournamentId: number, categoryId?: number) {
  const category = categoryId === undefined ? '' : `&category=${categoryId}`;
  await page.goto(`${base}/#/head-table?tournament=${tournamentId}${category}`);
}

export interface CategoryPlan {
  size: number;
  sex?: 'M' | 'F';
  hand?: 'RH' | 'LH';
  weight_class?: string;
  /** The table it is pulled at. */
  table?: number;
}

/**
 * A tournament at `eventId` with one drawn category per plan (athletes `{prefix} {category}-{n}`, weighed in
 * under the class's limit, drawn by lot with a fixed seed) and each category at its table. Answers the ids.
 */
export async function makeTournament(
  base: string,
  auth: string,
  eventId: number,
  name: string,
  plans: CategoryPlan[],
): Promise<{ id: number; categories: number[] }> {
  const call = <T = unknown>(method: string, path: string, body?: unknown) => ok<T>(base, method, path, auth, body);
  const t = await call<{ id: number }>('POST', '/admin/tournaments', { event_id: eventId, name });
  const classes = ['154', '176', '198', '220', '242', '243+'];
  const categories: number[] = [];
  for (const [i, plan] of plans.entries()) {
    const weightClass = plan.weight_class ?? classes[i % classes.length]!;
    const c = await call<{ id: number }>('POST', `/admin/tournaments/${t.id}/categories`, {
      sex: plan.sex ?? 'M',
      hand: plan.hand ?? 'RH',
      weight_class: weightClass,
      division: 'am',
    });
    const weight = weightClass.endsWith('+') ? Number(weightClass.slice(0, -1)) + 20 : Number(weightClass) - 5;
    for (let n = 1; n <= plan.size; n++) {
      await call('POST', `/admin/tournaments/${t.id}/entries`, {
        category_id: c.id,
        name: `${name} ${i + 1}-${String(n).padStart(2, '0')}`,
        sex: plan.sex ?? 'M',
        weight,
      });
    }
    await call('POST', `/admin/tournaments/${t.id}/categories/${c.id}/draw`, { method: 'lot', seed: 1000 + i });
    if (plan.table) await call('PUT', `/admin/tournaments/${t.id}/categories/${c.id}`, { table: plan.table });
    categories.push(c.id);
  }
  return { id: t.id, categories };
}

/** Who wins when `a` meets `b` in a scripted run: fixed per pair and seed, so any order of play ends the same. */
export function scriptedWinner(seed: number, a: string, b: string): string {
  const [first, second] = [a, b].sort() as [string, string];
  let h = seed >>> 0;
  for (const ch of `${first}|${second}`) h = Math.imul(h ^ ch.charCodeAt(0), 2654435761) >>> 0;
  return (h >>> 16) % 2 === 0 ? first : second;
}

/**
 * The reference run: a drawn category played to the end by the shared engine alone, every match won by
 * `scriptedWinner` by pin. Answers the winner's name of every match code.
 */
export function referenceRun(
  category: TournamentCategory,
  settings: Tournament['settings'],
  seed: number,
): Record<string, string> {
  const names = new Map(category.entries.map((e) => [e.id, e.name]));
  let state = categoryState(category, settings);
  for (;;) {
    const next = callQueue([{ key: String(category.id), state }])[0]?.match;
    if (!next) break;
    const a = next.a!;
    const b = next.b!;
    const winner = scriptedWinner(seed, names.get(a)!, names.get(b)!) === names.get(a) ? 'A' : 'B';
    const outcome = applyResult(state, next.code, {
      winner,
      method: 'pin',
      warnings_a: 0,
      warnings_b: 0,
      fouls_a: 0,
      fouls_b: 0,
      a,
      b,
    });
    if (!outcome.ok) throw new Error(`reference run: ${next.code}: ${outcome.error.code}`);
    state = outcome.state;
  }
  const winners: Record<string, string> = {};
  for (const m of state.matches) {
    if (m.status !== 'done' || !m.winner) continue;
    const entry = m.winner === 'A' ? m.a : m.b;
    winners[m.code] = names.get(entry!)!;
  }
  return winners;
}

/** The winner's name of every decided match of a category as the server has it. */
export function winnersOf(category: TournamentCategory): Record<string, string> {
  const winners: Record<string, string> = {};
  for (const m of category.matches) {
    if (m.status === 'done' && m.winner) winners[m.code] = (m.winner === 'A' ? m.a : m.b)!;
  }
  return winners;
}

/** The head table's 'Add a category' form, filled in by the words a person reads, and sent. */
export async function addCategory(
  page: Page,
  c: { sex: 'Men' | 'Women'; hand: 'Right Hand' | 'Left Hand'; weightClass: string; division: string },
) {
  const form = page.getByRole('form', { name: 'Add a category' });
  await form.getByRole('combobox', { name: 'Sex' }).selectOption({ label: c.sex });
  await form.getByRole('combobox', { name: 'Hand' }).selectOption({ label: c.hand });
  await form.getByRole('combobox', { name: 'Weight class' }).selectOption({ label: c.weightClass });
  await form.getByRole('combobox', { name: 'Division' }).selectOption({ label: c.division });
  await form.getByRole('button', { name: 'Add category' }).click();
}
