import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../shared/rankings.ts';
import { SUBMISSION_PATHS } from '../../shared/submissions.ts';
import type { ScheduledCardInput } from '../../shared/supermatches.ts';
import type {
  CardResultAnswer,
  ScheduledCardItem,
  ScheduledCardList,
  SupermatchCard,
  SupermatchList,
} from '../../shared/answers/supermatches.ts';
import { grantRole } from '../auth/roles.ts';
import { seedDemoEvents } from '../demo/events.ts';
import { fallbackDocument } from '../rankings/fallback.ts';
import { rerate } from '../ratings/engine.ts';
import { CONTROL_MESSAGE } from '../../shared/field-rules.ts';
import { createHarness } from '../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../test/refused-input.ts';
import { ratingDump, resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  seedDemoEvents(h.db, '2026-03-10');
  grantRole(h.db, 'admin@example.test', 'admin');
  admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
  const f = resultsFixture(h.db);
  for (const n of ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn']) f.athlete(n, 'M', 250);
  const winter = f.event('Winter Open', '2025-01-10');
  f.bracket(winter, 'RH', ['Al Able', 'Bo Bell', 'Cy Cole', 'Di Dunn']);
  f.bracket(winter, 'LH', ['Bo Bell', 'Al Able', 'Cy Cole', 'Di Dunn']);
  // A past supermatch that never had a card.
  f.supermatch('2025-02-01', 'Cy Cole', 'Di Dunn', 'RH', 3, 1);
  rerate(h.db);
});
afterEach(() => h.close());

const CARD: ScheduledCardInput = {
  a: 'Al Able',
  b: 'Bo Bell',
  date: '2026-04-05',
  start_time: '19:30',
  hand: 'RH',
  weight_a: '243+',
  weight_b: '238',
  location: 'Harbor City Convention Hall',
  event_id: 2,
  hue: 210,
  priority: 5,
  featured: true,
  best_of: 5,
};

const scheduled = '/api/v1/admin/supermatches/scheduled';

async function create(body: Partial<ScheduledCardInput> = {}): Promise<ScheduledCardItem> {
  const res = await h.request(scheduled, { method: 'POST', token: admin, json: { ...CARD, ...body } });
  expect(res.status).toBe(201);
  return (await res.json()) as ScheduledCardItem;
}

const record = (id: number, body: Record<string, unknown>) =>
  h.request(`${scheduled}/${id}/result`, { method: 'POST', token: admin, json: body });

