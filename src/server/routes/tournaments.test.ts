import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AthleteDetails, Leaderboard } from '../../shared/rankings.ts';
import type { MatchConflict, MatchResultAnswer, Tournament } from '../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory, TournamentEntry } from '../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../shared/tournament-contract/match.ts';
import { grantRole } from '../auth/roles.ts';
import { rerate } from '../ratings/engine.ts';
import { createHarness } from '../test/harness.ts';
import { ratingDump, resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
let eventId: number;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'admin@example.test', 'admin');
  admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
  const res = await h.request('/api/v1/events', {
    method: 'POST',
    token: admin,
    json: { name: 'Harvest Pull', date: '2025-06-01', location: 'Eastport, ME' },
  });
  expect(res.status).toBe(201);
  eventId = ((await res.json()) as { id: number }).id;
});
afterEach(() => h.close());

const ADMIN = '/api/v1/admin/tournaments';
const NAMES = ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn', 'Ed Enns', 'Fy Ford', 'Gus Gray', 'Hal Hunt', 'Ike Ives'];

async function json<T>(res: Response, status: number): Promise<T> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

async function newTournament(body: Record<string, unknown> = {}) {
  const res = await h.request(ADMIN, {
    method: 'POST',
    token: admin,
    json: { event_id: eventId, name: 'Harvest Open', ...body },
  });
  return json<Tournament>(res, 201);
}

async function newCategory(tid: number, body: Record<string, unknown> = {}) {
  const res = await h.request(`${ADMIN}/${tid}/categories`, {
    method: 'POST',
    token: admin,
    json: { sex: 'M', hand: 'RH', weight_class: '198', division: 'am', ...body },
  });
  return json<TournamentCategory>(res, 201);
}

const enter = (tid: number, body: Record<string, unknown>) =>
  h.request(`${ADMIN}/${tid}/entries`, { method: 'POST', token: admin, json: body });

/** A tournament with one category of `names`, weighed in and drawn with seed 7. */
async function drawn(names = NAMES, settings: Record<string, unknown> = {}, category: Record<string, unknown> = {}) {
  const t = await newTournament(settings);
  const cat = await newCategory(t.id, category);
  for (const name of names)
    await json<TournamentEntry>(await enter(t.id, { category_id: cat.id, name, sex: 'M', weight: 190 }), 201);
  const res = await h.request(`${ADMIN}/${t.id}/categories/${cat.id}/draw`, {
    method: 'POST',
    token: admin,
    json: { method: 'lot', seed: 7 },
  });
  return { t, cat: await json<TournamentCategory>(res, 200) };
}

let keys = 0;
const result = (tid: number, matchId: number, body: Record<string, unknown>, key = `k-${++keys}`, token = admin) =>
  h.request(`/api/v1/tournaments/${tid}/matches/${matchId}/result`, {
    method: 'POST',
    token,
    json: body,
    headers: { 'Idempotency-Key': key },
  });

async function read(tid: number) {
  return json<Tournament>(await h.request(`/api/v1/tournaments/${tid}`), 200);
}

/** Pulls every ready match to the end, the better name (alphabetically first) winning on a pin. */
async function pullToTheEnd(tid: number, catId: number) {
  for (;;) {
    const cat = (await read(tid)).categories.find((c) => c.id === catId)!;
    const m = cat.matches.find((x) => x.status === 'ready');
    if (!m) return cat;
    const winner = m.a! < m.b! ? 'A' : 'B';
    await json<MatchResultAnswer>(await result(tid, m.id, { winner, method: 'pin' }), 201);
  }
}

