import type { Page } from '@playwright/test';
import { applyResult, callQueue } from '../../src/shared/tournament/index.ts';
import type { Tournament, TournamentCategory } from '../../src/shared/tournaments.ts';
import { categoryState } from '../../src/app/lib/tournament-state.ts';

/**
 * Tournaments made through the admin API, for browser tests that need a tournament of their own: the calls run
 * inside a page signed in as an admin (with its access token, as the app would send them), so the server, the
 * identity provider and the scopes are the real ones.
 */
export type AdminCall = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** A caller of the admin API through `page` (signed in as an admin). A refusal throws with the server's answer. */
export function adminApi(page: Page): AdminCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const { status, text } = await page.evaluate(
      async ({ method, path, body }) => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
        const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
        const res = await fetch(`/api/v1${path}`, {
          method,
          headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      },
      { method, path, body },
    );
    if (status >= 400) throw new Error(`${method} ${path}: ${status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
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
  call: AdminCall,
  eventId: number,
  name: string,
  plans: CategoryPlan[],
): Promise<{ id: number; categories: number[] }> {
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
