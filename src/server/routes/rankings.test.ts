import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaderboardSchema, athleteDetailsSchema, type Leaderboard } from '../../shared/rankings.ts';
import { DEFAULT_SETTINGS } from '../../shared/association.ts';
import { writeSettings } from '../association/store.ts';
import { rerate } from '../ratings/engine.ts';
import { CONTROL_MESSAGE } from '../../shared/field-rules.ts';
import { createHarness } from '../test/harness.ts';
import { expectRefused } from '../test/refused-input.ts';
import { resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
  const f = resultsFixture(h.db);
  f.athlete('Ann Ax', 'M', 150, { club: 'Iron Grip', leader: true });
  f.athlete('Bo Bell', 'M', 170, { club: 'Iron Grip' });
  f.athlete('Cy Cole', 'M', 200);
  f.athlete('Di Dunn', 'M', null);
  f.athlete('Eve Eames', 'F', 140);
  f.athlete('Flo Finch', 'F', 160);
  const e1 = f.event('Winter Open', '2025-01-11');
  f.bracket(e1, 'RH', ['Cy Cole', 'Ann Ax', 'Bo Bell', 'Di Dunn'], { weightClass: '198' });
  f.bracket(e1, 'LH', ['Ann Ax', 'Cy Cole'], { weightClass: '198', division: 'am' });
  f.bracket(e1, 'RH', ['Eve Eames', 'Flo Finch'], { sex: 'F', weightClass: '144+' });
  const e2 = f.event('Spring Open', '2025-03-08');
  f.bracket(e2, 'RH', ['Di Dunn', 'Bo Bell', 'Ann Ax', 'Cy Cole'], { weightClass: '198' });
  rerate(h.db);
});
afterEach(() => h.close());

async function board(sex: 'M' | 'F'): Promise<Leaderboard> {
  const res = await h.request(`/api/v1/leaderboard?sex=${sex}&t=123`);
  expect(res.status).toBe(200);
  return leaderboardSchema.parse(await res.json());
}

