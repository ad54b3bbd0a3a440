import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AssociationSettings } from '../../shared/association.ts';
import { writeSettings } from '../association/store.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { importResultsCsv, type ImportOptions, type ImportResult } from './import-csv.ts';

const TODAY = '2025-06-30';
const HEADER =
  'type,date,event,event_short,hand,athlete,athlete_b,sex,division,category,weight_class,place,weight,a_wins,b_wins,best_of';

/** Placement and supermatch rows in the full header's column order. */
const P = (
  date: string,
  event: string,
  hand: string,
  athlete: string,
  sex: string,
  division: string,
  cls: string,
  place: string,
  weight = '',
) => `placement,${date},${event},,${hand},${athlete},,${sex},${division},,${cls},${place},${weight},,,`;
const S = (
  date: string,
  event: string,
  hand: string,
  a: string,
  b: string,
  sex: string,
  aw: string,
  bw: string,
  bo: string,
) => `supermatch,${date},${event},,${hand},${a},${b},${sex},,,,,,${aw},${bw},${bo}`;
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

const GOOD = csv(
  P('2024-05-18', 'Lone Star Spring Open', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1', '196.4'),
  P('2024-05-18', 'Lone Star Spring Open', 'RH', 'Marco Reyes', 'M', 'pro', '198', '2'),
  P('2024-05-18', 'Lone Star Spring Open', 'RH', '"Tate, Quinn"', 'M', 'pro', '198', '3'),
  P('2024-05-18', 'Lone Star Spring Open', 'LH', 'Dale Hammond', 'M', 'pro', '198', '2'),
  P('2024-05-18', 'Lone Star Spring Open', 'LH', 'Marco Reyes', 'M', 'pro', '198', '1'),
  P('2024-05-18', 'Lone Star Spring Open', 'Right', 'Tessa Lindqvist', 'F', 'am', '143', '1'),
  P('2024-05-18', 'Lone Star Spring Open', 'r', 'Joy Okafor', 'F', 'am', '143', '2'),
  S('2024-06-08', 'Gulf Coast Pull Night', 'RH', 'Dale Hammond', 'Marco Reyes', 'M', '3', '1', '5'),
  S('2024-06-22', '', 'Left', 'Tessa Lindqvist', 'Joy Okafor', 'F', '2', '1', '3'),
);

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db, migrations);
});
afterEach(() => db.close());

const run = (text: string, opts: ImportOptions = {}): ImportResult =>
  importResultsCsv(db, text, { today: TODAY, ...opts });
const ok = (text: string) => {
  const r = run(text);
  if (!r.ok) throw new Error(`expected success, got:\n${r.errors.map((e) => `${e.line}: ${e.message}`).join('\n')}`);
  return r.summary;
};
const errorsOf = (text: string) => {
  const r = run(text);
  if (r.ok) throw new Error('expected the import to fail');
  return r.errors;
};
const TABLES = ['athletes', 'result_events', 'placements', 'supermatch_results', 'ratings', 'rating_history'] as const;
const counts = () =>
  Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get() as number]));
const athleteId = (name: string) =>
  db.prepare('SELECT id FROM athletes WHERE name = ?').pluck().get(name) as number | undefined;
const handsRated = (name: string) =>
  db.prepare('SELECT hand FROM ratings WHERE athlete_id = ? ORDER BY hand').pluck().all(athleteId(name)) as string[];
const rating = (name: string, hand: string) =>
  db
    .prepare('SELECT mu, sigma, last_date FROM ratings WHERE athlete_id = ? AND hand = ?')
    .get(athleteId(name), hand) as { mu: number; sigma: number; last_date: string } | undefined;

