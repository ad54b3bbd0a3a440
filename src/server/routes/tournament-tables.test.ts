import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Conflict } from '../../shared/tournament-contract/match.ts';
import type { LiveChange, MatchConflict, MatchResultAnswer } from '../../shared/tournament-contract/tournament.ts';
import type { TableDevice, TableLink, TableOverview } from '../../shared/tournament-contract/table.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import { createHarness } from '../test/harness.ts';
import { json, NAMES, tournamentFixture } from '../test/tournament-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let f: Awaited<ReturnType<typeof tournamentFixture>>;
beforeEach(async () => {
  h = await createHarness();
  f = await tournamentFixture(h);
});
afterEach(() => h.close());

const stored = (matchId: number) =>
  h.db.prepare('SELECT * FROM tournament_results WHERE match_id = ?').get(matchId) as
    | { winner: string; source: string; recorded_by: string; device_time: string | null; device: string | null }
    | undefined;

const asTable = (key: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), Authorization: `Table ${key}` },
});

async function tableError(res: Response, status: number) {
  const body = await json<{ error: { code: string } }>(res, status);
  return { code: body.error.code, challenge: res.headers.get('www-authenticate') };
}

describe('tables', () => {
  it('puts a category at a table: the public read shows it on the category and every match, with a new ETag', async () => {
    const cat = await f.category();
    const before = await h.request(`/api/v1/tournaments/${f.t.id}`);
    const moved = await json<TournamentCategory>(await f.setTable(cat.id, 2), 200);
    expect(moved.table).toBe(2);
    expect(moved.matches.every((m) => m.table === 2)).toBe(true);
    const after = await h.request(`/api/v1/tournaments/${f.t.id}`);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const read = ((await after.json()) as { categories: TournamentCategory[] }).categories[0]!;
    expect(read.table).toBe(2);
    expect(new Set(read.matches.map((m) => m.table))).toEqual(new Set([2]));
    expect((await json<TournamentCategory>(await f.setTable(cat.id, null), 200)).table).toBeNull();
    expect((await f.setTable(cat.id, 0)).status).toBe(400);
    expect((await f.setTable(cat.id, 100)).status).toBe(400);
  });

  it('a link opens the table screen with a random key, stored only hashed, until the end of the next day', async () => {
    const res = await h.request(`${f.at}/tables/3/link`, { method: 'POST', token: f.admin });
    const link = await json<TableLink>(res, 201);
    const match = /^http:\/\/localhost\/#\/table\?key=([A-Za-z0-9_-]{32})$/.exec(link.url);
    expect(match, link.url).not.toBeNull();
    const next = new Date(`${f.date}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 2);
    expect(link.expires_at).toBe(next.toISOString());
    const rows = h.db.prepare('SELECT * FROM tournament_table_links').all();
    expect(JSON.stringify(rows)).not.toContain(match![1]);
    const other = await json<TableLink>(
      await h.request(`${f.at}/tables/3/link`, { method: 'POST', token: f.admin }),
      201,
    );
    expect(other.url).not.toBe(link.url);
    expect((await h.request(`${f.at}/tables/0/link`, { method: 'POST', token: f.admin })).status).toBe(400);
    expect((await h.request(`${f.at}9/tables/1/link`, { method: 'POST', token: f.admin })).status).toBe(404);
  });

  it('a table device knows its table, reports its outbox, and each request is contact', async () => {
    const key = await f.link(2);
    const device = await json<TableDevice>(await h.request('/api/v1/table', asTable(key)), 200);
    expect(device).toMatchObject({ tournament_id: f.t.id, tournament_name: 'Harvest Open', table: 2 });
    const since = new Date().toISOString();
    const status = await h.request(
      '/api/v1/table/status',
      asTable(key, {
        method: 'POST',
        body: JSON.stringify({ waiting: 3, since }),
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(status.status).toBe(204);
    const row = h.db.prepare('SELECT waiting, waiting_since, last_contact_at FROM tournament_table_links').get() as {
      waiting: number;
      waiting_since: string;
      last_contact_at: string | null;
    };
    expect(row).toMatchObject({ waiting: 3, waiting_since: since });
    expect(row.last_contact_at).not.toBeNull();
    // A bearer token is no table key.
    const refused = await h.request('/api/v1/table', { token: f.admin });
    expect(await tableError(refused, 401)).toEqual({ code: 'invalid_table_key', challenge: 'Table' });
  });
});

describe("a table key's scope", () => {
  it('records for the categories at its table: source, who and the device time are kept', async () => {
    const cat = await f.category();
    await f.setTable(cat.id, 2);
    const key = await f.link(2);
    const m = cat.matches.find((x) => x.status === 'ready')!;
    const recordedAt = '2025-06-01T18:04:05.000Z';
    const answer = await json<MatchResultAnswer>(
      await f.result(m.id, { winner: 'B', method: 'pin', recorded_at: recordedAt }, { key }),
      201,
    );
    expect(answer.match).toMatchObject({ id: m.id, winner: 'B', status: 'done', table: 2 });
    expect(stored(m.id)).toMatchObject({
      winner: 'B',
      source: 'table:2',
      recorded_by: 'Table 2',
      device_time: recordedAt,
    });
    // Its table's undo too.
    const undo = await h.request(
      `/api/v1/tournaments/${f.t.id}/matches/${m.id}/result`,
      asTable(key, { method: 'DELETE' }),
    );
    expect(undo.status).toBe(200);
    expect(stored(m.id)).toBeUndefined();
  });

  it("another table's category, or one at none, is 403 and nothing is recorded; moving a category away ends its access", async () => {
    const cat = await f.category('198');
    const other = await f.category('220');
    await f.setTable(cat.id, 1);
    await f.setTable(other.id, 2);
    const key = await f.link(1);
    const mine = cat.matches.find((x) => x.status === 'ready')!;
    const theirs = other.matches.find((x) => x.status === 'ready')!;
    expect(await tableError(await f.result(theirs.id, { winner: 'A', method: 'pin' }, { key }), 403)).toEqual({
      code: 'not_at_table',
      challenge: null,
    });
    expect(stored(theirs.id)).toBeUndefined();
    const undo = await h.request(
      `/api/v1/tournaments/${f.t.id}/matches/${theirs.id}/result`,
      asTable(key, { method: 'DELETE' }),
    );
    expect(undo.status).toBe(403);

    await f.setTable(cat.id, 3);
    expect((await tableError(await f.result(mine.id, { winner: 'A', method: 'pin' }, { key }), 403)).code).toBe(
      'not_at_table',
    );
    await f.setTable(cat.id, null);
    expect((await f.result(mine.id, { winner: 'A', method: 'pin' }, { key })).status).toBe(403);
    expect(stored(mine.id)).toBeUndefined();
    await f.setTable(cat.id, 1);
    expect((await f.result(mine.id, { winner: 'A', method: 'pin' }, { key })).status).toBe(201);
  });

  it('a key of another tournament is 403; an unknown, revoked or expired key is 401 with WWW-Authenticate: Table', async () => {
    const cat = await f.category();
    await f.setTable(cat.id, 1);
    const [m1, m2] = cat.matches.filter((x) => x.status === 'ready');
    const wrong = await f.result(m1!.id, { winner: 'A', method: 'pin' }, { key: 'A'.repeat(32) });
    expect(await tableError(wrong, 401)).toEqual({ code: 'invalid_table_key', challenge: 'Table' });

    const key = await f.link(1);
    const spare = await f.link(1);
    expect((await h.request(`${f.at}/tables/1/link`, { method: 'DELETE', token: f.admin })).status).toBe(204);
    for (const k of [key, spare]) {
      const res = await f.result(m1!.id, { winner: 'A', method: 'pin' }, { key: k });
      expect(await tableError(res, 401)).toEqual({ code: 'invalid_table_key', challenge: 'Table' });
      expect((await h.request('/api/v1/table', asTable(k))).status).toBe(401);
    }
    expect(stored(m1!.id)).toBeUndefined();

    const late = await f.link(1);
    h.db
      .prepare('UPDATE tournament_table_links SET expires_at = ? WHERE revoked_at IS NULL')
      .run(new Date(Date.now() - 1000).toISOString());
    expect((await tableError(await f.result(m2!.id, { winner: 'A', method: 'pin' }, { key: late }), 401)).code).toBe(
      'invalid_table_key',
    );
    expect(stored(m2!.id)).toBeUndefined();

    // A tournament of its own, whose table 1 key reaches nothing of the first.
    const event = await json<{ id: number }>(
      await h.request('/api/v1/events', { method: 'POST', token: f.admin, json: { name: 'Other Pull', date: f.date } }),
      201,
    );
    const t2 = await json<{ id: number }>(
      await h.request('/api/v1/admin/tournaments', {
        method: 'POST',
        token: f.admin,
        json: { event_id: event.id, name: 'Other Open' },
      }),
      201,
    );
    const link = await json<TableLink>(
      await h.request(`/api/v1/admin/tournaments/${t2.id}/tables/1/link`, { method: 'POST', token: f.admin }),
      201,
    );
    const foreign = new URL(link.url.replace('/#/', '/')).searchParams.get('key')!;
    expect((await tableError(await f.result(m2!.id, { winner: 'A', method: 'pin' }, { key: foreign }), 403)).code).toBe(
      'not_at_table',
    );
    expect(stored(m2!.id)).toBeUndefined();
  });
});

describe('conflicts', () => {
  const conflicts = async () =>
    (await json<{ conflicts: Conflict[] }>(await h.request(`${f.at}/conflicts`, { token: f.admin }), 200)).conflicts;

  it('a different result keeps the first, answers 409 with it, and is listed with both until dismissed', async () => {
    const cat = await f.category();
    await f.setTable(cat.id, 1);
    const key = await f.link(1);
    const m = cat.matches.find((x) => x.status === 'ready')!;
    await json(await f.result(m.id, { winner: 'A', method: 'pin' }), 201);
    const version = (h.db.prepare('SELECT version FROM tournaments').pluck().get() as number) + 0;

    const sentAt = '2025-06-01T18:00:00.000Z';
    const res = await f.result(m.id, { winner: 'B', method: 'pin', warnings_a: 1, recorded_at: sentAt }, { key });
    const body = await json<MatchConflict>(res, 409);
    expect(body.error.code).toBe('already_decided');
    expect(body.match).toMatchObject({ id: m.id, winner: 'A', status: 'done' });
    expect(stored(m.id)).toMatchObject({ winner: 'A', source: 'head' });
    // The same device sending it again (a retry with a new key) is the same conflict, not a second one.
    await json(await f.result(m.id, { winner: 'B', method: 'pin', warnings_a: 1, recorded_at: sentAt }, { key }), 409);

    const [listed, ...more] = await conflicts();
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      tournament_id: f.t.id,
      category_id: cat.id,
      match_id: m.id,
      code: m.code,
      a: m.a,
      b: m.b,
      kept: { winner: 'A', method: 'pin', warnings_a: 0, source: 'head', by: 'admin@example.test' },
      sent: { winner: 'B', method: 'pin', warnings_a: 1, source: 'table:1', by: 'Table 1' },
    });
    expect(h.db.prepare('SELECT device_time FROM tournament_conflicts').pluck().get()).toBe(sentAt);
    // The head table's list is a change of the tournament (the live stream tells it).
    expect(h.db.prepare('SELECT version FROM tournaments').pluck().get()).toBeGreaterThan(version);

    // The head table sending yet another is one more, from another sender.
    await json(await f.result(m.id, { winner: 'B', method: 'no_show' }), 409);
    expect((await conflicts()).map((c) => c.sent.source)).toEqual(['table:1', 'head']);

    const gone = await h.request(`${f.at}/conflicts/${listed!.id}`, { method: 'DELETE', token: f.admin });
    expect(gone.status).toBe(204);
    expect((await conflicts()).map((c) => c.sent.source)).toEqual(['head']);
    expect(stored(m.id)).toMatchObject({ winner: 'A', source: 'head' });
    const logged = h.db
      .prepare("SELECT from_status, to_status, decided_by FROM decisions WHERE subject = 'tournament_conflict'")
      .all();
    expect(logged).toEqual([{ from_status: 'open', to_status: 'dismissed', decided_by: 'admin@example.test' }]);
    // Dismissed again: nothing changes; another tournament's id: 404.
    expect((await h.request(`${f.at}/conflicts/${listed!.id}`, { method: 'DELETE', token: f.admin })).status).toBe(204);
    expect((await h.request(`${f.at}/conflicts/999`, { method: 'DELETE', token: f.admin })).status).toBe(404);
  });

  it('the same result from two devices (or the head table) is one result; the same key replays the first answer', async () => {
    const cat = await f.category();
    await f.setTable(cat.id, 1);
    const [one, two] = [await f.link(1), await f.link(1)];
    const m = cat.matches.find((x) => x.status === 'ready')!;
    const body = { winner: 'B', method: 'pin', warnings_b: 1 };
    const first = await json<MatchResultAnswer>(await f.result(m.id, body, { key: one }), 201);
    const second = await json<MatchResultAnswer>(await f.result(m.id, body, { key: two }), 200);
    expect(second.match).toEqual(first.match);
    await json(await f.result(m.id, body), 200);
    expect(await conflicts()).toEqual([]);
    expect(stored(m.id)).toMatchObject({ winner: 'B', source: 'table:1' });

    // A conflict sent twice with one Idempotency-Key: the first answer replayed, one conflict stored.
    const other = { winner: 'A', method: 'pin' };
    const a = await f.result(m.id, other, { key: two, idempotencyKey: 'same-key' });
    const b = await f.result(m.id, other, { key: two, idempotencyKey: 'same-key' });
    expect(a.status).toBe(409);
    expect(b.status).toBe(409);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    expect(await conflicts()).toHaveLength(1);
  });
});

describe('the live stream', () => {
  /** Reads a stream's events as they come: each call waits for the next `change`. */
  function events(res: Response) {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    return {
      async next(): Promise<{ id: string; data: LiveChange }> {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => !l.startsWith(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
            );
            if (fields.event === 'change') return { id: fields.id!, data: JSON.parse(fields.data!) as LiveChange };
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          buffer += value;
        }
      },
      close: () => reader.cancel(),
    };
  }

  it('sends a change with the new version after a result, uncompressed and unbuffered; 404 for no tournament', async () => {
    const cat = await f.category();
    const res = await h.request(`/api/v1/tournaments/${f.t.id}/live`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const stream = events(res);
    const m = cat.matches.find((x) => x.status === 'ready')!;
    const next = stream.next();
    await json(await f.result(m.id, { winner: 'A', method: 'pin' }), 201);
    const change = await next;
    const version = h.db.prepare('SELECT version FROM tournaments WHERE id = ?').pluck().get(f.t.id) as number;
    expect(change).toEqual({ id: String(version), data: { version, category_id: cat.id } });
    // The public read has moved with it.
    const read = await h.request(`/api/v1/tournaments/${f.t.id}`);
    const again = await h.request(`/api/v1/tournaments/${f.t.id}`, {
      headers: { 'If-None-Match': read.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const table = stream.next();
    await f.setTable(cat.id, 4);
    expect((await table).data).toEqual({ version: version + 1, category_id: cat.id });
    await stream.close();
    expect((await h.request(`/api/v1/tournaments/9999/live`)).status).toBe(404);
  });

  it('a client back with an older Last-Event-ID hears of the version at once', async () => {
    await f.category();
    const res = await h.request(`/api/v1/tournaments/${f.t.id}/live`, { headers: { 'Last-Event-ID': '0' } });
    const stream = events(res);
    const version = h.db.prepare('SELECT version FROM tournaments WHERE id = ?').pluck().get(f.t.id) as number;
    expect(version).toBeGreaterThan(0);
    expect((await stream.next()).data).toEqual({ version, category_id: null });
    await stream.close();
  });

  it('a client that says the version it read hears of a newer one at once, and nothing when it is current', async () => {
    const cat = await f.category();
    const version = h.db.prepare('SELECT version FROM tournaments WHERE id = ?').pluck().get(f.t.id) as number;
    const behind = events(await h.request(`/api/v1/tournaments/${f.t.id}/live?since=${version - 1}`));
    expect((await behind.next()).data).toEqual({ version, category_id: null });
    await behind.close();
    // Current: the first event is the next change, not an announcement of the version already read.
    const current = events(await h.request(`/api/v1/tournaments/${f.t.id}/live?since=${version}`));
    const next = current.next();
    await f.setTable(cat.id, 2);
    expect((await next).data).toEqual({ version: version + 1, category_id: cat.id });
    await current.close();
    // A reconnect's Last-Event-ID is newer than the address's `since` and wins.
    const back = events(
      await h.request(`/api/v1/tournaments/${f.t.id}/live?since=0`, {
        headers: { 'Last-Event-ID': String(version + 1) },
      }),
    );
    const after = back.next();
    await f.setTable(cat.id, 3);
    expect((await after).data).toEqual({ version: version + 2, category_id: cat.id });
    await back.close();
    const bad = await json<{ error: { fields: object } }>(
      await h.request(`/api/v1/tournaments/${f.t.id}/live?since=-1`),
      400,
    );
    expect(bad.error.fields).toHaveProperty('since');
  });
});

describe("the head table's overview", () => {
  it('lists each table in use with its categories, current match, queue, links, contact and outbox', async () => {
    const a = await f.category('198');
    const b = await f.category('220', NAMES.slice(0, 5));
    const c = await f.category('176', NAMES.slice(0, 3));
    const loose = await f.category('242', NAMES.slice(0, 2));
    await f.setTable(a.id, 1);
    await f.setTable(b.id, 1);
    await f.setTable(c.id, 2);
    const key = await f.link(1);
    await f.link(1);
    await f.link(3);
    await h.request(`${f.at}/tables/3/link`, { method: 'DELETE', token: f.admin });
    const since = '2025-06-01T18:00:00.000Z';
    await h.request(
      '/api/v1/table/status',
      asTable(key, {
        method: 'POST',
        body: JSON.stringify({ waiting: 2, since }),
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await f.pull(a.id, 1);

    const overview = await json<TableOverview>(await h.request(`${f.at}/tables`, { token: f.admin }), 200);
    expect(overview.unassigned).toEqual([loose.id]);
    expect(overview.tables.map((t) => t.table)).toEqual([1, 2]);
    const [one, two] = overview.tables;
    const ready = async (ids: number[]) =>
      (await f.read()).categories
        .filter((x) => ids.includes(x.id))
        .flatMap((x) => x.matches.filter((m) => m.status === 'ready').map((m) => m.id));
    const readyOne = await ready([a.id, b.id]);
    expect(one).toMatchObject({ table: 1, category_ids: [a.id, b.id], queue: readyOne.length, links: 2, waiting: 2 });
    expect(one!.waiting_since).toBe(since);
    expect(one!.last_contact).not.toBeNull();
    expect(readyOne).toContain(one!.current);
    const readyTwo = await ready([c.id]);
    expect(two).toMatchObject({ table: 2, category_ids: [c.id], queue: readyTwo.length, links: 0, last_contact: null });
    expect(readyTwo).toContain(two!.current);

    // Revoked: no live link, nothing waiting counted.
    await h.request(`${f.at}/tables/1/link`, { method: 'DELETE', token: f.admin });
    const later = await json<TableOverview>(await h.request(`${f.at}/tables`, { token: f.admin }), 200);
    expect(later.tables[0]).toMatchObject({ table: 1, links: 0, waiting: 0, waiting_since: null });
  });
});