async function cards(query = ''): Promise<SupermatchCard[]> {
  const res = await h.request(`/api/v1/supermatches${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as SupermatchList).cards;
}

const resultCount = () => h.db.prepare('SELECT COUNT(*) FROM supermatch_results').pluck().get() as number;

async function skill(name: string) {
  const res = await h.request('/api/v1/leaderboard?sex=M');
  return ((await res.json()) as Leaderboard).cons_now.RH[name];
}

describe('scheduled supermatch cards (admin)', () => {
  it('an admin creates, lists, edits and deletes a card', async () => {
    const card = await create();
    expect(card).toMatchObject({ ...CARD, card_id: `c${card.id}`, results: [] });

    const list = (await (await h.request(scheduled, { token: admin })).json()) as ScheduledCardList;
    expect(list.cards.map((c) => c.id)).toEqual([card.id]);

    const put = await h.request(`${scheduled}/${card.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...CARD, start_time: null, hand: 'both', featured: false, location: '' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ start_time: null, hand: 'both', featured: false, location: null });

    expect((await h.request(`${scheduled}/${card.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await h.request(`${scheduled}/${card.id}`, { token: admin })).status).toBe(404);
    expect((await h.request(`${scheduled}/${card.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('refuses everyone else: 401 without a token, 403 for a signed-in visitor', async () => {
    const card = await create();
    const visitor = await h.token({ sub: 'someone' });
    expect((await h.request(scheduled, { method: 'POST', json: CARD })).status).toBe(401);
    expect((await h.request(scheduled, { method: 'POST', json: CARD, token: visitor })).status).toBe(403);
    expect((await h.request(scheduled, { token: visitor })).status).toBe(403);
    expect((await h.request(`${scheduled}/${card.id}`, { method: 'PUT', json: CARD, token: visitor })).status).toBe(
      403,
    );
    expect((await h.request(`${scheduled}/${card.id}`, { method: 'DELETE', token: visitor })).status).toBe(403);
    const byVisitor = await h.request(`${scheduled}/${card.id}/result`, {
      method: 'POST',
      token: visitor,
      json: { hand: 'RH', a_wins: 0, b_wins: 3 },
    });
    expect(byVisitor.status).toBe(403);
  });

  it('validates the body: fields, the same athlete twice, an unknown event', async () => {
    const bad = await h.request(scheduled, {
      method: 'POST',
      token: admin,
      json: { ...CARD, date: '2026-13-01', start_time: '25:00', hue: 400, best_of: 4, weight_a: 'heavy' },
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(error.fields).sort()).toEqual(['best_of', 'date', 'hue', 'start_time', 'weight_a']);
    const twice = await h.request(scheduled, { method: 'POST', token: admin, json: { ...CARD, b: 'al able' } });
    expect(((await twice.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      b: ['Name two different athletes.'],
    });
    const noEvent = await h.request(scheduled, { method: 'POST', token: admin, json: { ...CARD, event_id: 999 } });
    expect(noEvent.status).toBe(400);
    expect(((await noEvent.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      event_id: ['No event 999.'],
    });
  });
});

describe('what a card refuses', () => {
  it('control characters, a false date and a time that is not hh:mm are 400 naming the field, on create and edit; nothing changes', async () => {
    const card = await create();
    const before: unknown = await (await h.request(`${scheduled}/${card.id}`, { token: admin })).json();
    const { nul, bell, loneSurrogate } = CONTROL_VALUES;
    const cases: [Partial<ScheduledCardInput>, string, string][] = [
      [{ a: nul }, 'a', CONTROL_MESSAGE],
      [{ b: bell }, 'b', CONTROL_MESSAGE],
      [{ location: loneSurrogate }, 'location', CONTROL_MESSAGE],
      [{ date: '2026-02-31' }, 'date', 'Enter a real date as yyyy-mm-dd.'],
      [{ start_time: '7 pm' }, 'start_time', 'Enter the time as hh:mm (24-hour).'],
    ];
    for (const [bad, field, message] of cases) {
      await expectRefused(
        await h.request(scheduled, { method: 'POST', token: admin, json: { ...CARD, ...bad } }),
        field,
        message,
      );
      await expectRefused(
        await h.request(`${scheduled}/${card.id}`, { method: 'PUT', token: admin, json: { ...CARD, ...bad } }),
        field,
        message,
      );
    }
    const list = (await (await h.request(scheduled, { token: admin })).json()) as ScheduledCardList;
    expect(list.cards.map((c) => c.id)).toEqual([card.id]);
    expect(await (await h.request(`${scheduled}/${card.id}`, { token: admin })).json()).toEqual(before);
    await expectRefused(
      await h.request(`/api/v1/supermatches?event=${encodeURIComponent(nul)}`),
      'event',
      CONTROL_MESSAGE,
    );
  });
});

describe('recording the wins of a card', () => {
  it('rates it once: the first time the ratings move, the same wins again change nothing', async () => {
    const card = await create();
    const before = await skill('Bo Bell');
    const first = await record(card.id, { hand: 'RH', a_wins: 1, b_wins: 3 });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as CardResultAnswer;
    expect(answer.card.results).toEqual([{ hand: 'RH', a_wins: 1, b_wins: 3, submission_id: null }]);
    expect(answer.rating_effects).toMatchObject({ applied: true, hand: 'RH', error: null });
    expect(answer.rating_effects!.b.delta).toBeGreaterThan(0);
    expect(await skill('Bo Bell')).toBeGreaterThan(before!);
    const count = resultCount();
    const dump = ratingDump(h.db);

    const again = (await (await record(card.id, { hand: 'RH', a_wins: 1, b_wins: 3 })).json()) as CardResultAnswer;
    expect(again.rating_effects).toBeNull();
    expect(resultCount()).toBe(count);
    expect(ratingDump(h.db)).toEqual(dump);

    // The result is named by the card's event, and the card is past now.
    const event = h.db
      .prepare(
        `SELECT e.name, e.kind, e.date FROM supermatch_results s JOIN result_events e ON e.id = s.event_id WHERE s.card_id = ?`,
      )
      .get(card.id);
    expect(event).toEqual({ name: 'State Armwrestling Championship', kind: 'supermatch', date: '2026-04-05' });
    const shown = (await cards()).find((c) => c.id === `c${card.id}`)!;
    expect(shown).toMatchObject({ aWins: 1, bWins: 3 });
  });

  it('other wins correct the result (a recompute equal to rating the corrected result from scratch); clearing takes it out', async () => {
    const card = await create();
    await record(card.id, { hand: 'RH', a_wins: 3, b_wins: 2 });
    const fixed = (await (await record(card.id, { hand: 'RH', a_wins: 0, b_wins: 3 })).json()) as CardResultAnswer;
    expect(fixed.card.results).toEqual([{ hand: 'RH', a_wins: 0, b_wins: 3, submission_id: null }]);
    const corrected = ratingDump(h.db);
    rerate(h.db, { full: true });
    expect(ratingDump(h.db)).toEqual(corrected);

    const cleared = await h.request(`${scheduled}/${card.id}/result?hand=RH`, { method: 'DELETE', token: admin });
    expect(cleared.status).toBe(200);
    const body = (await cleared.json()) as CardResultAnswer;
    expect(body.card.results).toEqual([]);
    expect(body.rating_effects!.applied).toBe(true);
    expect((await cards()).find((c) => c.id === `c${card.id}`)).toMatchObject({ aWins: null, bWins: null });
  });

  it('checks the hand, asks who a new athlete is, and keeps the athletes of a card with results', async () => {
    const card = await create();
    const wrongHand = await record(card.id, { hand: 'LH', a_wins: 3, b_wins: 0 });
    expect(wrongHand.status).toBe(400);
    expect(await wrongHand.json()).toMatchObject({
      error: { fields: { hand: ['This card is pulled right-handed (RH).'] } },
    });
    const tie = await record(card.id, { hand: 'RH', a_wins: 2, b_wins: 2 });
    expect(tie.status).toBe(400);

    const newcomer = await create({ a: 'Ed Ember', b: 'Cy Cole' });
    const unknown = await record(newcomer.id, { hand: 'RH', a_wins: 3, b_wins: 0 });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      error: { code: 'new_athlete', fields: { 'athletes.a.sex': ['Ed Ember is a new athlete: choose men or women.'] } },
    });
    expect(resultCount()).toBe(1);
    const known = await record(newcomer.id, {
      hand: 'RH',
      a_wins: 3,
      b_wins: 0,
      athletes: { a: { sex: 'M', weight: 240 } },
    });
    expect(known.status).toBe(200);
    expect(h.db.prepare("SELECT sex, weight_lbs FROM athletes WHERE name = 'Ed Ember'").get()).toEqual({
      sex: 'M',
      weight_lbs: 240,
    });

    const swap = await h.request(`${scheduled}/${newcomer.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...CARD, a: 'Cy Cole', b: 'Ed Ember' },
    });
    expect(swap.status).toBe(409);
    const retitled = await h.request(`${scheduled}/${newcomer.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...CARD, a: 'ed ember', b: 'CY COLE', date: '2026-04-05', priority: 9 },
    });
    expect(retitled.status).toBe(200);
  });

  it('a both-hands card is past once each hand has its wins, showing the pins added up', async () => {
    const card = await create({ hand: 'both' });
    await record(card.id, { hand: 'RH', a_wins: 3, b_wins: 1 });
    expect((await cards()).find((c) => c.id === `c${card.id}`)).toMatchObject({
      hand: 'both',
      aWins: null,
      bWins: null,
    });
    await record(card.id, { hand: 'LH', a_wins: 0, b_wins: 3 });
    expect((await cards()).find((c) => c.id === `c${card.id}`)).toMatchObject({ hand: 'both', aWins: 3, bWins: 4 });
  });

  it('deleting a card keeps its rated result, shown as a past supermatch of its own', async () => {
    const card = await create();
    await record(card.id, { hand: 'RH', a_wins: 3, b_wins: 0 });
    const dump = ratingDump(h.db);
    await h.request(`${scheduled}/${card.id}`, { method: 'DELETE', token: admin });
    expect(ratingDump(h.db)).toEqual(dump);
    const past = (await cards()).filter((c) => c.a === 'Al Able' && c.b === 'Bo Bell');
    expect(past).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^r\d+$/) as unknown,
        aWins: 3,
        bWins: 0,
        eventName: 'State Armwrestling Championship',
        eventId: 2,
      }),
    ]);
  });
});

