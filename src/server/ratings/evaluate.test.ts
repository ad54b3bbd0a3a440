import { Glicko2 } from 'glicko2';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import { unitsFromFile } from './evaluation-input.ts';
import { calibrationError, figures } from './figures.ts';
import { eloExpected, glicko2Model } from './models.ts';
import { days, replay, testFrom, type Predictor } from './replay.ts';
import type { Match, Unit } from './units.ts';

const match = (date: string, a: number, b: number, aWins: number, bWins: number, bestOf = 5): Match => ({
  kind: 'match',
  date,
  hand: 'RH',
  a,
  b,
  aWins,
  bWins,
  bestOf,
});

/** A right-hand bracket: athlete ids in finishing order. */
const bracket = (date: string, ...ids: number[]): Unit => ({
  kind: 'bracket',
  date,
  hand: 'RH',
  entries: ids.map((athleteId, i) => ({ athleteId, place: i + 1 })),
});

describe('the replay', () => {
  const units: Unit[] = [
    bracket('2025-01-04', 1, 2),
    match('2025-01-04', 1, 2, 3, 1),
    match('2025-01-04', 2, 3, 3, 0),
    match('2025-02-01', 1, 3, 0, 3),
    match('2025-02-01', 1, 2, 3, 3, 6),
    match('2025-03-01', 2, 3, 1, 3),
  ];

  it('predicts a whole day from the ratings of the evening before, then rates the day', () => {
    const rated: Unit[] = [];
    const log: string[] = [];
    const spy: Predictor = {
      name: 'spy',
      predict(u) {
        // Nothing of the day, the predicted result included, is in the ratings yet.
        expect(rated.some((r) => r.date >= u.date)).toBe(false);
        log.push(`predict ${u.date} ${u.a}-${u.b}`);
        return 0.5;
      },
      rateDay(day) {
        log.push(`rate ${day[0]!.date} (${day.length})`);
        rated.push(...day);
      },
    };
    const predictions = replay(days(units), spy);
    expect(log).toEqual([
      'predict 2025-01-04 1-2',
      'predict 2025-01-04 2-3',
      'rate 2025-01-04 (3)',
      'predict 2025-02-01 1-3',
      'rate 2025-02-01 (2)',
      'predict 2025-03-01 2-3',
      'rate 2025-03-01 (1)',
    ]);
    // A draw (3-3 in a best of 6) is rated but not scored.
    expect(predictions.map((p) => [p.date, p.won])).toEqual([
      ['2025-01-04', 1],
      ['2025-01-04', 1],
      ['2025-02-01', 0],
      ['2025-03-01', 0],
    ]);
  });

  it('scores the last days holding the share of scored results closest to the one asked, at least one day', () => {
    const byDay = days(units);
    // Scored: 2 in January, 1 in February (its draw is not scored), 1 in March. 40% of 4 is 1.6: February on.
    expect(testFrom(byDay, 0.4)).toBe('2025-02-01');
    expect(testFrom(byDay, 0.25)).toBe('2025-03-01');
    // 1.5: one or two are as close; the smaller part is kept.
    expect(testFrom(byDay, 0.375)).toBe('2025-03-01');
    expect(testFrom(byDay, 0.01)).toBe('2025-03-01');
    expect(testFrom(byDay, 1)).toBe('2025-01-04');
    expect(testFrom([], 0.4)).toBeNull();
  });

  it('the app model never sees a result before predicting it: a result changes only later predictions', () => {
    const first = evaluate(units, { test: 1 });
    const changed = evaluate(
      units.map((u) => (u.kind === 'match' && u.date === '2025-03-01' ? { ...u, aWins: 3, bWins: 0 } : u)),
      { test: 1 },
    );
    const app = (e: typeof first) => e.models.find((m) => m.name === 'app')!;
    // The last result's outcome changes its own score, but not the chance it was given.
    expect(app(changed).log_loss).not.toBe(app(first).log_loss);
    const chance = (e: typeof first) => app(e).calibration.find((b) => b.n > 0 && b.from < 0.5)!.predicted;
    expect(chance(changed)).toBe(chance(first));
  });
});