describe('GET /api/v1/leaderboard', () => {
  it('ranks each hand by the conservative estimate with classes, deltas and medals', async () => {
    const men = await board('M');
    expect(men.classes).toEqual(['154', '176', '198', '220', '242', '243+']);
    expect(men.ranks.RH.map((r) => r.name)).toHaveLength(4);
    expect(men.ranks.LH.map((r) => r.name)).toEqual(['Ann Ax', 'Cy Cole']);
    const skills = men.ranks.RH.map((r) => men.cons_now.RH[r.name]!);
    expect([...skills].sort((a, b) => b - a)).toEqual(skills);
    expect(men.weights).toEqual({ 'Ann Ax': '154', 'Bo Bell': '176', 'Cy Cole': '220', 'Di Dunn': '243+' });
    // Di was last before the latest date and won it: he moved up.
    expect(men.cons_asof.asof).toBe('2025-01-11');
    expect(men.deltas.RH['Di Dunn']).toBeGreaterThan(0);
    expect(men.class_asof.RH['Di Dunn']).toBe(1);
    expect(men.deltas.LH).toEqual({ 'Ann Ax': 0, 'Cy Cole': 0 }); // no left-hand result on the latest date
    expect(men.medals_pro['Di Dunn']!.map((m) => [m.place, m.tournament, m.sex])).toEqual([[1, 'Spring Open', 'Y']]);
    expect(men.medals_am['Ann Ax']![0]).toMatchObject({
      place: 1,
      hand: 'LH',
      division: 'am',
      icon_url: '/medals/gold.svg',
    });
    expect(men.clubs).toEqual({ 'Ann Ax': 'Iron Grip', 'Bo Bell': 'Iron Grip' });
    expect(men.club_leaders).toEqual(['Ann Ax']);
    expect(men.ranks.RH.some((r) => r.name === 'Eve Eames')).toBe(false);

    const women = await board('F');
    expect(women.classes).toEqual(['143', '144+']);
    expect(women.ranks.RH.map((r) => r.name)).toEqual(['Eve Eames', 'Flo Finch']);
    expect(women.medals_pro['Eve Eames']![0]!.sex).toBe('F');
  });

  it('has a strong ETag: 304 when unchanged, a new tag after results change', async () => {
    const first = await h.request('/api/v1/leaderboard?sex=M');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await h.request('/api/v1/leaderboard?sex=M&t=999', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const f = resultsFixture(h.db);
    for (const r of h.db.prepare('SELECT id, name FROM athletes').all() as { id: number; name: string }[])
      f.ids.set(r.name, r.id);
    f.supermatch('2025-04-05', 'Cy Cole', 'Di Dunn', 'RH', 3, 0, 5);
    rerate(h.db);
    const changed = await h.request('/api/v1/leaderboard?sex=M', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('gzips for clients that accept it', async () => {
    const res = await h.request('/api/v1/leaderboard?sex=F', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('a bad or missing sex is a 400 with field errors', async () => {
    for (const q of ['sex=X', '', 'sex=m']) {
      const res = await h.request(`/api/v1/leaderboard?${q}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.code).toBe('invalid_input');
      expect(Object.keys(body.error.fields)).toContain('sex');
    }
  });

  it("follows the association's classes and unit at once: a kilogram profile reads every stored weight in kg", async () => {
    const before = await h.request('/api/v1/leaderboard?sex=M');
    writeSettings(
      h.db,
      {
        ...DEFAULT_SETTINGS,
        units: 'kg',
        classes: { M: ['70', '80', '90', '90+'], F: ['60', '60+'] },
        talent_categories: [{ label: 'Light talent', classes: { M: ['70'], F: ['60'] } }],
      },
      'admin@example.org',
    );
    const res = await h.request('/api/v1/leaderboard?sex=M', {
      headers: { 'If-None-Match': before.headers.get('etag')! },
    });
    expect(res.status).toBe(200);
    const men = leaderboardSchema.parse(await res.json());
    expect(men.classes).toEqual(['70', '80', '90', '90+']);
    expect(men.units).toBe('kg');
    // 150 lbs is 68.0 kg, 170 lbs 77.1 kg, 200 lbs 90.7 kg; no weight goes to the top class.
    expect(men.weights).toEqual({ 'Ann Ax': '70', 'Bo Bell': '80', 'Cy Cole': '90+', 'Di Dunn': '90+' });
    const ann = athleteDetailsSchema.parse(await (await h.request('/api/v1/athletes?name=Ann%20Ax')).json());
    expect(ann.weight_class).toBe('70');
  });
});

describe('GET /api/v1/athletes', () => {
  it('answers the details with ranks, medals, history and class', async () => {
    const res = await h.request('/api/v1/athletes?name=di%20dunn&sex=M&t=1');
    expect(res.status).toBe(200);
    const d = athleteDetailsSchema.parse(await res.json());
    expect(d.name).toBe('Di Dunn');
    expect(d.weight_class).toBe('243+');
    expect(d.last_tournament_date).toBe('2025-03-08');
    expect(d.ranks.LH).toEqual({ overall_rank: null, class_rank: null });
    expect(d.ranks.RH.class_rank).toBe(1);
    expect(d.current_skill.LH).toBe(40);
    expect(d.skill_history.days).toEqual(['2025-01-11', '2025-03-08']);
    expect(d.skill_history.LH).toEqual([null, null]);
    expect(d.skill_history.RH[1]).toBe(d.current_skill.RH);
    expect(d.badges.tournament_medals).toHaveLength(1);
    expect(d.badges.amateur_medals).toHaveLength(0);
  });

  it('lists every rated result newest first, with the skill before and after it', async () => {
    const f = resultsFixture(h.db);
    for (const r of h.db.prepare('SELECT id, name FROM athletes').all() as { id: number; name: string }[])
      f.ids.set(r.name, r.id);
    f.supermatch('2025-04-05', 'Cy Cole', 'Di Dunn', 'RH', 1, 3, 5);
    rerate(h.db);
    const d = athleteDetailsSchema.parse(await (await h.request('/api/v1/athletes?name=Di%20Dunn&sex=M')).json());
    expect(d.results.map((r) => [r.date, r.kind, r.event, r.opponent, r.bracket, r.place, r.pins, r.won])).toEqual([
      ['2025-04-05', 'supermatch', null, 'Cy Cole', null, null, { won: 3, lost: 1 }, true],
      ['2025-03-08', 'bracket', 'Spring Open', null, 'Pro 198 lbs', 1, null, true],
      ['2025-01-11', 'bracket', 'Winter Open', null, 'Pro 198 lbs', 4, null, false],
    ]);
    // Each result's 'after' is the next one's 'before', and the newest 'after' is the skill shown now.
    const [sm, spring, winter] = d.results;
    expect(sm!.skill_before).toBe(spring!.skill_after);
    expect(spring!.skill_before).toBe(winter!.skill_after);
    expect(sm!.skill_after).toBe(d.current_skill.RH);
    expect(sm!.skill_after).toBeGreaterThan(sm!.skill_before);
    expect(winter!.skill_after).toBeLessThan(winter!.skill_before);
    // Ann's left-hand bracket stands apart from her right-hand results.
    const ann = athleteDetailsSchema.parse(await (await h.request('/api/v1/athletes?name=Ann%20Ax')).json());
    expect(ann.results.filter((r) => r.hand === 'LH').map((r) => [r.bracket, r.place])).toEqual([
      ['Amateur 198 lbs', 1],
    ]);
  });

  it('the club and the leader flag come along', async () => {
    const d = athleteDetailsSchema.parse(await (await h.request('/api/v1/athletes?name=Ann%20Ax')).json());
    expect(d).toMatchObject({ club: 'Iron Grip', club_leader: true, sex: 'M' });
    expect(d.badges.amateur_medals.map((m) => m.place)).toEqual([1]);
  });

  it('an unknown name, or the other division, is a 404; no name is a 400', async () => {
    expect((await h.request('/api/v1/athletes?name=Nobody%20Here&sex=M')).status).toBe(404);
    const other = await h.request('/api/v1/athletes?name=Eve%20Eames&sex=M');
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await h.request('/api/v1/athletes?name=Eve%20Eames&sex=F')).status).toBe(200);
    expect((await h.request('/api/v1/athletes?name=%20%20')).status).toBe(400);
    expect((await h.request('/api/v1/athletes?name=Eve&sex=Q')).status).toBe(400);
  });

  it('a name or cache-buster with control characters is a 400 naming it', async () => {
    for (const bad of ['%00Eve', 'Eve%07', 'Eve%0AEames']) {
      await expectRefused(await h.request(`/api/v1/athletes?name=${bad}`), 'name', CONTROL_MESSAGE);
    }
    await expectRefused(await h.request('/api/v1/leaderboard?sex=M&t=1%00'), 't', CONTROL_MESSAGE);
  });
});
