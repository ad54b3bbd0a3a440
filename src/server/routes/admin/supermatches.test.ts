import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../../shared/rankings.ts';
import type { SupermatchDecisionAnswer, SupermatchReviewItem } from '../../../shared/answers/review.ts';
import { SUBMISSION_PATHS } from '../../../shared/submissions.ts';
import { grantRole } from '../../auth/roles.ts';
import { rerate } from '../../ratings/engine.ts';
import { createHarness } from '../../test/harness.ts';
import { ratingDump, resultsFixture } from '../../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'admin@example.test', 'admin');
  admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
  // Four rated men: Al beat Bo, Bo beat Cy and Di in earlier tournaments.
  const f = resultsFixture(h.db);
  for (const n of ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn']) f.athlete(n, 'M', 250);
  f.bracket(f.event('Winter Open', '2025-01-10'), 'RH', ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn']);
  f.bracket(f.event('Spring Open', '2025-03-10'), 'RH', ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn']);
  rerate(h.db);
});
afterEach(() => h.close());

let keys = 0;
async function submit(body: Record<string, unknown>, token?: string): Promise<number> {
  const res = await h.request(SUBMISSION_PATHS.supermatch, {
    method: 'POST',
    json: { hand: 'RH', submitter: 'Jo Judge', ...body },
    headers: { 'Idempotency-Key': `k-${++keys}` },
    ...(token ? { token } : {}),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const decide = (id: number, body: Record<string, unknown>, token = admin) =>
  h.request(`/api/v1/admin/supermatches/${id}/status`, { method: 'POST', token, json: body });

async function list(query = ''): Promise<SupermatchReviewItem[]> {
  const res = await h.request(`/api/v1/admin/supermatches${query}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { supermatches: SupermatchReviewItem[] }).supermatches;
}

async function board() {
  const res = await h.request('/api/v1/leaderboard?sex=M');
  return { etag: res.headers.get('etag'), body: (await res.json()) as Leaderboard };
}

describe('deciding on a submitted supermatch result', () => {
  it('approving rates it: both skills move, the leaderboard changes, and the effects say by how much', async () => {
    const id = await submit({ a: 'di dunn', b: 'Al Able', winner: 'A', score: '3-0', date: '2025-04-01' });
    const [pending] = await list('?status=pending');
    expect(pending).toMatchObject({ id, status: 'pending', a_wins: 3, b_wins: 0, best_of: 5, submitter: 'Jo Judge' });
    expect(pending!.a_athlete_id).not.toBeNull(); // matched without regard to case
    const before = await board();

    const res = await decide(id, { status: 'approved', expected_status: 'pending' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as SupermatchDecisionAnswer;
    const after = await board();
    expect(after.etag).not.toBe(before.etag);
    const skill = (b: Leaderboard, n: string) => b.cons_now.RH[n]!;
    expect(answer.rating_effects).toEqual({
      applied: true,
      hand: 'RH',
      a: {
        name: 'di dunn',
        before: skill(before.body, 'Di Dunn'),
        after: skill(after.body, 'Di Dunn'),
        delta: expect.any(Number) as unknown,
      },
      b: {
        name: 'Al Able',
        before: skill(before.body, 'Al Able'),
        after: skill(after.body, 'Al Able'),
        delta: expect.any(Number) as unknown,
      },
      error: null,
    });
    expect(answer.rating_effects!.a.delta).toBeGreaterThan(0);
    expect(answer.rating_effects!.b.delta).toBeLessThan(0);
    expect(answer.supermatch).toMatchObject({ status: 'approved', decided_by: 'admin@example.test' });
    expect(answer.supermatch.decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The effects are kept with the decision.
    const [stored] = await list('?status=approved');
    expect(stored!.rating_effects).toEqual(answer.rating_effects);
    expect(stored!.decisions).toEqual([
      expect.objectContaining({
        from: 'pending',
        to: 'approved',
        decided_by: 'admin@example.test',
        rating_effects: answer.rating_effects,
      }),
    ]);
  });

  it('no score rates 3-0 to the winner; a score needing more pins than the best-of raises it', async () => {
    const sweep = await submit({ a: 'Cy Cole', b: 'Bo Bell', winner: 'B', date: '2025-04-01' });
    const close = await submit({
      a: 'Cy Cole',
      b: 'Bo Bell',
      winner: 'A',
      score: '3-2',
      best_of: 3,
      date: '2025-04-02',
    });
    const items = await list();
    expect(items.find((i) => i.id === sweep)).toMatchObject({ a_wins: 0, b_wins: 3, best_of: 5, score: null });
    expect(items.find((i) => i.id === close)).toMatchObject({ a_wins: 3, b_wins: 2, best_of: 5 });
    for (const id of [sweep, close]) expect((await decide(id, { status: 'approved' })).status).toBe(200);
    const rows = h.db.prepare('SELECT a_wins, b_wins, best_of FROM supermatch_results ORDER BY id').all();
    expect(rows).toEqual([
      { a_wins: 0, b_wins: 3, best_of: 5 },
      { a_wins: 3, b_wins: 2, best_of: 5 },
    ]);
  });

  it('denying after approving takes it out of the ratings exactly; approving again puts it back', async () => {
    const untouched = ratingDump(h.db);
    const id = await submit({ a: 'Di Dunn', b: 'Al Able', winner: 'A', score: '3-1', date: '2025-04-01' });
    await decide(id, { status: 'approved' });
    const approved = ratingDump(h.db);
    expect(approved).not.toEqual(untouched);

    const res = await decide(id, { status: 'denied', expected_status: 'approved' });
    const answer = (await res.json()) as SupermatchDecisionAnswer;
    expect(answer.supermatch.status).toBe('denied');
    expect(ratingDump(h.db)).toEqual(untouched);
    // The reversal, as effects: Di goes back down, Al back up.
    expect(answer.rating_effects!.applied).toBe(true);
    expect(answer.rating_effects!.a.delta).toBeLessThan(0);
    expect(answer.rating_effects!.b.delta).toBeGreaterThan(0);
    expect(h.db.prepare('SELECT COUNT(*) FROM supermatch_results').pluck().get()).toBe(0);

    await decide(id, { status: 'approved' });
    expect(ratingDump(h.db)).toEqual(approved);
    const [item] = await list();
    expect(item!.decisions.map((d) => `${d.from}>${d.to}`)).toEqual([
      'pending>approved',
      'approved>denied',
      'denied>approved',
    ]);
  });

  it('a back-dated approval recomputes everything and equals a full recompute', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Bo Bell', winner: 'A', score: '3-0', date: '2025-02-01' });
    await decide(id, { status: 'approved' });
    const incremental = ratingDump(h.db);
    rerate(h.db, { full: true });
    expect(ratingDump(h.db)).toEqual(incremental);
    // And it did move the later days: Bo's rating at the Spring Open is not what it was.
    expect(incremental.history.some((r) => (r as { date: string }).date === '2025-02-01')).toBe(true);
  });

  it('a result sent without a date is rated on the day it was received', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A' });
    const [item] = await list();
    expect(item!.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    await decide(id, { status: 'approved' });
    expect(h.db.prepare('SELECT date FROM supermatch_results').pluck().get()).toBe(item!.date);
  });

  it('new names need the new athlete’s sex (422 naming the field); with it they become rated athletes', async () => {
    const id = await submit({ a: 'New Guy', b: 'Newer Gal', winner: 'B', date: '2025-04-01' });
    const [item] = await list();
    expect(item).toMatchObject({ a_athlete_id: null, b_athlete_id: null });

    const refused = await decide(id, { status: 'approved', athletes: { a: { sex: 'M' } } });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(['athletes.b.sex']);
    expect(h.db.prepare('SELECT COUNT(*) FROM athletes').pluck().get()).toBe(4);
    expect((await decide(id, { status: 'approved', athletes: { a: { sex: 'X' } } })).status).toBe(400);

    const ok = await decide(id, {
      status: 'approved',
      athletes: { a: { sex: 'M', weight: 200, club: 'Iron Grip' }, b: { sex: 'F' } },
    });
    expect(ok.status).toBe(200);
    const effects = ((await ok.json()) as SupermatchDecisionAnswer).rating_effects!;
    expect(effects.a.before).toBeNull();
    expect(effects.a.after).not.toBeNull();
    expect(h.db.prepare("SELECT sex, weight_lbs FROM athletes WHERE name = 'New Guy'").get()).toEqual({
      sex: 'M',
      weight_lbs: 200,
    });
    expect((await board()).body.cons_now.RH['New Guy']).toBeDefined();
    const women = (await (await h.request('/api/v1/leaderboard?sex=F')).json()) as Leaderboard;
    expect(women.ranks.RH.map((r) => r.name)).toEqual(['Newer Gal']);
  });

  it('answers 409 with the current state when the submission changed since the admin looked', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' });
    await decide(id, { status: 'approved', expected_status: 'pending' });
    const version = h.db.prepare("SELECT value FROM settings WHERE key = 'results_version'").pluck().get();
    const res = await decide(id, { status: 'denied', expected_status: 'pending' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string }; supermatch: SupermatchReviewItem };
    expect(body.error.code).toBe('status_changed');
    expect(body.error.message).toContain('approved by admin@example.test');
    expect(body.supermatch.status).toBe('approved');
    // Nothing changed.
    expect(h.db.prepare("SELECT value FROM settings WHERE key = 'results_version'").pluck().get()).toBe(version);
    expect((await list())[0]!.decisions).toHaveLength(1);
  });

  it('deciding what is already so changes nothing; unknown ids are 404; bad bodies 400', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' });
    await decide(id, { status: 'denied' });
    const again = await decide(id, { status: 'denied' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as SupermatchDecisionAnswer).rating_effects).toBeNull();
    expect((await list())[0]!.decisions).toHaveLength(1);
    expect((await decide(9999, { status: 'approved' })).status).toBe(404);
    expect((await decide(id, { status: 'pending' })).status).toBe(400);
    expect((await h.request('/api/v1/admin/supermatches?status=maybe', { token: admin })).status).toBe(400);
  });

  it('the decision log is append-only', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' });
    await decide(id, { status: 'approved' });
    expect(() => h.db.prepare("UPDATE decisions SET decided_by = 'someone else'").run()).toThrow(/append-only/);
    expect(() => h.db.prepare('DELETE FROM decisions').run()).toThrow(/append-only/);
  });
});

describe('the submitter trust icon', () => {
  it('Anonymous, Logged in, Trusted (trust >= 1), Flagged (trust < 0), Admin', async () => {
    const sam = await h.token({ sub: 'sam', email: 'sam@example.test' });
    const flo = await h.token({ sub: 'flo' });
    const lou = await h.token({ sub: 'lou' });
    const anon = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' });
    const byAdmin = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' }, admin);
    const trusted = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' }, sam);
    const samAgain = await submit({ a: 'Bo Bell', b: 'Cy Cole', winner: 'A', date: '2025-04-01' }, sam);
    const flagged = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'B', date: '2025-04-01' }, flo);
    const loggedIn = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'B', date: '2025-04-01' }, lou);
    await decide(trusted, { status: 'approved' });
    await decide(flagged, { status: 'denied' });
    // An invalid token is ignored: the submission is anonymous.
    const forged = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'B', date: '2025-04-01' }, 'not.a.token');

    const trust = new Map((await list()).map((i) => [i.id, i.submitter_trust]));
    expect(trust.get(anon)).toBe('anonymous');
    expect(trust.get(byAdmin)).toBe('admin');
    expect(trust.get(trusted)).toBe('trusted');
    expect(trust.get(samAgain)).toBe('trusted');
    expect(trust.get(flagged)).toBe('flagged');
    expect(trust.get(loggedIn)).toBe('logged_in');
    expect(trust.get(forged)).toBe('anonymous');
  });
});

describe('who may decide', () => {
  it('users and club leaders get 403, no token 401, developers may', async () => {
    const id = await submit({ a: 'Di Dunn', b: 'Cy Cole', winner: 'A', date: '2025-04-01' });
    grantRole(h.db, 'leader-1', 'club_leader');
    grantRole(h.db, 'dev-1', 'dev');
    expect((await decide(id, { status: 'approved' }, await h.token({ sub: 'user-1' }))).status).toBe(403);
    expect((await decide(id, { status: 'approved' }, await h.token({ sub: 'leader-1' }))).status).toBe(403);
    expect(
      (await h.request(`/api/v1/admin/supermatches/${id}/status`, { method: 'POST', json: { status: 'approved' } }))
        .status,
    ).toBe(401);
    expect((await decide(id, { status: 'approved' }, await h.token({ sub: 'dev-1' }))).status).toBe(200);
  });
});
