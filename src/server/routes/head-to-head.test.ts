import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeadToHead } from '../../shared/answers/head-to-head.ts';
import { matchWinChance } from '../../shared/win-chance.ts';
import { shownChances } from '../ratings/app-ratings.ts';
import { rerate, storedRating, storedTemperature } from '../ratings/engine.ts';
import { CONTROL_MESSAGE } from '../../shared/field-rules.ts';
import { createHarness } from '../test/harness.ts';
import { expectRefused } from '../test/refused-input.ts';
import { resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
  const f = resultsFixture(h.db);
  for (const n of ['Al Able', 'Bo Bell', 'Cy Cole']) f.athlete(n, 'M', 250);
  f.bracket(f.event('Winter Open', '2025-01-10'), 'RH', ['Al Able', 'Cy Cole', 'Bo Bell']);
  const spring = f.event('Spring Open', '2025-03-10');
  f.bracket(spring, 'RH', ['Bo Bell', 'Al Able']);
  f.bracket(spring, 'LH', ['Bo Bell', 'Al Able']);
  f.supermatch('2025-03-10', 'Bo Bell', 'Al Able', 'RH', 3, 1);
  f.supermatch('2025-04-01', 'Al Able', 'Cy Cole', 'RH', 3, 0);
  rerate(h.db);
});
afterEach(() => h.close());

const get = async (query: string) => {
  const res = await h.request(`/api/v1/head-to-head?${query}`);
  return { status: res.status, body: (await res.json()) as HeadToHead, etag: res.headers.get('etag') };
};

describe('GET /api/v1/head-to-head', () => {
  it('lists their meetings on that hand newest first, from A’s side, with the record between them', async () => {
    const { status, body } = await get('a=al%20able&b=Bo%20Bell&hand=RH');
    expect(status).toBe(200);
    expect(body.a.name).toBe('Al Able');
    expect(body.meetings).toEqual([
      {
        date: '2025-03-10',
        kind: 'supermatch',
        event: null,
        a_pins: 1,
        b_pins: 3,
        a_place: null,
        b_place: null,
        winner: 'B',
      },
      {
        date: '2025-03-10',
        kind: 'bracket',
        event: 'Spring Open',
        a_pins: null,
        b_pins: null,
        a_place: 2,
        b_place: 1,
        winner: 'B',
      },
      {
        date: '2025-01-10',
        kind: 'bracket',
        event: 'Winter Open',
        a_pins: null,
        b_pins: null,
        a_place: 1,
        b_place: 3,
        winner: 'A',
      },
    ]);
    expect(body.record).toEqual({ a: 1, b: 2 });
  });

  it('each one’s last five on the hand, newest first: a supermatch by its pins, a bracket only when won', async () => {
    const { body } = await get('a=Al%20Able&b=Bo%20Bell&hand=RH');
    // Al: beat Cy (Apr), lost to Bo (Mar supermatch), 2nd at Spring (L), won Winter (W).
    expect(body.a.form).toEqual(['W', 'L', 'L', 'W']);
    expect(body.b.form).toEqual(['W', 'W', 'L']);
  });

  it('the chance that A wins: the calibrated pin and match chances of the stored ratings', async () => {
    const { body } = await get('a=Al%20Able&b=Bo%20Bell&hand=RH&best_of=7');
    expect(body.chance.best_of).toBe(7);
    const [al, bo] = [1, 2].map((id) => storedRating(h.db, id, 'RH')!);
    expect(body.chance).toEqual({ ...shownChances(al!, bo!, 7, storedTemperature(h.db)), best_of: 7 });
    // Pins of one match are not independent: the match is less sure than seven independent pins would make it.
    expect(Math.abs(body.chance.match - 0.5)).toBeLessThan(Math.abs(matchWinChance(body.chance.pin, 7) - 0.5));
    expect(Math.abs(body.chance.match - 0.5)).toBeGreaterThan(Math.abs(body.chance.pin - 0.5));
    const reverse = (await get('a=Bo%20Bell&b=Al%20Able&hand=RH&best_of=7')).body;
    expect(body.chance.pin + reverse.chance.pin).toBeCloseTo(1, 9);
    // The better-rated athlete is the favourite.
    expect(body.a.skill! > body.b.skill! ? body.chance.pin > 0.5 : body.chance.pin < 0.5).toBe(true);
    expect((await get('a=Al%20Able&b=Bo%20Bell&hand=RH')).body.chance.best_of).toBe(5);
  });

  it('someone unrated on the hand has no skill and a newcomer’s chance', async () => {
    const { body } = await get('a=Cy%20Cole&b=Al%20Able&hand=LH');
    expect(body.a.skill).toBeNull();
    expect(body.a.form).toEqual([]);
    expect(body.meetings).toEqual([]);
    expect(body.chance.pin).toBeGreaterThan(0);
  });

  it('answers 304 to its own ETag; 404 for an unknown name; 400 for bad queries', async () => {
    const first = await get('a=Al%20Able&b=Bo%20Bell&hand=RH');
    const again = await h.request('/api/v1/head-to-head?a=Al%20Able&b=Bo%20Bell&hand=RH', {
      headers: { 'If-None-Match': first.etag! },
    });
    expect(again.status).toBe(304);
    expect((await get('a=Nobody&b=Bo%20Bell&hand=RH')).status).toBe(404);
    for (const q of [
      'a=Al%20Able&b=al%20able&hand=RH',
      'a=Al%20Able&b=Bo%20Bell&hand=XX',
      'a=&b=Bo&hand=RH',
      'a=A&b=B&hand=RH&best_of=40',
    ]) {
      expect((await h.request(`/api/v1/head-to-head?${q}`)).status, q).toBe(400);
    }
    await expectRefused(await h.request('/api/v1/head-to-head?a=Al%00Able&b=Bo%20Bell&hand=RH'), 'a', CONTROL_MESSAGE);
    await expectRefused(await h.request('/api/v1/head-to-head?a=Al%20Able&b=Bo%07&hand=RH'), 'b', CONTROL_MESSAGE);
  });
});
