import { expect } from 'vitest';
import type { Tournament } from '../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../shared/tournament-contract/match.ts';
import { grantRole } from '../auth/roles.ts';
import type { createHarness } from './harness.ts';

/**
 * A tournament made through the API for part 2's tests: an admin, an event, a tournament with categories drawn
 * (seed 7), results sent by the admin or a table device, and the public read.
 */

type Harness = Awaited<ReturnType<typeof createHarness>>;

export const NAMES = ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn', 'Ed Enns', 'Fy Ford', 'Gus Gray', 'Hal Hunt'];
export const ADMIN_PATH = '/api/v1/admin/tournaments';

export async function json<T>(res: Response, status: number): Promise<T> {
  const body: unknown = res.status === 204 ? null : await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

export async function tournamentFixture(h: Harness, settings: Record<string, unknown> = {}) {
  grantRole(h.db, 'admin@example.test', 'admin');
  const admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
  const post = (url: string, body?: unknown, status = 201) =>
    h.request(url, { method: 'POST', token: admin, json: body }).then((r) => json<Record<string, unknown>>(r, status));
  // Today: a table link lasts until the end of the day after the tournament.
  const date = new Date().toISOString().slice(0, 10);
  const event = await post('/api/v1/events', { name: 'Harvest Pull', date, location: 'Eastport, ME' });
  const t = (await post(ADMIN_PATH, {
    event_id: event.id,
    name: 'Harvest Open',
    ...settings,
  })) as unknown as Tournament;
  const at = `${ADMIN_PATH}/${t.id}`;
  let keys = 0;

  /** A category of `names` (weight class `weightClass`; amateur men unless said), weighed in and drawn with seed 7. */
  async function category(
    weightClass = '198',
    names = NAMES,
    { division = 'am', weight = 150 }: { division?: string; weight?: number } = {},
  ): Promise<TournamentCategory> {
    const cat = await post(`${at}/categories`, { sex: 'M', hand: 'RH', weight_class: weightClass, division });
    for (const name of names) await post(`${at}/entries`, { category_id: cat.id, name, sex: 'M', weight });
    return (await post(`${at}/categories/${String(cat.id)}/draw`, { method: 'lot', seed: 7 }, 200)) as never;
  }

  const setTable = (categoryId: number, table: number | null) =>
    h.request(`${at}/categories/${categoryId}`, { method: 'PUT', token: admin, json: { table } });

  /** A table link's key (the secret in its URL). */
  async function link(table: number): Promise<string> {
    const { url } = (await post(`${at}/tables/${table}/link`)) as { url: string };
    return new URL(url.replace('/#/', '/')).searchParams.get('key')!;
  }

  /** Sends a result as the admin, or as a table device with `key`. */
  const result = (
    matchId: number,
    body: Record<string, unknown>,
    opts: { key?: string; idempotencyKey?: string } = {},
  ) =>
    h.request(`/api/v1/tournaments/${t.id}/matches/${matchId}/result`, {
      method: 'POST',
      json: body,
      ...(opts.key ? {} : { token: admin }),
      headers: {
        'Idempotency-Key': opts.idempotencyKey ?? `k-${++keys}`,
        ...(opts.key ? { Authorization: `Table ${opts.key}` } : {}),
      },
    });

  const read = async () => json<Tournament>(await h.request(`/api/v1/tournaments/${t.id}`), 200);
  const categoryNow = async (id: number) => (await read()).categories.find((c) => c.id === id)!;

  /** Pulls the next `count` ready matches (all: Infinity), A winning on a pin. Answers the matches pulled. */
  async function pull(categoryId: number, count = Infinity): Promise<TournamentMatch[]> {
    const pulled: TournamentMatch[] = [];
    while (pulled.length < count) {
      const m = (await categoryNow(categoryId)).matches.find((x) => x.status === 'ready');
      if (!m) break;
      await json(await result(m.id, { winner: 'A', method: 'pin' }), 201);
      pulled.push(m);
    }
    return pulled;
  }

  return { admin, date, t, at, post, category, setTable, link, result, read, categoryNow, pull };
}