describe('importResultsCsv: a good file', () => {
  it('stores athletes, events, placements and supermatches, and rates each hand', () => {
    const summary = ok(GOOD);
    expect(summary).toMatchObject({
      athletesCreated: 5,
      eventsCreated: 2,
      placements: 7,
      supermatches: 2,
      weightsUpdated: 1,
    });
    expect(summary.rerate.mode).toBe('full');

    expect(db.prepare('SELECT name, sex FROM athletes ORDER BY id').all()).toEqual([
      { name: 'Dale Hammond', sex: 'M' },
      { name: 'Marco Reyes', sex: 'M' },
      { name: 'Tate, Quinn', sex: 'M' },
      { name: 'Tessa Lindqvist', sex: 'F' },
      { name: 'Joy Okafor', sex: 'F' },
    ]);
    expect(db.prepare('SELECT kind, name, short_name, date FROM result_events ORDER BY id').all()).toEqual([
      { kind: 'tournament', name: 'Lone Star Spring Open', short_name: 'LSSO24', date: '2024-05-18' },
      { kind: 'supermatch', name: 'Gulf Coast Pull Night', short_name: 'GCPN24', date: '2024-06-08' },
    ]);
    expect(
      db.prepare('SELECT event_id, hand, a_wins, b_wins, best_of FROM supermatch_results ORDER BY id').all(),
    ).toEqual([
      { event_id: 2, hand: 'RH', a_wins: 3, b_wins: 1, best_of: 5 },
      { event_id: null, hand: 'LH', a_wins: 2, b_wins: 1, best_of: 3 },
    ]);
    expect(db.prepare("SELECT category FROM placements WHERE hand = 'RH' LIMIT 1").pluck().get()).toBe('Open');

    // Ratings per hand: only the hands an athlete competed with.
    expect(handsRated('Dale Hammond')).toEqual(['LH', 'RH']);
    expect(handsRated('Tate, Quinn')).toEqual(['RH']);
    expect(handsRated('Tessa Lindqvist')).toEqual(['LH', 'RH']);
    // Winners end up above losers in the same bracket.
    expect(rating('Dale Hammond', 'RH')!.mu).toBeGreaterThan(rating('Tate, Quinn', 'RH')!.mu);
    expect(rating('Marco Reyes', 'LH')!.mu).toBeGreaterThan(rating('Dale Hammond', 'LH')!.mu);
    expect(rating('Dale Hammond', 'RH')!.last_date).toBe('2024-06-08');
    expect(db.prepare('SELECT weight_lbs, weighed_on FROM athletes WHERE name = ?').get('Dale Hammond')).toEqual({
      weight_lbs: 196.4,
      weighed_on: '2024-05-18',
    });
  });

  it('takes columns by name in any order, trims cells, reads the header case-insensitively and skips blank lines', () => {
    const text = [
      ' Place , Weight Class ,Sex,Athlete,Hand,Division,Event,DATE,TYPE',
      ' 1 , 198 , M ,  Dale   Hammond ,  rh ,  PRO ,  Summer Slam , 2024-07-04 , Placement ',
      '',
      '   ',
      '2,198,m,Marco Reyes,RH,pro,Summer Slam,2024-07-04,placement',
      '',
    ].join('\r\n');
    expect(ok(text)).toMatchObject({ athletesCreated: 2, eventsCreated: 1, placements: 2 });
    expect(db.prepare('SELECT name FROM athletes ORDER BY id').pluck().all()).toEqual(['Dale Hammond', 'Marco Reyes']);
    expect(db.prepare('SELECT division, category, weight_class, place FROM placements ORDER BY place').all()).toEqual([
      { division: 'pro', category: 'Open', weight_class: '198', place: 1 },
      { division: 'pro', category: 'Open', weight_class: '198', place: 2 },
    ]);
  });

  it('needs only the supermatch columns in a file of supermatches', () => {
    const text =
      'type,date,hand,athlete,athlete_b,sex,a_wins,b_wins,best_of\nsupermatch,2024-03-01,RH,Ann Cole,Bea Diaz,F,0,3,5\n';
    expect(ok(text)).toMatchObject({ athletesCreated: 2, eventsCreated: 0, supermatches: 1 });
    expect(rating('Bea Diaz', 'RH')!.mu).toBeGreaterThan(rating('Ann Cole', 'RH')!.mu);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = csv(
      'placement,2024-05-18,"Spring Open, Austin",,RH,"Tate, Quinn",,M,am,"Open, Novice",176,1,,,,',
      'placement,2024-05-18,"Spring Open, Austin",,RH,"Dwayne ""The Arm"" Ruiz",,M,am,"Open, Novice",176,2,,,,',
      'placement,2024-05-18,"Spring Open, Austin",,RH,"Lee\nPark",,M,am,"Open, Novice",176,3,,,,',
    );
    expect(ok(text)).toMatchObject({ athletesCreated: 3, eventsCreated: 1, placements: 3 });
    expect(db.prepare('SELECT name, short_name FROM result_events').get()).toEqual({
      name: 'Spring Open, Austin',
      short_name: 'SOA24',
    });
    expect(db.prepare('SELECT name FROM athletes ORDER BY id').pluck().all()).toEqual([
      'Tate, Quinn',
      'Dwayne "The Arm" Ruiz',
      'Lee Park',
    ]);
    expect(db.prepare('SELECT DISTINCT category FROM placements').pluck().all()).toEqual(['Open, Novice']);
  });

  it('matches athletes case-insensitively, in the database and within the file', () => {
    ok(csv(P('2024-01-06', 'Winter Cup', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1')));
    const summary = ok(
      csv(
        P('2024-02-03', 'February Pull', 'RH', 'dale HAMMOND', 'M', 'pro', '198', '2'),
        P('2024-02-03', 'February Pull', 'RH', 'Marco Reyes', 'M', 'pro', '198', '1'),
        S('2024-02-10', '', 'RH', 'MARCO REYES', 'DALE hammond', 'M', '2', '0', '3'),
      ),
    );
    expect(summary.athletesCreated).toBe(1);
    expect(db.prepare('SELECT name FROM athletes ORDER BY id').pluck().all()).toEqual(['Dale Hammond', 'Marco Reyes']);
    expect(
      db.prepare('SELECT COUNT(*) FROM placements WHERE athlete_id = ?').pluck().get(athleteId('Dale Hammond')),
    ).toBe(2);
  });

  it('matches events by name and date', () => {
    ok(csv(P('2024-01-06', 'Winter Cup', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1')));
    const summary = ok(
      csv(
        P('2024-01-06', 'winter cup', 'RH', 'Marco Reyes', 'M', 'pro', '198', '2'),
        P('2025-01-04', 'Winter Cup', 'RH', 'Marco Reyes', 'M', 'pro', '198', '1'),
      ),
    );
    expect(summary.eventsCreated).toBe(1);
    expect(db.prepare('SELECT name, date, short_name FROM result_events ORDER BY id').all()).toEqual([
      { name: 'Winter Cup', date: '2024-01-06', short_name: 'WC24' },
      { name: 'Winter Cup', date: '2025-01-04', short_name: 'WC25' },
    ]);
  });

  it('keeps the weight of the newest weighed row', () => {
    ok(csv(P('2024-03-02', 'March Madness', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1', '197')));
    ok(
      csv(
        P('2024-04-06', 'April Open', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1', '199.2'),
        P('2024-02-03', 'February Pull', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1', '190'),
        P('2024-03-30', 'Easter Pull', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1'),
      ),
    );
    expect(db.prepare('SELECT weight_lbs, weighed_on FROM athletes').get()).toEqual({
      weight_lbs: 199.2,
      weighed_on: '2024-04-06',
    });
    // An older weight never replaces a newer one already stored.
    const s = ok(csv(P('2024-01-13', 'January Jam', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1', '185')));
    expect(s.weightsUpdated).toBe(0);
    expect(db.prepare('SELECT weight_lbs, weighed_on FROM athletes').get()).toEqual({
      weight_lbs: 199.2,
      weighed_on: '2024-04-06',
    });
  });

  it('rates a later import incrementally on top of the first', () => {
    ok(GOOD);
    const before = rating('Dale Hammond', 'RH')!;
    const historyBefore = counts().rating_history!;
    const summary = ok(
      csv(
        P('2024-09-14', 'Fall Classic', 'RH', 'Marco Reyes', 'M', 'pro', '198', '1'),
        P('2024-09-14', 'Fall Classic', 'RH', 'Dale Hammond', 'M', 'pro', '198', '2'),
      ),
    );
    expect(summary.rerate).toEqual({ mode: 'incremental', units: 1 });
    const after = rating('Dale Hammond', 'RH')!;
    expect(after.mu).toBeLessThan(before.mu);
    expect(after.last_date).toBe('2024-09-14');
    expect(counts().rating_history).toBe(historyBefore + 2);

    // A back-dated result forces a full recompute.
    const backdated = ok(csv(S('2024-01-20', '', 'RH', 'Dale Hammond', '"Tate, Quinn"', 'M', '2', '0', '3')));
    expect(backdated.rerate.mode).toBe('full');
  });

  it('dry run reports the summary and saves nothing', () => {
    const before = counts();
    const r = run(GOOD, { dryRun: true });
    expect(r).toMatchObject({ ok: true, summary: { athletesCreated: 5, placements: 7, supermatches: 2 } });
    expect(counts()).toEqual(before);
  });
});

describe('importResultsCsv: bad rows', () => {
  const good = P('2024-05-18', 'Spring Open', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1');
  const cases: [string, string, RegExp][] = [
    [
      'date not in YYYY-MM-DD',
      P('05/18/2024', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '1'),
      /^date: must be a date like/,
    ],
    [
      'date not on the calendar',
      P('2023-02-29', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '1'),
      /^date: 2023-02-29 is not a real calendar date/,
    ],
    [
      'date in the future',
      P('2025-07-01', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '1'),
      /^date: 2025-07-01 is in the future/,
    ],
    ['placement without event', P('2024-05-18', '', 'RH', 'Ann Cole', 'F', 'pro', '143', '1'), /^event: is required/],
    [
      'bad hand',
      P('2024-05-18', 'Spring Open', 'both', 'Ann Cole', 'F', 'pro', '143', '1'),
      /^hand: must be LH or RH.*"both"/,
    ],
    ['bad sex', P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'X', 'pro', '143', '1'), /^sex: must be M or F/],
    [
      'bad division',
      P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'F', 'elite', '143', '1'),
      /^division: must be pro, am, novice, masters, grand_masters or youth \(got "elite"\)/,
    ],
    [
      'class of the other sex',
      P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '198', '1'),
      /^weight_class: must be one of 143, 144\+ lbs for women/,
    ],
    ['place 0', P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '0'), /^place: must be at least 1/],
    [
      'place not whole',
      P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '1.5'),
      /^place: must be a whole number/,
    ],
    [
      'weight not positive',
      P('2024-05-18', 'Spring Open', 'RH', 'Ann Cole', 'F', 'pro', '143', '1', '0'),
      /^weight: must be a weight in lbs above 0/,
    ],
    ['missing athlete', P('2024-05-18', 'Spring Open', 'RH', '', 'F', 'pro', '143', '1'), /^athlete: is required/],
    [
      'unknown type',
      'result,2024-05-18,Spring Open,,RH,Ann Cole,,F,pro,,143,1,,,,',
      /^type: must be placement or supermatch \(got "result"\)/,
    ],
    [
      'supermatch against oneself',
      S('2024-05-18', '', 'RH', 'Ann Cole', 'ann cole', 'F', '2', '0', '3'),
      /^athlete_b: must be a different athlete/,
    ],
    [
      'supermatch with no pins',
      S('2024-05-18', '', 'RH', 'Ann Cole', 'Bea Diaz', 'F', '0', '0', '3'),
      /^a_wins: a_wins \+ b_wins must be between 1 and best_of/,
    ],
    [
      'supermatch over best_of',
      S('2024-05-18', '', 'RH', 'Ann Cole', 'Bea Diaz', 'F', '3', '3', '5'),
      /^a_wins: a_wins \+ b_wins must be between 1 and best_of/,
    ],
    [
      'supermatch winner above ceil(best_of/2)',
      S('2024-05-18', '', 'RH', 'Ann Cole', 'Bea Diaz', 'F', '4', '0', '5'),
      /^a_wins: nobody can win more than 3 in a best of 5/,
    ],
    [
      'supermatch with a placement cell',
      'supermatch,2024-05-18,,,RH,Ann Cole,Bea Diaz,F,,,,1,,2,0,3',
      /^place: is not used on supermatch rows/,
    ],
    [
      'placement with a supermatch cell',
      'placement,2024-05-18,Spring Open,,RH,Ann Cole,Bea Diaz,F,pro,,143,1,,,,',
      /^athlete_b: is not used on placement rows/,
    ],
    [
      'athlete with two sexes in the file',
      P('2024-05-18', 'Spring Open', 'LH', 'dale hammond', 'F', 'pro', '143', '1'),
      /^athlete: "Dale Hammond" is M \(men\) on line 2, this row says F \(women\)/,
    ],
    [
      'duplicate placement in the file',
      P('2024-05-18', 'Spring Open', 'RH', 'DALE HAMMOND', 'M', 'pro', '198', '4'),
      /^duplicate placement: Dale Hammond .* on line 2/,
    ],
    ['too many cells', good + ',extra', /has 17 cells but the header has 16 columns/],
    ['broken quotes', 'placement,2024-05-18,"Spring Open,,RH,Ann Cole,,F,pro,,143,1,,,,', /cannot read this row/],
  ];

  it.each(cases)('%s: reports line 3 and the reason, and imports nothing', (_name, bad, reason) => {
    const errors = errorsOf(csv(good, bad));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.line === 3)).toBe(true);
    expect(errors.map((e) => e.message)).toContainEqual(expect.stringMatching(reason));
    expect(counts()).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
  });

  it('reports a known athlete whose sex differs from the database', () => {
    ok(csv(good));
    const errors = errorsOf(csv(S('2024-06-01', '', 'RH', 'Ann Cole', 'dale hammond', 'F', '2', '0', '3')));
    expect(errors).toEqual([
      { line: 2, message: 'athlete_b: "Dale Hammond" is already recorded as M (men), this row says F (women)' },
    ]);
  });

  it('reports every problem of every row, in line order, and imports none of the good rows', () => {
    ok(GOOD);
    const before = counts();
    const errors = errorsOf(
      csv(
        P('2024-10-05', 'Autumn Open', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1'),
        P('2024-13-01', 'Autumn Open', 'XH', 'Marco Reyes', 'M', 'pro', '198', '2'),
        P('2024-10-05', 'Autumn Open', 'RH', 'Newcomer Nate', 'M', 'pro', '198', '3'),
        S('2024-10-06', '', 'RH', 'Dale Hammond', 'Marco Reyes', 'M', '0', '3', '3'),
      ),
    );
    expect(errors).toEqual([
      { line: 3, message: 'date: 2024-13-01 is not a real calendar date' },
      { line: 3, message: 'hand: must be LH or RH (Left/Right and L/R work too) (got "XH")' },
      { line: 5, message: 'b_wins: nobody can win more than 2 in a best of 3' },
    ]);
    expect(counts()).toEqual(before);
    expect(athleteId('Newcomer Nate')).toBeUndefined();
  });

  it('gives the line a row starts on when quoted cells span lines and blank lines come between', () => {
    const errors = errorsOf(
      csv(
        'placement,2024-05-18,"Spring\nOpen",,RH,Dale Hammond,,M,pro,,198,1,,,,',
        '',
        'placement,2024-05-18,Spring Open,,RH,Ann Cole,,F,pro,,198,1,,,,',
      ),
    );
    expect(errors).toEqual([
      { line: 5, message: expect.stringMatching(/^weight_class: must be one of 143, 144\+ lbs for women/) as string },
    ]);
  });

  it('reports duplicates, row by row, when the same file is imported twice', () => {
    ok(GOOD);
    const before = counts();
    const errors = errorsOf(GOOD);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(errors[0]!.message).toBe(
      'duplicate placement: Dale Hammond is already placed in Lone Star Spring Open 2024-05-18, RH pro Open 198 (already in the database)',
    );
    expect(errors[7]!.message).toMatch(
      /^duplicate supermatch: Dale Hammond vs Marco Reyes \(RH\) on 2024-06-08 .*already in the database/,
    );
    expect(counts()).toEqual(before);
  });

  it('reports a placement for an event stored as a supermatch card', () => {
    ok(csv(S('2024-06-08', 'Pull Night', 'RH', 'Dale Hammond', 'Marco Reyes', 'M', '2', '0', '3')));
    expect(errorsOf(csv(P('2024-06-08', 'Pull Night', 'RH', 'Dale Hammond', 'M', 'pro', '198', '1')))).toEqual([
      {
        line: 2,
        message: 'event: "Pull Night" on 2024-06-08 is stored as a supermatch card; placements need a tournament',
      },
    ]);
  });
});

describe('importResultsCsv: the file as a whole', () => {
  it('rejects an empty file', () => {
    expect(errorsOf('')).toEqual([{ line: 1, message: expect.stringMatching(/^the file is empty/) as string }]);
    expect(errorsOf(' \n\r\n  ')).toEqual([
      { line: 1, message: expect.stringMatching(/^the file is empty/) as string },
    ]);
  });

  it('rejects a header with no rows', () => {
    expect(errorsOf(HEADER + '\n\n')).toEqual([{ line: 1, message: 'the file has a header but no result rows' }]);
  });

  it('reports missing required columns once, for the row types the file uses', () => {
    const text =
      'type,date,athlete,sex,division,weight_class\nplacement,2024-05-18,Ann Cole,F,pro,143\nplacement,2024-05-18,Bea Diaz,F,pro,143\n';
    expect(errorsOf(text)).toEqual([{ line: 1, message: 'missing required columns: event, hand, place' }]);
    const both =
      'type,date,athlete,sex,hand\nplacement,2024-05-18,Ann Cole,F,RH\nsupermatch,2024-05-18,Ann Cole,F,RH\n';
    expect(errorsOf(both)).toEqual([
      {
        line: 1,
        message: 'missing required columns: event, athlete_b, division, weight_class, place, a_wins, b_wins, best_of',
      },
    ]);
  });

  it('reports unknown and repeated columns', () => {
    const text =
      'type,date,event,hand,athlete,sex,division,weight_class,place,wieght,place\nplacement,2024-05-18,Cup,RH,Ann Cole,F,pro,143,1,140,1\n';
    expect(errorsOf(text).map((e) => e.message)).toEqual([
      expect.stringMatching(/^unknown column "wieght"; the columns are type, date, /) as string,
      'column place appears more than once',
    ]);
  });
});

describe('importResultsCsv: the association profile', () => {
  /** A kilogram association with classes of its own for masters men, and divisions that are not the defaults. */
  const KG: AssociationSettings = {
    ...DEFAULT_SETTINGS,
    units: 'kg',
    classes: {
      M: ['70', '80', '90', '100', '100+'],
      F: ['55', '65', '65+'],
      by_division: { masters: { M: ['80', '95', '95+'] } },
    },
    divisions: [
      { code: 'pro', label: 'Seniors', medals: 'tournament' },
      { code: 'masters', label: 'Masters', medals: 'tournament' },
      { code: 'youth', label: 'Youth', medals: 'amateur' },
    ],
    talent_categories: [],
  };
  const kg = () => writeSettings(db, KG, 'test');
  const weights = () => db.prepare('SELECT name, weight, weight_unit FROM athletes ORDER BY id').all();
  const nothingStored = () => expect(counts()).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));

  it('takes kilogram classes and weights in a kilogram association, and stores the weights in kg', () => {
    kg();
    const summary = ok(
      csv(
        P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'pro', '80', '1', '79.4'),
        P('2024-05-18', 'Baltic Cup', 'RH', 'Bo Lind', 'M', 'pro', '80', '2', '80 kg'),
        P('2024-05-18', 'Baltic Cup', 'RH', 'Cy Holm', 'M', 'masters', '95+', '1', '101.2'),
        P('2024-05-18', 'Baltic Cup', 'LH', 'Dita Ozola', 'F', 'pro', '55', '1'),
      ),
    );
    expect(summary).toMatchObject({ athletesCreated: 4, placements: 4, weightsUpdated: 3 });
    expect(weights()).toEqual([
      { name: 'Ann Berg', weight: 79.4, weight_unit: 'kg' },
      { name: 'Bo Lind', weight: 80, weight_unit: 'kg' },
      { name: 'Cy Holm', weight: 101.2, weight_unit: 'kg' },
      { name: 'Dita Ozola', weight: null, weight_unit: null },
    ]);
    expect(db.prepare('SELECT division, weight_class FROM placements ORDER BY id').all()).toEqual([
      { division: 'pro', weight_class: '80' },
      { division: 'pro', weight_class: '80' },
      { division: 'masters', weight_class: '95+' },
      { division: 'pro', weight_class: '55' },
    ]);
    // A later weight updates a stored athlete, still in kg.
    expect(ok(csv(P('2024-06-01', 'June Pull', 'RH', 'Ann Berg', 'M', 'pro', '80', '1', '80.1')))).toMatchObject({
      weightsUpdated: 1,
    });
    expect(weights()[0]).toEqual({ name: 'Ann Berg', weight: 80.1, weight_unit: 'kg' });
  });

  it("reads a header that names the association's unit as the plain column", () => {
    kg();
    const text =
      'type,date,event,hand,athlete,sex,division,Weight Class (kg),place,weight_kg\n' +
      'placement,2024-05-18,Baltic Cup,RH,Ann Berg,M,pro,80kg,1,79.4 kg\n';
    expect(ok(text)).toMatchObject({ placements: 1, weightsUpdated: 1 });
    expect(weights()).toEqual([{ name: 'Ann Berg', weight: 79.4, weight_unit: 'kg' }]);
    expect(db.prepare('SELECT weight_class FROM placements').pluck().get()).toBe('80');
  });

  it("refuses a pound class or weight in a kilogram association, naming the association's classes and unit", () => {
    kg();
    expect(
      errorsOf(
        csv(
          P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'pro', '198', '1', '196.4 lbs'),
          P('2024-05-18', 'Baltic Cup', 'RH', 'Bo Lind', 'M', 'masters', '90', '1'),
          P('2024-05-18', 'Baltic Cup', 'RH', 'Dita Ozola', 'F', 'pro', '143', '1'),
        ),
      ),
    ).toEqual([
      { line: 2, message: 'weight: must be a weight in kg above 0 (got "196.4 lbs")' },
      { line: 2, message: 'weight_class: must be one of 70, 80, 90, 100, 100+ kg for men (got "198")' },
      { line: 3, message: 'weight_class: must be one of 80, 95, 95+ kg for men in the masters division (got "90")' },
      { line: 4, message: 'weight_class: must be one of 55, 65, 65+ kg for women (got "143")' },
    ]);
    nothingStored();
  });

  it('refuses a file whose header names the other unit, on line 1 and naming the column', () => {
    kg();
    const header = HEADER.replace(',weight_class,', ',Weight Class (lbs),').replace(',weight,', ',weight_lbs,');
    const text = [header, P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'pro', '176', '1', '175')].join('\n');
    expect(errorsOf(text)).toEqual([
      {
        line: 1,
        message:
          'column "Weight Class (lbs)" is in lbs; this association weighs in kg: use the association\'s classes in kg and name the column weight_class',
      },
      {
        line: 1,
        message:
          'column "weight_lbs" is in lbs; this association weighs in kg: convert the file\'s weights to kg and name the column weight',
      },
    ]);
    nothingStored();
  });

  it('refuses a kilogram header in a pound association, and takes a pound one', () => {
    const header = HEADER.replace(',weight,', ',weight_kg,');
    expect(
      errorsOf([header, P('2024-05-18', 'Cup', 'RH', 'Ann Cole', 'F', 'pro', '143', '1', '60')].join('\n')),
    ).toEqual([
      {
        line: 1,
        message:
          'column "weight_kg" is in kg; this association weighs in lbs: convert the file\'s weights to lbs and name the column weight',
      },
    ]);
    nothingStored();
    ok(
      [
        HEADER.replace(',weight,', ',Weight (lbs),'),
        P('2024-05-18', 'Cup', 'RH', 'Ann Cole', 'F', 'pro', '143', '1', '141 lbs'),
      ].join('\n'),
    );
    expect(weights()).toEqual([{ name: 'Ann Cole', weight: 141, weight_unit: 'lbs' }]);
  });

  it("refuses divisions the profile does not list, naming the profile's", () => {
    kg();
    expect(errorsOf(csv(P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'am', '80', '1')))).toEqual([
      { line: 2, message: 'division: must be pro, masters or youth (got "am")' },
    ]);
    nothingStored();
  });

  it("stores a division of the profile's own (migration 17)", () => {
    kg();
    expect(errorsOf(csv(P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'Youth', '85', '1')))).toEqual([
      {
        line: 2,
        message: 'weight_class: must be one of 70, 80, 90, 100, 100+ kg for men (got "85")',
      },
    ]);
    nothingStored();
    ok(csv(P('2024-05-18', 'Baltic Cup', 'RH', 'Ann Berg', 'M', 'Youth', '80', '1')));
    expect(db.prepare('SELECT division, weight_class FROM placements').all()).toEqual([
      { division: 'youth', weight_class: '80' },
    ]);
  });
});