describe('figures', () => {
  it('log-loss, Brier, accuracy, confidence and ten mirrored buckets', () => {
    const f = figures([
      { date: 'd', p: 0.8, won: 1 },
      { date: 'd', p: 0.8, won: 0 },
      { date: 'd', p: 0.3, won: 0 },
      { date: 'd', p: 0.5, won: 1 },
    ]);
    expect(f.n).toBe(4);
    expect(f.log_loss).toBeCloseTo(-(Math.log(0.8) + Math.log(0.2) + Math.log(0.7) + Math.log(0.5)) / 4, 12);
    expect(f.brier).toBeCloseTo((0.04 + 0.64 + 0.09 + 0.25) / 4, 12);
    // The favourite won the first and the third; the pick'em counts half.
    expect(f.accuracy).toBeCloseTo(2.5 / 4, 12);
    expect(f.mean_confidence).toBeCloseTo((0.8 + 0.8 + 0.7 + 0.5) / 4, 12);
    expect(f.calibration).toHaveLength(10);
    expect(f.calibration.reduce((s, b) => s + b.n, 0)).toBe(8);
    const at = (x: number) => f.calibration[Math.floor(x * 10)]!;
    expect(at(0.8)).toMatchObject({ from: 0.8, to: 0.9, n: 2, observed: 0.5 });
    expect(at(0.8).predicted).toBeCloseTo(0.8, 12);
    expect(at(0.2)).toMatchObject({ n: 2, observed: 0.5 });
    expect(at(0.7)).toMatchObject({ n: 1, observed: 1 });
    expect(at(0.5)).toMatchObject({ n: 2, observed: 0.5, predicted: 0.5 });
    expect(at(0.0)).toMatchObject({ n: 0, predicted: null, observed: null });
    // |0.8 - 0.5| x 4 and |0.3 - 0| + |0.7 - 1| over 8.
    expect(calibrationError(f.calibration)).toBeCloseTo((0.3 * 4 + 0.3 + 0.3) / 8, 12);
  });

  it('a 100% chance that lost is a large but finite log-loss', () => {
    expect(Number.isFinite(figures([{ date: 'd', p: 1, won: 0 }]).log_loss)).toBe(true);
  });
});

describe('Elo and Glicko-2 against their published worked examples', () => {
  it("Elo: a 1613 player's expected scores against 1609, 1477, 1388, 1586 and 1720, and the new rating at K = 32", () => {
    // The Elo rating system's classic example (Wikipedia, "Elo rating system", Mathematical details).
    const expected = [1609, 1477, 1388, 1586, 1720].map((r) => eloExpected(1613, r));
    expect(expected.map((e) => Math.round(e * 1000) / 1000)).toEqual([0.506, 0.686, 0.785, 0.539, 0.351]);
    const total = expected.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(2.867, 3);
    expect(Math.round(1613 + 32 * (2.5 - total))).toBe(1601);
  });

  it("Glicko-2: Glickman's example (1500/200/0.06 against 1400/30, 1550/100, 1700/300; won, lost, lost)", () => {
    // Mark Glickman, "Example of the Glicko-2 system" (2013): rating 1464.06, RD 151.52, volatility 0.05999. The
    // paper rounds its steps; computed without rounding, the rating is 1464.05.
    const system = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
    const player = system.makePlayer(1500, 200, 0.06);
    const [a, b, c] = [
      system.makePlayer(1400, 30, 0.06),
      system.makePlayer(1550, 100, 0.06),
      system.makePlayer(1700, 300, 0.06),
    ];
    system.updateRatings([
      [player, a, 1],
      [player, b, 0],
      [player, c, 0],
    ]);
    expect(player.getRating()).toBeCloseTo(1464.06, 1);
    expect(player.getRd()).toBeCloseTo(151.52, 2);
    expect(player.getVol()).toBeCloseTo(0.05999, 4);
  });

  it('the evaluation runs Glicko-2 with those defaults, a rating period a day', () => {
    const g = glicko2Model();
    expect(g.predict(match('2025-01-04', 1, 2, 3, 0))).toBe(0.5);
    g.rateDay([match('2025-01-04', 1, 2, 3, 0), match('2025-01-04', 1, 3, 3, 0)]);
    expect(g.predict(match('2025-02-01', 1, 2, 3, 0))).toBeGreaterThan(0.6);
  });
});

describe('a results file', () => {
  const header = 'type,date,event,hand,athlete,athlete_b,sex,division,weight_class,place,a_wins,b_wins,best_of';

  it('is read through the import: its messages, line by line', () => {
    const read = unitsFromFile(
      [
        header,
        'supermatch,2025-13-01,,RH,Al Able,Bo Bell,M,,,,3,1,5',
        'supermatch,2025-02-01,,RH,Al Able,Al Able,M,,,,4,0,5',
      ].join('\n'),
      null,
      '2026-01-01',
    );
    expect('errors' in read && read.errors).toEqual([
      { line: 2, message: 'date: 2025-13-01 is not a real calendar date' },
      { line: 3, message: 'athlete_b: must be a different athlete from athlete' },
      { line: 3, message: 'a_wins: nobody can win more than 3 in a best of 5' },
    ]);
  });

  it('gives the engine its results in order, ids per name', () => {
    const read = unitsFromFile(
      [
        header,
        'placement,2025-01-04,Winter Open,RH,Al Able,,M,pro,243+,1,,,',
        'placement,2025-01-04,Winter Open,RH,Bo Bell,,M,pro,243+,2,,,',
        'supermatch,2025-02-01,,RH,Bo Bell,Al Able,M,,,,3,2,5',
      ].join('\n'),
      null,
      '2026-01-01',
    );
    expect('units' in read && read.units).toEqual([bracket('2025-01-04', 1, 2), match('2025-02-01', 2, 1, 3, 2)]);
  });
});
