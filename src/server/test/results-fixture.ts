import type { Db } from '../db/connection.ts';

/** Small, readable result sets for server tests: names in, rows out. */
export function resultsFixture(db: Db) {
  const ids = new Map<string, number>();
  const withUnits = (db.pragma('table_info(athletes)') as { name: string }[]).some((c) => c.name === 'weight_unit');
  const athlete = (
    name: string,
    sex: 'M' | 'F',
    weight: number | null,
    extra: { club?: string; leader?: boolean } = {},
  ) => {
    let clubId: number | null = null;
    if (extra.club) {
      db.prepare('INSERT OR IGNORE INTO clubs (name) VALUES (?)').run(extra.club);
      clubId = db.prepare('SELECT id FROM clubs WHERE name = ?').pluck().get(extra.club) as number;
    }
    // In pounds; a database made at a level before migration 15 has only the weight_lbs column.
    const unit = weight === null ? null : 'lbs';
    const id = Number(
      withUnits
        ? db
            .prepare(
              'INSERT INTO athletes (name, sex, weight, weight_unit, club_id, club_leader) VALUES (?, ?, ?, ?, ?, ?)',
            )
            .run(name, sex, weight, unit, clubId, extra.leader ? 1 : 0).lastInsertRowid
        : db
            .prepare('INSERT INTO athletes (name, sex, weight_lbs, club_id, club_leader) VALUES (?, ?, ?, ?, ?)')
            .run(name, sex, weight, clubId, extra.leader ? 1 : 0).lastInsertRowid,
    );
    ids.set(name, id);
    return id;
  };
  const event = (name: string, date: string, kind: 'tournament' | 'supermatch' = 'tournament') =>
    Number(
      db
        .prepare('INSERT INTO result_events (kind, name, short_name, date) VALUES (?, ?, ?, ?)')
        .run(kind, name, name.slice(0, 3).toUpperCase(), date).lastInsertRowid,
    );
  /** One bracket: names in finishing order (1st first). */
  const bracket = (
    eventId: number,
    hand: 'LH' | 'RH',
    names: string[],
    o: { sex?: 'M' | 'F'; division?: 'pro' | 'am' | 'masters'; weightClass?: string } = {},
  ) => {
    const insert = db.prepare(
      `INSERT INTO placements (event_id, athlete_id, hand, sex, division, category, weight_class, place)
       VALUES (?, ?, ?, ?, ?, 'Open', ?, ?)`,
    );
    names.forEach((n, i) =>
      insert.run(eventId, ids.get(n)!, hand, o.sex ?? 'M', o.division ?? 'pro', o.weightClass ?? '243+', i + 1),
    );
  };
  const supermatch = (
    date: string,
    a: string,
    b: string,
    hand: 'LH' | 'RH',
    aWins: number,
    bWins: number,
    bestOf = 5,
  ) =>
    db
      .prepare(
        `INSERT INTO supermatch_results (date, athlete_a, athlete_b, hand, a_wins, b_wins, best_of)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(date, ids.get(a)!, ids.get(b)!, hand, aWins, bWins, bestOf);
  return { athlete, event, bracket, supermatch, ids };
}

/** Every rating and history row, for comparing two databases to the last digit. */
export function ratingDump(db: Db) {
  return {
    ratings: db.prepare('SELECT * FROM ratings ORDER BY athlete_id, hand').all(),
    history: db.prepare('SELECT * FROM rating_history ORDER BY athlete_id, hand, date').all(),
  };
}
