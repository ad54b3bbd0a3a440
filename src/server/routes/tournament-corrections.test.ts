import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Conflict, TournamentMatch } from '../../shared/tournament-contract/match.ts';
import type { CorrectionAnswer, MatchConflict } from '../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import { createHarness } from '../test/harness.ts';
import { ratingDump } from '../test/results-fixture.ts';
import { json, tournamentFixture } from '../test/tournament-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const results = () =>
  new Map(
    (
      h.db
        .prepare('SELECT match_id, winner, method, entry_a, entry_b FROM tournament_results ORDER BY match_id')
        .all() as { match_id: number }[]
    ).map((r) => [r.match_id, JSON.stringify(r)]),
  );
type Fixture = Awaited<ReturnType<typeof tournamentFixture>>;
/** Sends a correction of `match`: the other athlete wins on a pin (as saved: 200). */
const flip = async (f: Fixture, match: TournamentMatch) =>
  json<CorrectionAnswer>(
    await h.request(`${f.at}/matches/${match.id}/correction`, {
      method: 'POST',
      token: f.admin,
      json: { winner: match.winner === 'A' ? 'B' : 'A', method: 'pin' },
    }),
    200,
  );
const version = () => h.db.prepare('SELECT version FROM tournaments').pluck().get() as number;

describe('corrections', () => {
  it('a dry run says which later matches it resets and changes nothing; saving resets exactly those', async () => {
    const f = await tournamentFixture(h);
    const cat = await f.category();
    await f.pull(cat.id, 9);
    const before = await f.categoryNow(cat.id);
    // A first-round match whose winner has pulled again since.
    const byId = new Map(before.matches.map((m) => [m.id, m]));
    const winnerOf = (m: TournamentMatch) => (m.winner === 'A' ? m.a_entry : m.b_entry);
    const target = before.matches.find(
      (m) =>
        m.code.startsWith('W1-') &&
        m.status === 'done' &&
        before.matches.some(
          (later) =>
            later.status === 'done' && later.id !== m.id && [later.a_entry, later.b_entry].includes(winnerOf(m)),
        ),
    )!;
    expect(target).toBeDefined();
    const stored = results();
    const v = version();
    const url = `${f.at}/matches/${target.id}/correction`;
    const flipped = { winner: target.winner === 'A' ? 'B' : 'A', method: 'pin' };

    const dry = await json<CorrectionAnswer>(
      await h.request(url, { method: 'POST', token: f.admin, json: { ...flipped, dry_run: true } }),
      200,
    );
    expect(dry.dry_run).toBe(true);
    expect(dry.match).toMatchObject({ id: target.id, winner: flipped.winner });
    expect(dry.affected.length).toBeGreaterThan(0);
    // Every match it resets was decided; the dry run changed nothing.
    for (const id of dry.affected) {
      const m = byId.get(id)!;
      expect(m.status).toBe('done');
    }
    expect(results()).toEqual(stored);
    expect(version()).toBe(v);

    const saved = await json<CorrectionAnswer>(
      await h.request(url, { method: 'POST', token: f.admin, json: flipped }),
      200,
    );
    expect(saved.dry_run).toBe(false);
    expect(saved.affected).toEqual(dry.affected);
    expect(saved.category).toEqual(dry.category);
    const now = results();
    const changed = [...stored.keys()].filter((id) => now.get(id) !== stored.get(id)).sort((a, b) => a - b);
    expect(changed).toEqual([target.id, ...dry.affected].sort((a, b) => a - b));
    for (const id of dry.affected) expect(now.has(id)).toBe(false);
    const after = await f.categoryNow(cat.id);
    expect(after.matches.find((m) => m.id === target.id)).toMatchObject({ winner: flipped.winner, status: 'done' });
    for (const id of dry.affected) expect(after.matches.find((m) => m.id === id)?.status ?? 'waiting').not.toBe('done');

    const log = h.db
      .prepare(
        "SELECT subject_id, from_status, to_status, decided_by, detail FROM decisions WHERE subject = 'tournament_match'",
      )
      .all() as { subject_id: number; detail: string }[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      subject_id: target.id,
      from_status: 'decided',
      to_status: 'corrected',
      decided_by: 'admin@example.test',
    });
    expect(JSON.parse(log[0]!.detail)).toEqual({
      before: { winner: target.winner, method: 'pin', warnings_a: 0, warnings_b: 0, fouls_a: 0, fouls_b: 0 },
      after: { winner: flipped.winner, method: 'pin', warnings_a: 0, warnings_b: 0, fouls_a: 0, fouls_b: 0 },
      affected: dry.affected,
    });
  });

  it('placings follow a corrected final; a match not decided is 409; a correction closes its conflicts', async () => {
    const f = await tournamentFixture(h, { super_final: false });
    const cat = await f.category();
    const ready = cat.matches.find((m) => m.status === 'ready')!;
    const early = await h.request(`${f.at}/matches/${ready.id}/correction`, {
      method: 'POST',
      token: f.admin,
      json: { winner: 'A', method: 'pin' },
    });
    expect((await json<MatchConflict>(early, 409)).error.code).toBe('not_decided');

    await f.pull(cat.id);
    const done = await f.categoryNow(cat.id);
    const final = done.matches.find((m) => m.code === 'F1')!;
    const [first, second] = done.placings;
    expect(first!.name).toBe(final.winner === 'A' ? final.a : final.b);
    // A table sends another result for the final: a conflict, closed by the correction.
    await f.setTable(cat.id, 1);
    const key = await f.link(1);
    await json(await f.result(final.id, { winner: final.winner === 'A' ? 'B' : 'A', method: 'pin' }, { key }), 409);
    const open = async () =>
      (await json<{ conflicts: Conflict[] }>(await h.request(`${f.at}/conflicts`, { token: f.admin }), 200)).conflicts;
    expect(await open()).toHaveLength(1);

    const corrected = await flip(f, final);
    expect(corrected.affected).toEqual([]);
    expect(corrected.category.placings.slice(0, 2).map((p) => p.name)).toEqual([second!.name, first!.name]);
    expect((await f.categoryNow(cat.id)).placings.slice(0, 2).map((p) => p.name)).toEqual([second!.name, first!.name]);
    expect(await open()).toEqual([]);
  });

  it('a result taken back closes its conflicts: an undo, and a correction that resets a later match', async () => {
    const f = await tournamentFixture(h);
    const cat = await f.category();
    await f.setTable(cat.id, 1);
    const key = await f.link(1);
    const open = async () =>
      (await json<{ conflicts: Conflict[] }>(await h.request(`${f.at}/conflicts`, { token: f.admin }), 200)).conflicts;
    const closedHow = (matchId: number) =>
      h.db.prepare('SELECT closed_how FROM tournament_conflicts WHERE match_id = ?').pluck().all(matchId);

    // The head table recorded A; the table sends B: a conflict. The head table then undoes its result.
    const [first] = await f.pull(cat.id, 1);
    await json(await f.result(first!.id, { winner: 'B', method: 'pin' }, { key }), 409);
    expect(await open()).toHaveLength(1);
    const undo = await h.request(`/api/v1/tournaments/${f.t.id}/matches/${first!.id}/result`, {
      method: 'DELETE',
      token: f.admin,
    });
    expect(undo.status).toBe(200);
    expect(await open()).toEqual([]);
    expect(closedHow(first!.id)).toEqual(['undone']);
    // Pulled again and recorded as the table had sent it: nothing stands beside it.
    await json(await f.result(first!.id, { winner: 'B', method: 'pin' }), 201);
    expect(await open()).toEqual([]);

    // A later match with a conflict, reset by the correction of an earlier one.
    await f.pull(cat.id, 8);
    const now = await f.categoryNow(cat.id);
    const winnerOf = (m: TournamentMatch) => (m.winner === 'A' ? m.a_entry : m.b_entry);
    const pairs = now.matches.flatMap((early) =>
      now.matches
        .filter(
          (later) =>
            early.code.startsWith('W1-') &&
            early.status === 'done' &&
            later.status === 'done' &&
            later.id !== early.id &&
            [later.a_entry, later.b_entry].includes(winnerOf(early)),
        )
        .map((later) => ({ early, later })),
    );
    const { early, later } = pairs[0]!;
    await json(await f.result(later.id, { winner: later.winner === 'A' ? 'B' : 'A', method: 'pin' }, { key }), 409);
    expect((await open()).map((c) => c.match_id)).toEqual([later.id]);
    const corrected = await flip(f, early);
    expect(corrected.affected).toContain(later.id);
    expect(await open()).toEqual([]);
    expect(closedHow(later.id)).toEqual(['reset']);
  });

  it("a published category's ratings after a correction equal a fresh publish of the corrected results", async () => {
    const f = await tournamentFixture(h, { super_final: false });
    const cat = await f.category();
    await f.pull(cat.id);
    const publish = (method: 'POST' | 'DELETE') =>
      h.request(`${f.at}/categories/${cat.id}/publish`, { method, token: f.admin });
    await json<TournamentCategory>(await publish('POST'), 200);
    const published = ratingDump(h.db);
    const final = (await f.categoryNow(cat.id)).matches.find((m) => m.code === 'F1')!;

    const corrected = await flip(f, final);
    expect(corrected.category.status).toBe('published');
    const afterCorrection = ratingDump(h.db);
    expect(afterCorrection).not.toEqual(published);
    const medals = () =>
      h.db
        .prepare('SELECT athlete_id, place FROM placements WHERE tournament_category_id = ? ORDER BY place, athlete_id')
        .all(cat.id);
    const medalsAfter = medals();

    // Taken back and published afresh from the corrected results: the same ratings and places, to the last digit.
    await json(await publish('DELETE'), 200);
    await json(await publish('POST'), 200);
    expect(ratingDump(h.db)).toEqual(afterCorrection);
    expect(medals()).toEqual(medalsAfter);
  });

  it('a correction that resets matches of a published category takes it out of publication until pulled again', async () => {
    const f = await tournamentFixture(h, { super_final: false });
    const cat = await f.category();
    const before = ratingDump(h.db);
    await f.pull(cat.id);
    await json(await h.request(`${f.at}/categories/${cat.id}/publish`, { method: 'POST', token: f.admin }), 200);
    const first = (await f.categoryNow(cat.id)).matches.find((m) => m.code === 'W1-1')!;
    const corrected = await flip(f, first);
    expect(corrected.affected.length).toBeGreaterThan(0);
    expect(corrected.category.status).toBe('running');
    expect(ratingDump(h.db)).toEqual(before);
    expect(h.db.prepare('SELECT COUNT(*) FROM placements WHERE tournament_category_id = ?').pluck().get(cat.id)).toBe(
      0,
    );
    // The reset matches can be pulled again.
    expect((await f.pull(cat.id)).length).toBeGreaterThan(0);
    expect((await f.categoryNow(cat.id)).status).toBe('finished');
  });
});
