import Papa from 'papaparse';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../shared/field-rules.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/results-csv.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { importResultsCsv } from '../results/import-csv.ts';
import { synthLeague, synthLeagueDetailed, type SynthMatch } from './synth.ts';

type Cells = Record<(typeof RESULTS_CSV_COLUMNS)[number], string>;
const parse = (csv: string): Cells[] => Papa.parse<Cells>(csv, { header: true, skipEmptyLines: true }).data;

describe('synthLeague', () => {
  it('gives the same CSV for the same seed and options, and another for another seed', () => {
    const a = synthLeague({ seed: 7, results: 800 });
    const b = synthLeague({ seed: 7, results: 800 });
    expect(b.csv).toBe(a.csv);
    expect(b.truth).toEqual(a.truth);
    expect(synthLeague({ seed: 8, results: 800 }).csv).not.toBe(a.csv);
    expect(synthLeague({ seed: 7, results: 800, end: '2024-06-30' }).csv).not.toBe(a.csv);
  });

  it('writes the import format: the full header, LF line ends, real dates up to the end', () => {
    const end = '2024-02-29';
    const league = synthLeague({ seed: 3, results: 600, end });
    expect(league.csv.split('\n')[0]).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(league.csv).not.toContain('\r');
    expect(league.csv.endsWith('\n')).toBe(true);
    const rows = parse(league.csv);
    expect(rows).toHaveLength(league.rows);
    const dates = rows.map((r) => r.date);
    expect(dates.every(isCalendarDate)).toBe(true);
    expect(dates.every((d) => d <= end)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    // About five and a half years.
    expect(dates[0]! < '2018-12-31').toBe(true);
    expect(dates[0]! > '2018-06-01').toBe(true);
    const names = new Set(rows.flatMap((r) => [r.athlete, r.athlete_b]).filter(Boolean));
    expect(names.size).toBe(league.athletes);
    expect([...names].every((n) => n.length <= 100 && /^\S+( \S+)+$/.test(n))).toBe(true);
  });

  it('refuses a bad seed, count or end', () => {
    expect(() => synthLeague({ seed: 1.5 })).toThrow(/seed/);
    expect(() => synthLeague({ seed: 1, results: 10 })).toThrow(/results/);
    expect(() => synthLeague({ seed: 1, end: '2025-02-30' })).toThrow(/end/);
  });

  describe('imports cleanly', () => {
    let db: Db;
    beforeEach(() => {
      db = openDatabase(':memory:');
      migrate(db, migrations);
    });
    afterEach(() => db.close());

    it('into a fresh database, with every placement, supermatch and athlete', () => {
      const league = synthLeague({ seed: 11, results: 1200 });
      const rows = parse(league.csv);
      const placements = rows.filter((r) => r.type === 'placement').length;
      const supermatches = rows.filter((r) => r.type === 'supermatch').length;
      const result = importResultsCsv(db, league.csv, { today: '2026-01-01' });
      if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
      expect(result.summary).toMatchObject({ placements, supermatches, athletesCreated: league.athletes });
      expect(placements + supermatches).toBe(league.rows);
    });
  });

  it('writes about the rows asked for, about 60% placements', () => {
    for (const results of [300, 1500, 5000]) {
      const league = synthLeagueDetailed({ seed: results, results });
      expect(Math.abs(league.rows - results)).toBeLessThanOrEqual(results * 0.1);
      expect(league.placements / league.rows).toBeGreaterThan(0.5);
      expect(league.placements / league.rows).toBeLessThan(0.7);
      expect(league.supermatches.length).toBe(league.rows - league.placements);
    }
    expect(synthLeagueDetailed({ seed: 1 }).supermatches.length).toBeGreaterThanOrEqual(1500);
  });

  it('places brackets as competition ranks: one winner, each place 1 + the number placed better', () => {
    const rows = parse(synthLeague({ seed: 5, results: 1500 }).csv).filter((r) => r.type === 'placement');
    const brackets = new Map<string, number[]>();
    for (const r of rows) {
      const key = [r.date, r.event, r.hand, r.sex, r.division, r.weight_class].join('|');
      brackets.set(key, [...(brackets.get(key) ?? []), Number(r.place)]);
    }
    expect(brackets.size).toBeGreaterThan(50);
    for (const places of brackets.values()) {
      expect(places.length).toBeGreaterThanOrEqual(3);
      const sorted = [...places].sort((a, b) => a - b);
      for (const p of sorted) expect(p).toBe(1 + sorted.filter((q) => q < p).length);
      expect(sorted.slice(0, 2)).toEqual([1, 2]);
    }
  });

  it('keeps the truth of every athlete-hand at its last result', () => {
    const league = synthLeague({ seed: 9, results: 800 });
    const last = new Map<string, string>();
    for (const r of parse(league.csv)) {
      for (const name of [r.athlete, r.athlete_b].filter(Boolean)) last.set(`${name}|${r.hand}`, r.date);
    }
    expect(new Map(league.truth.map((t) => [`${t.name}|${t.hand}`, t.date]))).toEqual(last);
    expect(league.truth.every((t) => Number.isFinite(t.strength) && Math.abs(t.strength) < 6)).toBe(true);
  });

  describe('supermatches follow the truth', () => {
    let supermatches: SynthMatch[] = [];
    beforeAll(() => {
      supermatches = synthLeagueDetailed({ seed: 21, results: 8000 }).supermatches;
    });
    const need = (s: SynthMatch) => Math.ceil(s.bestOf / 2);

    it('are played to a win, best of 3, 5 or 7, mostly 5, the athlete not always the winner', () => {
      for (const s of supermatches) {
        expect([3, 5, 7]).toContain(s.bestOf);
        expect(Math.max(s.aWins, s.bWins)).toBe(need(s));
        expect(Math.min(s.aWins, s.bWins)).toBeLessThan(need(s));
      }
      const share = (f: (s: SynthMatch) => boolean) => supermatches.filter(f).length / supermatches.length;
      expect(share((s) => s.bestOf === 5)).toBeGreaterThan(0.6);
      expect(share((s) => s.aWins > s.bWins)).toBeGreaterThan(0.4);
      expect(share((s) => s.aWins > s.bWins)).toBeLessThan(0.6);
    });

    it('are mostly close, and the truly stronger side wins more than half', () => {
      const gaps = supermatches.map((s) => Math.abs(s.aStrength - s.bStrength)).sort((a, b) => a - b);
      expect(gaps[gaps.length >> 1]).toBeLessThan(0.5);
      const stronger = supermatches.filter((s) => s.aStrength > s.bStrength === s.aWins > s.bWins).length;
      expect(stronger / supermatches.length).toBeGreaterThan(0.55);
      expect(stronger / supermatches.length).toBeLessThan(0.8);
    });

    it("have correlated pins: more sweeps than independent pins at the match's mean pin chance give", () => {
      const sweepChance = (p: number, k: number) => p ** k + (1 - p) ** k;
      let sweeps = 0;
      let independent = 0;
      let withForm = 0;
      let variance = 0;
      for (const s of supermatches) {
        if (Math.min(s.aWins, s.bWins) === 0) sweeps++;
        const q = sweepChance(s.meanPinChance, need(s));
        independent += q;
        variance += q * (1 - q);
        withForm += sweepChance(s.pinChance, need(s));
      }
      const se = Math.sqrt(variance);
      expect(sweeps).toBeGreaterThan(independent + 2 * se);
      // And about as many as the day's forms say.
      expect(Math.abs(sweeps - withForm)).toBeLessThan(3 * se);
    });
  });
});