describe('a submitted result of a scheduled card', () => {
  let keys = 0;
  async function submitAndApprove(body: Record<string, unknown>) {
    const res = await h.request(SUBMISSION_PATHS.supermatch, {
      method: 'POST',
      json: { hand: 'RH', submitter: 'Jo Judge', ...body },
      headers: { 'Idempotency-Key': `card-${++keys}` },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const decided = await h.request(`/api/v1/admin/supermatches/${id}/status`, {
      method: 'POST',
      token: admin,
      json: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
    return { id, answer: (await decided.json()) as { rating_effects: { applied: boolean; error: string | null } } };
  }

  it('completes the card (either way round, within a day) instead of making a second result', async () => {
    const card = await create({ date: '2026-03-01', event_id: null });
    const count = resultCount();
    // Named the other way round, the day after, in another case.
    const { id } = await submitAndApprove({
      a: 'bo bell',
      b: 'Al Able',
      winner: 'A',
      score: '3-1',
      date: '2026-03-02',
    });
    expect(resultCount()).toBe(count + 1);
    const item = (await (await h.request(`${scheduled}/${card.id}`, { token: admin })).json()) as ScheduledCardItem;
    expect(item.results).toEqual([{ hand: 'RH', a_wins: 1, b_wins: 3, submission_id: id }]);
    const list = await cards();
    expect(list.find((c) => c.id === `c${card.id}`)).toMatchObject({ aWins: 1, bWins: 3, date: '2026-03-01' });
    expect(list.filter((c) => c.a === 'Bo Bell' || c.b === 'Bo Bell')).toHaveLength(1);

    // The card's result now belongs to the submission: recording other wins is refused.
    expect((await record(card.id, { hand: 'RH', a_wins: 3, b_wins: 0 })).status).toBe(409);
    // A second report of the same match is rated once.
    const dump = ratingDump(h.db);
    const second = await submitAndApprove({
      a: 'Al Able',
      b: 'Bo Bell',
      winner: 'B',
      score: '3-1',
      date: '2026-03-01',
    });
    expect(second.answer.rating_effects).toMatchObject({
      applied: false,
      error: expect.stringContaining(`c${card.id}`) as unknown,
    });
    expect(resultCount()).toBe(count + 1);
    expect(ratingDump(h.db)).toEqual(dump);

    // Denying the first takes the result off the card again.
    await h.request(`/api/v1/admin/supermatches/${id}/status`, {
      method: 'POST',
      token: admin,
      json: { status: 'denied' },
    });
    expect((await cards()).find((c) => c.id === `c${card.id}`)).toMatchObject({ aWins: null, bWins: null });
  });

  it('a result two days away, or on the other hand, stands on its own', async () => {
    const card = await create({ date: '2026-03-01', event_id: null });
    await submitAndApprove({ a: 'Al Able', b: 'Bo Bell', winner: 'A', date: '2026-03-03' });
    await submitAndApprove({ a: 'Al Able', b: 'Bo Bell', winner: 'A', date: '2026-03-01', hand: 'LH' });
    const list = await cards();
    expect(list.find((c) => c.id === `c${card.id}`)).toMatchObject({ aWins: null });
    expect(list.filter((c) => c.id.startsWith('r') && c.a === 'Al Able')).toHaveLength(2);
  });
});

describe('GET /api/v1/supermatches', () => {
  it('lists upcoming and past cards with their images, by priority then date, filtered by event or featured', async () => {
    const late = await create({ date: '2026-04-06', priority: 5, a: 'Cy Cole', b: 'Di Dunn', featured: false });
    const early = await create({ priority: 5 });
    const top = await create({ date: '2026-05-01', priority: 9, event_id: 3, a: 'Di Dunn', b: 'Al Able' });
    h.db
      .prepare(
        "INSERT INTO athlete_images (name, left_url, right_url, left_crop, updated_at) VALUES ('al able', '/a-left.png', '/a-right.png', ?, 'now')",
      )
      .run(JSON.stringify({ scale: 1.5, object_position: { x: 40, y: 10 } }));
    const list = await cards();
    expect(list.map((c) => c.id)).toEqual([
      `c${top.id}`,
      `c${early.id}`,
      `c${late.id}`,
      expect.stringMatching(/^r\d+$/),
    ]);
    const [first, second, , past] = list;
    // Al Able on the left shows his left picture and crop; on the right, his right picture and the default crop.
    expect(second).toMatchObject({
      leftImage: '/a-left.png',
      leftCrop: { scale: 1.5, object_position: { x: 40, y: 10 } },
      rightImage: null,
    });
    expect(first).toMatchObject({
      rightImage: '/a-right.png',
      rightCrop: { scale: 0.9, object_position: { x: -60, y: 100 } },
    });
    expect(second).toMatchObject({
      a: 'Al Able',
      b: 'Bo Bell',
      startTime: '19:30',
      eventId: 2,
      eventName: 'State Armwrestling Championship',
      weightA: '243+',
      aWins: null,
      bWins: null,
      bestOf: 5,
      featured: true,
    });
    expect(past).toMatchObject({
      a: 'Cy Cole',
      b: 'Di Dunn',
      hand: 'RH',
      aWins: 3,
      bWins: 1,
      startTime: '12:00',
      eventName: null,
    });

    expect((await cards('?event=state%20ARMWRESTLING%20championship')).map((c) => c.id)).toEqual([
      `c${early.id}`,
      `c${late.id}`,
    ]);
    expect((await cards('?featured=true')).map((c) => c.id)).toEqual([`c${top.id}`, `c${early.id}`]);
    expect(await cards('?event=nowhere')).toEqual([]);
    expect((await h.request('/api/v1/supermatches?featured=maybe')).status).toBe(400);
  });

  it('answers 304 to a client that has the list, and a new tag when a card changes', async () => {
    await create();
    const res = await h.request('/api/v1/supermatches?t=123');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await h.request('/api/v1/supermatches', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await create({ a: 'Cy Cole', b: 'Di Dunn' });
    const changed = await h.request('/api/v1/supermatches', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('hides the event of a draft, and is written into the fallback file', async () => {
    const draft = await create({ event_id: 6 });
    expect((await cards()).find((c) => c.id === `c${draft.id}`)).toMatchObject({ eventId: null, eventName: null });
    const doc = fallbackDocument(h.db);
    expect(doc.supermatches).toEqual(await cards());
  });
});