describe('who may run a tournament', () => {
  it('signed out 401, a user 403, an admin without admin:write 403 insufficient_scope', async () => {
    const body = { event_id: eventId, name: 'Harvest Open' };
    expect((await h.request(ADMIN, { method: 'POST', json: body })).status).toBe(401);
    const user = await h.token({ sub: 'someone' });
    expect((await h.request(ADMIN, { method: 'POST', json: body, token: user })).status).toBe(403);
    const readOnly = await h.token({ sub: 'admin-1', email: 'admin@example.test', scope: 'openid admin:read' });
    const res = await h.request(ADMIN, { method: 'POST', json: body, token: readOnly });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
    const { cat, t } = await drawn(NAMES.slice(0, 2));
    const first = cat.matches[0]!;
    expect((await result(t.id, first.id, { winner: 'A', method: 'pin' }, 'k-user', user)).status).toBe(403);
    expect(
      (await h.request(`/api/v1/tournaments/${t.id}/matches/${first.id}/result`, { method: 'DELETE' })).status,
    ).toBe(401);
  });
});

describe('setting up a tournament', () => {
  it('creates a tournament with the usual settings, a named category, and entries', async () => {
    const t = await newTournament();
    expect(t).toMatchObject({
      event_id: eventId,
      event_name: 'Harvest Pull',
      name: 'Harvest Open',
      date: '2025-06-01',
      settings: { super_final: true, fouls_to_lose: 2, call_seconds: 60, team_points: [25, 17, 9, 5, 3, 2] },
      categories: [],
    });
    const cat = await newCategory(t.id);
    expect(cat).toMatchObject({ name: 'Men · Right Hand · 198 lbs · Amateur', status: 'not_drawn', seed: null });
    expect(
      (
        await h.request(`${ADMIN}/${t.id}/categories`, {
          method: 'POST',
          token: admin,
          json: { sex: 'M', hand: 'RH', weight_class: '198', division: 'am' },
        })
      ).status,
    ).toBe(409);

    const entry = await json<TournamentEntry>(
      await enter(t.id, { category_id: cat.id, name: 'Sam Strong', sex: 'M', club: 'Valley Arms' }),
      201,
    );
    expect(entry).toEqual({ id: expect.any(Number) as unknown, name: 'Sam Strong', club: 'Valley Arms', weight: null });
    // Known names match in any case; entered twice is a conflict.
    expect((await enter(t.id, { category_id: cat.id, name: 'sam strong' })).status).toBe(409);
  });

  it('refuses a new name without sex, and a weigh-in over the limit with the message on weight', async () => {
    const t = await newTournament();
    const cat = await newCategory(t.id);
    const noSex = await json<{ error: { fields: Record<string, string[]> } }>(
      await enter(t.id, { category_id: cat.id, name: 'New Person' }),
      400,
    );
    expect(noSex.error.fields.sex).toEqual(['New Person is a new athlete: choose men or women.']);
    expect(h.db.prepare("SELECT COUNT(*) FROM athletes WHERE name = 'New Person'").pluck().get()).toBe(0);

    const over = await json<{ error: { fields: Record<string, string[]> } }>(
      await enter(t.id, { category_id: cat.id, name: 'Big Ben', sex: 'M', weight: 201.5 }),
      400,
    );
    expect(over.error.fields.weight).toEqual(['Over the limit: 201.5 lbs in 198 lbs.']);

    const entry = await json<TournamentEntry>(
      await enter(t.id, { category_id: cat.id, name: 'Big Ben', sex: 'M' }),
      201,
    );
    const weigh = (weight: number) =>
      h.request(`${ADMIN}/${t.id}/entries/${entry.id}`, { method: 'PUT', token: admin, json: { weight } });
    const refused = await json<{ error: { fields: Record<string, string[]> } }>(await weigh(198.2), 400);
    expect(refused.error.fields.weight).toEqual(['Over the limit: 198.2 lbs in 198 lbs.']);
    expect(await json<TournamentEntry>(await weigh(198), 200)).toMatchObject({ weight: 198 });
    expect(
      (
        await h.request(`${ADMIN}/${t.id}/entries/${entry.id}`, {
          method: 'PUT',
          token: admin,
          json: { weight: 'heavy' },
        })
      ).status,
    ).toBe(400);
  });

  it('takes an entry out before the draw, never after', async () => {
    const t = await newTournament();
    const cat = await newCategory(t.id);
    const ids: number[] = [];
    for (const name of NAMES.slice(0, 3)) {
      ids.push(
        (await json<TournamentEntry>(await enter(t.id, { category_id: cat.id, name, sex: 'M', weight: 190 }), 201)).id,
      );
    }
    expect((await h.request(`${ADMIN}/${t.id}/entries/${ids[2]}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    expect((await read(t.id)).categories[0]!.entries.map((e) => e.name)).toEqual(['Al Able', 'Bo Bell']);
    const draw = await json<TournamentCategory>(
      await h.request(`${ADMIN}/${t.id}/categories/${cat.id}/draw`, {
        method: 'POST',
        token: admin,
        json: { method: 'lot' },
      }),
      200,
    );
    expect(draw.seed).toEqual(expect.any(Number));
    expect((await h.request(`${ADMIN}/${t.id}/entries/${ids[0]}`, { method: 'DELETE', token: admin })).status).toBe(
      409,
    );
    expect(
      (await h.request(`${ADMIN}/${t.id}/categories/${cat.id}/draw`, { method: 'POST', token: admin, json: {} }))
        .status,
    ).toBe(409);
  });

  it('draws by lot with a kept seed: the same seed gives the same bracket; 9 athletes make 16 matches', async () => {
    const one = await drawn();
    const two = await drawn(NAMES, { name: 'Harvest Open II' });
    expect(one.cat).toMatchObject({ status: 'running', method: 'lot', seed: 7 });
    expect(one.cat.matches).toHaveLength(2 * 9 - 2); // the super final is listed once it is pulled
    const names = (c: TournamentCategory) => c.slots.map((s) => c.entries.find((e) => e.id === s)?.name ?? null);
    expect(names(two.cat)).toEqual(names(one.cat));
    expect(one.cat.byes).toHaveLength(16 - 9);
  });
});

describe('recording results', () => {
  it('answers 409 with the match for one not ready, and for a different result of a decided one', async () => {
    const { t, cat } = await drawn();
    const waiting = cat.matches.find((m) => m.status === 'waiting')!;
    const notReady = await json<MatchConflict>(await result(t.id, waiting.id, { winner: 'A', method: 'pin' }), 409);
    expect(notReady.error.code).toBe('not_ready');
    expect(notReady.match).toMatchObject({ id: waiting.id, status: 'waiting' });

    const ready = cat.matches.find((m) => m.status === 'ready')!;
    const done = await json<MatchResultAnswer>(
      await result(t.id, ready.id, { winner: 'B', method: 'pin', warnings_a: 1 }),
      201,
    );
    expect(done.match).toMatchObject({ id: ready.id, status: 'done', winner: 'B', method: 'pin', warnings_a: 1 });
    const other = await json<MatchConflict>(await result(t.id, ready.id, { winner: 'A', method: 'pin' }), 409);
    expect(other.error.code).toBe('already_decided');
    expect(other.match).toMatchObject({ id: ready.id, winner: 'B' });
    // The same result again with another key is the one result.
    await json<MatchResultAnswer>(await result(t.id, ready.id, { winner: 'B', method: 'pin', warnings_a: 1 }), 200);
    expect(h.db.prepare('SELECT COUNT(*) FROM tournament_results').pluck().get()).toBe(1);
  });

  it('stores one result for one Idempotency-Key sent twice, replaying the first answer', async () => {
    const { t, cat } = await drawn();
    const ready = cat.matches.find((m) => m.status === 'ready')!;
    const first = await result(t.id, ready.id, { winner: 'A', method: 'pin' }, 'same-key');
    expect(first.status).toBe(201);
    const again = await result(t.id, ready.id, { winner: 'A', method: 'pin' }, 'same-key');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(h.db.prepare('SELECT COUNT(*) FROM tournament_results').pluck().get()).toBe(1);
    // The key with another body is refused.
    expect((await result(t.id, ready.id, { winner: 'B', method: 'pin' }, 'same-key')).status).toBe(422);
  });

  it("a result's answer names the tournament's version that holds it: older reads have a lower one", async () => {
    const { t, cat } = await drawn();
    const before = (await read(t.id)).version;
    const ready = cat.matches.find((m) => m.status === 'ready')!;
    const answer = await json<MatchResultAnswer>(await result(t.id, ready.id, { winner: 'A', method: 'pin' }), 201);
    expect(answer.version).toBeGreaterThan(before);
    const after = await read(t.id);
    expect(after.version).toBe(answer.version);
    expect(after.categories[0]!.matches.find((m) => m.id === ready.id)!.status).toBe('done');
    // The same result again changes nothing: its answer names the version that already holds it.
    const again = await json<MatchResultAnswer>(await result(t.id, ready.id, { winner: 'A', method: 'pin' }), 200);
    expect(again.version).toBe(answer.version);
  });

  it('checks fouls against the method (400 on the fouls field)', async () => {
    const { t, cat } = await drawn();
    const ready = cat.matches.find((m) => m.status === 'ready')!;
    const short = await json<{ error: { fields: Record<string, string[]> } }>(
      await result(t.id, ready.id, { winner: 'A', method: 'fouls', fouls_b: 1 }),
      400,
    );
    expect(short.error.fields.fouls_b).toEqual(['A match lost on fouls needs 2 fouls for the loser.']);
    await json<MatchResultAnswer>(await result(t.id, ready.id, { winner: 'A', method: 'fouls', fouls_b: 2 }), 201);
  });

  it('undoes the last result while nothing depends on it, and refuses once something does', async () => {
    const { t, cat } = await drawn(NAMES.slice(0, 4));
    const undo = (id: number) =>
      h.request(`/api/v1/tournaments/${t.id}/matches/${id}/result`, { method: 'DELETE', token: admin });
    const [m1, m2] = cat.matches.filter((m) => m.status === 'ready');
    await json<MatchResultAnswer>(await result(t.id, m1!.id, { winner: 'A', method: 'pin' }), 201);
    const undone = await json<MatchResultAnswer>(await undo(m1!.id), 200);
    expect(undone.match).toMatchObject({ status: 'ready', winner: null });
    await json<MatchResultAnswer>(await result(t.id, m1!.id, { winner: 'A', method: 'pin' }), 201);
    await json<MatchResultAnswer>(await result(t.id, m2!.id, { winner: 'A', method: 'pin' }), 201);
    const later = (await read(t.id)).categories[0]!.matches.find((m) => m.status === 'ready' && m.bracket === 'W')!;
    await json<MatchResultAnswer>(await result(t.id, later.id, { winner: 'A', method: 'pin' }), 201);
    const refused = await json<MatchConflict>(await undo(m1!.id), 409);
    expect(refused.error.code).toBe('cannot_undo');
    expect(refused.match).toMatchObject({ id: m1!.id, status: 'done' });
  });

  it('records a double no-show: both lose, the category plays on to its end, the places follow', async () => {
    const { t, cat } = await drawn(NAMES.slice(0, 8));
    const first = cat.matches.find((m) => m.status === 'ready')!;
    // No winner is only for a no-show: a field error on the winner, nothing stored.
    const missing = await json<{ error: { fields: Record<string, string[]> } }>(
      await result(t.id, first.id, { winner: null, method: 'pin' }),
      400,
    );
    expect(missing.error.fields.winner).toEqual(['Choose the winner: only a double no-show has none.']);
    const answer = await json<MatchResultAnswer>(
      await result(t.id, first.id, { winner: null, method: 'no_show' }),
      201,
    );
    expect(answer.match).toMatchObject({ id: first.id, status: 'done', winner: null, method: 'no_show', auto: false });
    expect(h.db.prepare('SELECT winner FROM tournament_results').pluck().all()).toEqual([null]);
    // The same double no-show again is the one result.
    await json<MatchResultAnswer>(await result(t.id, first.id, { winner: null, method: 'no_show' }), 200);
    const end = await pullToTheEnd(t.id, cat.id);
    expect(end.status).toBe('finished');
    const gone = end.placings.filter((p) => p.name === first.a || p.name === first.b);
    expect(gone.map((p) => [p.place, p.last])).toEqual([
      [6, 8],
      [6, 8],
    ]);
    expect(end.placings).toHaveLength(8);
  });

  it('runs a category to the end with a withdrawal: placings, club standings, strong ETag and gzip', async () => {
    const { t, cat } = await drawn(NAMES.slice(0, 5));
    // The first ready match is lost by withdrawal: that athlete loses every later match the same way.
    const first = cat.matches.find((m) => m.status === 'ready')!;
    await json<MatchResultAnswer>(await result(t.id, first.id, { winner: 'A', method: 'withdrawal' }), 201);
    const end = await pullToTheEnd(t.id, cat.id);
    expect(end.status).toBe('finished');
    expect(end.matches.every((m: TournamentMatch) => m.status === 'done')).toBe(true);
    expect(end.placings[0]).toMatchObject({ place: 1, last: 1 });
    expect(end.placings.map((p) => p.place)).toEqual([...end.placings.map((p) => p.place)].sort((x, y) => x - y));

    const res = await h.request(`/api/v1/tournaments/${t.id}`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await h.request(`/api/v1/tournaments/${t.id}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const gz = await h.request(`/api/v1/tournaments/${t.id}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const list = await json<{ tournaments: { id: number; categories: number; athletes: number }[] }>(
      await h.request('/api/v1/tournaments'),
      200,
    );
    expect(list.tournaments).toEqual([expect.objectContaining({ id: t.id, categories: 1, athletes: 5 })]);
    expect((await h.request('/api/v1/tournaments/999')).status).toBe(404);
  });
});

describe('publishing a category', () => {
  async function board() {
    const res = await h.request('/api/v1/leaderboard?sex=M');
    const { generated_at: _at, ...body } = (await res.json()) as Leaderboard;
    return body;
  }
  const athlete = async (name: string) =>
    json<AthleteDetails>(await h.request(`/api/v1/athletes?name=${encodeURIComponent(name)}`), 200);

  it('rates the pulled matches and medals the podium; unpublishing restores every rating and the leaderboard exactly', async () => {
    // Rated before: a bracket earlier and a supermatch after the tournament's date.
    const f = resultsFixture(h.db);
    for (const n of NAMES.slice(0, 6)) f.athlete(n, 'M', 190);
    f.bracket(f.event('Winter Open', '2025-01-10'), 'RH', NAMES.slice(0, 6).reverse());
    f.supermatch('2025-07-01', 'Al Able', 'Bo Bell', 'RH', 3, 1);
    rerate(h.db);
    const ratingsBefore = ratingDump(h.db);
    const boardBefore = await board();

    const { t, cat } = await drawn(NAMES.slice(0, 6));
    const first = cat.matches.find((m) => m.status === 'ready')!;
    await json<MatchResultAnswer>(await result(t.id, first.id, { winner: 'B', method: 'no_show' }), 201);
    const end = await pullToTheEnd(t.id, cat.id);
    const publish = () => h.request(`${ADMIN}/${t.id}/categories/${cat.id}/publish`, { method: 'POST', token: admin });
    const unpublish = () =>
      h.request(`${ADMIN}/${t.id}/categories/${cat.id}/publish`, { method: 'DELETE', token: admin });

    expect((await json<TournamentCategory>(await publish(), 200)).status).toBe('published');
    const pulled = end.matches.filter((m) => m.method === 'pin' || m.method === 'fouls').length;
    expect(h.db.prepare('SELECT COUNT(*) FROM tournament_rated_matches').pluck().get()).toBe(pulled);
    const ratingsPublished = ratingDump(h.db);
    expect(ratingsPublished).not.toEqual(ratingsBefore);
    // Publishing again changes nothing.
    await json<TournamentCategory>(await publish(), 200);
    expect(ratingDump(h.db)).toEqual(ratingsPublished);

    const champion = end.placings[0]!.name;
    const details = await athlete(champion);
    expect(details.badges.amateur_medals).toEqual([
      expect.objectContaining({
        tournament: 'Harvest Open',
        date: '2025-06-01',
        place: 1,
        hand: 'RH',
        weight_class: '198',
      }),
    ]);
    const matches = details.results.filter((r) => r.kind === 'match');
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]).toMatchObject({ event: 'Harvest Open', bracket: 'Amateur 198 lbs', pins: { won: 1, lost: 0 } });
    expect(matches.every((m) => typeof m.skill_before === 'number' && typeof m.skill_after === 'number')).toBe(true);
    expect((await board()).medals_am[champion]).toHaveLength(1);
    // A published category's results are final here.
    const decided = end.matches.find((m) => m.method === 'pin')!;
    expect(
      (await h.request(`/api/v1/tournaments/${t.id}/matches/${decided.id}/result`, { method: 'DELETE', token: admin }))
        .status,
    ).toBe(409);

    expect((await json<TournamentCategory>(await unpublish(), 200)).status).toBe('finished');
    expect(ratingDump(h.db)).toEqual(ratingsBefore);
    expect(await board()).toEqual(boardBefore);
    expect((await athlete(champion)).results.some((r) => r.kind === 'match')).toBe(false);
    await json<TournamentCategory>(await unpublish(), 200);

    const log = h.db
      .prepare(
        "SELECT from_status, to_status, decided_by FROM decisions WHERE subject = 'tournament_category' ORDER BY id",
      )
      .all();
    expect(log).toEqual([
      { from_status: 'finished', to_status: 'published', decided_by: 'admin@example.test' },
      { from_status: 'published', to_status: 'finished', decided_by: 'admin@example.test' },
    ]);
  });

  it('rates a tournament newer than every result on top (as a full recompute would), medals a Pro podium as tournament medals', async () => {
    const f = resultsFixture(h.db);
    for (const n of NAMES.slice(0, 4)) f.athlete(n, 'M', 190);
    f.bracket(f.event('Winter Open', '2025-01-10'), 'RH', NAMES.slice(0, 4));
    rerate(h.db);
    const { t, cat } = await drawn(NAMES.slice(0, 4), {}, { division: 'pro' });
    const end = await pullToTheEnd(t.id, cat.id);
    await json<TournamentCategory>(
      await h.request(`${ADMIN}/${t.id}/categories/${cat.id}/publish`, { method: 'POST', token: admin }),
      200,
    );
    const published = ratingDump(h.db);
    expect(rerate(h.db, { full: true }).mode).toBe('full');
    expect(ratingDump(h.db)).toEqual(published);
    const champion = await athlete(end.placings[0]!.name);
    const harvest = (m: { tournament: string }) => m.tournament === 'Harvest Open';
    expect(champion.badges.tournament_medals.filter(harvest)).toEqual([
      expect.objectContaining({ place: 1, division: 'pro', category: cat.name, date: '2025-06-01' }),
    ]);
    expect(champion.badges.amateur_medals.filter(harvest)).toEqual([]);
  });

  it('refuses to publish a category that is not finished', async () => {
    const { t, cat } = await drawn(NAMES.slice(0, 3));
    const res = await h.request(`${ADMIN}/${t.id}/categories/${cat.id}/publish`, { method: 'POST', token: admin });
    expect(res.status).toBe(409);
  });
});
