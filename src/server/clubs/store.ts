import type { TalentCategorySetting } from '../../shared/association.ts';
import { CLUB_DEFAULTS, CLUB_EDIT_FIELDS, compareClubs, TALENT_TOP } from '../../shared/club-rules.ts';
import { type Club, type ClubCreate, type ClubEdit, type TalentCounts, type TalentMetric } from '../../shared/clubs.ts';
import { HANDS } from '../../shared/rankings.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { localToday } from '../../shared/field-rules.ts';
import type { Standings } from '../rankings/standings.ts';

/**
 * Clubs as the API answers them: the stored fields, the members (the club
 * sheet's copy in club_members, then any athlete whose club it is that the
 * sheet leaves out), and the numbers worked out from the results:
 * - talent: per category, the members' top-10 class placings, one per hand;
 *   the talent metric shows the club's strongest category, 'State best' when
 *   no other club has as many there, else how far from the clubs' average;
 * - medals this year: the members' podium places (1-3) in this year's brackets;
 *   the city medal rank is the club's place by that among its city's clubs;
 * - supermatches upcoming: cards not yet pulled that name a member.
 * A number a club has set itself wins over the worked-out one; the club
 * defaults fill what neither gives.
 */

interface ClubRow {
  id: number;
  name: string;
  city: string | null;
  region: string | null;
  leaders: string;
  verified: number;
  image_url: string | null;
  training: string;
  practice_end: string | null;
  avg_practice_size: number | null;
  description: string | null;
  members_count: number | null;
  out_of_state: number;
  founded: number | null;
  facebook: string | null;
  instagram: string | null;
  medals_this_year: number | null;
  supermatches_hosted: number | null;
  supermatches_upcoming: number | null;
}

/** The standings of one division, as the rankings cache keeps them. */
export type StandingsOf = (sex: Sex) => Pick<Standings, 'board' | 'classRank'>;

const key = (name: string) => name.toLowerCase();

/** Every club's member names: the sheet's order, then athletes of the club the sheet does not list (by name). */
function membersByClub(db: Db): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const seen = new Map<number, Set<string>>();
  const add = (clubId: number, name: string) => {
    const s = seen.get(clubId) ?? new Set<string>();
    seen.set(clubId, s);
    if (s.has(key(name))) return;
    s.add(key(name));
    const list = out.get(clubId) ?? [];
    out.set(clubId, list);
    list.push(name);
  };
  const sheet = db.prepare('SELECT club_id, name FROM club_members ORDER BY club_id, position').all() as {
    club_id: number;
    name: string;
  }[];
  for (const r of sheet) add(r.club_id, r.name);
  const athletes = db
    .prepare('SELECT club_id, name FROM athletes WHERE club_id IS NOT NULL ORDER BY name COLLATE NOCASE')
    .all() as { club_id: number; name: string }[];
  for (const r of athletes) add(r.club_id, r.name);
  return out;
}

/** The members' top-10 class placings per talent category of the association, both hands, both sexes. */
function talentOf(
  members: string[],
  standings: Record<Sex, ReturnType<StandingsOf>>,
  categories: readonly TalentCategorySetting[],
): TalentCounts {
  const counts: TalentCounts = categories.map((c) => ({ label: c.label, count: 0 }));
  const wanted = new Set(members.map(key));
  for (const sex of ['M', 'F'] as const) {
    const { board, classRank } = standings[sex];
    for (const [name, cls] of Object.entries(board.weights)) {
      if (!wanted.has(key(name))) continue;
      for (const hand of HANDS) {
        const rank = classRank[hand].get(name);
        if (rank === undefined || rank > TALENT_TOP) continue;
        categories.forEach((c, i) => {
          if (c.classes[sex].includes(cls)) counts[i]!.count++;
        });
      }
    }
  }
  return counts;
}

/**
 * The club's strongest category (ties: the one listed first, the lighter in the defaults), with the state-best
 * rule or the distance from the average. An association without talent categories has nothing to count.
 */
export function talentMetric(own: TalentCounts, all: readonly TalentCounts[]): TalentMetric {
  if (!own.length) return { label: 'Talent', count: 0, footer_accent: '', footer_tail: 'No talent categories set' };
  const best = own.reduce((b, c, i) => (c.count > own[b]!.count ? i : b), 0);
  const { label, count } = own[best]!;
  const others = all.map((t) => t[best]?.count ?? 0);
  const higherOrEqual = others.filter((n) => n >= count).length;
  // `all` includes this club once: it is the state's best when it is the only one with that many.
  if (count > 0 && higherOrEqual === 1) {
    return { label, count, footer_accent: 'State best', footer_tail: ' top-10 hand placings' };
  }
  const average = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const pct = average > 0 ? Math.round(((count - average) / average) * 100) : 0;
  return { label, count, footer_accent: `${pct >= 0 ? '+' : ''}${pct}%`, footer_tail: ' vs the clubs’ average' };
}

const parseList = (json: string): string[] => {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

/** Every club, sorted in-state first, then by members count, largest first. */
export function listClubs(db: Db, standingsOf: StandingsOf, now = new Date()): Club[] {
  const rows = db.prepare('SELECT * FROM clubs ORDER BY id').all() as ClubRow[];
  const members = membersByClub(db);
  const standings = { M: standingsOf('M'), F: standingsOf('F') };
  const categories = readAssociation(db).talent_categories;
  const today = localToday(now);
  const year = today.slice(0, 4);

  // Podium places this year per athlete name; whether the year has any results at all.
  const medalRows = db
    .prepare(
      `SELECT a.name, COUNT(*) AS n FROM placements p
       JOIN result_events e ON e.id = p.event_id JOIN athletes a ON a.id = p.athlete_id
       WHERE p.place <= 3 AND substr(e.date, 1, 4) = ? GROUP BY a.id`,
    )
    .all(year) as { name: string; n: number }[];
  const medalsOf = new Map(medalRows.map((r) => [key(r.name), r.n]));
  const yearHasResults = !!db.prepare('SELECT 1 FROM result_events WHERE substr(date, 1, 4) = ? LIMIT 1').get(year);

  // Cards not yet pulled, by the names on them.
  const cards = db
    .prepare(
      `SELECT a_name, b_name FROM supermatch_cards c
       WHERE c.date >= ? AND NOT EXISTS (SELECT 1 FROM supermatch_results r WHERE r.card_id = c.id)`,
    )
    .all(today) as { a_name: string; b_name: string }[];

  const ratedNames = new Set(
    [...Object.keys(standings.M.board.weights), ...Object.keys(standings.F.board.weights)].map(key),
  );
  const worked = rows.map((row) => {
    const names = members.get(row.id) ?? [];
    const set = new Set(names.map(key));
    return {
      row,
      names,
      talent: talentOf(names, standings, categories),
      medals: names.reduce((n, m) => n + (medalsOf.get(key(m)) ?? 0), 0),
      upcoming: cards.filter((c) => set.has(key(c.a_name)) || set.has(key(c.b_name))).length,
      ranked: names.filter((m) => ratedNames.has(key(m))).length,
    };
  });
  const allTalent = worked.map((w) => w.talent);

  const clubs = worked.map(({ row, names, talent, medals, upcoming, ranked }): Club => {
    const leaders = parseList(row.leaders);
    const sameCity = row.city ? worked.filter((w) => w.row.city && key(w.row.city) === key(row.city!)) : [];
    const cityRank = row.city ? 1 + sameCity.filter((w) => w.medals > medals).length : null;
    const medalsThisYear = row.medals_this_year ?? (yearHasResults ? medals : CLUB_DEFAULTS.medals_this_year);
    const practiceEnd = row.practice_end ?? CLUB_DEFAULTS.practice_end;
    return {
      id: row.id,
      name: row.name,
      city: row.city,
      region: row.region,
      leaders,
      verified: row.verified === 1,
      image_url: row.image_url,
      training: parseList(row.training),
      practice_end: practiceEnd,
      avg_practice_size: row.avg_practice_size ?? CLUB_DEFAULTS.avg_practice_size,
      desc: row.description,
      members_count: row.members_count ?? names.length,
      out_of_state: row.out_of_state === 1,
      founded: row.founded,
      facebook: row.facebook,
      instagram: row.instagram,
      city_medal_rank: cityRank,
      medals_this_year: medalsThisYear,
      supermatches_hosted: row.supermatches_hosted ?? CLUB_DEFAULTS.supermatches_hosted,
      supermatches_upcoming: row.supermatches_upcoming ?? upcoming,
      leader_footer:
        leaders.length === 0
          ? 'No leader listed yet'
          : row.verified
            ? 'Verified club leadership'
            : 'Leadership not verified yet',
      members_footer_prefix: 'Including ',
      members_footer_accent: `${ranked} ranked`,
      members_footer_tail: ' on the leaderboards',
      avg_practice_footer_accent: `Until ${practiceEnd}`,
      avg_practice_footer_tail: ' on training nights',
      medals_footer_accent: cityRank !== null && row.city ? `#${cityRank} in ${row.city}` : '',
      medals_footer_tail: cityRank !== null && row.city ? ' by medals this year' : 'Podium places this year',
      talent_metric: talentMetric(talent, allTalent),
      talent_counts: talent,
      members: names,
    };
  });
  return clubs.sort(compareClubs);
}

export function clubById(db: Db, id: number): ClubRow | undefined {
  return db.prepare('SELECT * FROM clubs WHERE id = ?').get(id) as ClubRow | undefined;
}

/** Whether `name` (a verified athlete name) is one of the club's leaders. */
export function leadsClub(db: Db, clubId: number, name: string): boolean {
  const row = clubById(db, clubId);
  if (!row) return false;
  return parseList(row.leaders).some((l) => key(l.trim()) === key(name.trim()));
}

/** The stored column and value of an edited field. */
function column(field: (typeof CLUB_EDIT_FIELDS)[number], value: unknown): [string, string | number | null] {
  if (field === 'desc') return ['description', value as string];
  if (field === 'training') return ['training', JSON.stringify(value)];
  if (field === 'out_of_state') return ['out_of_state', value ? 1 : 0];
  return [field, value as string | number | null];
}

function storedValue(row: ClubRow, field: (typeof CLUB_EDIT_FIELDS)[number]): unknown {
  if (field === 'desc') return row.description;
  if (field === 'training') return parseList(row.training);
  if (field === 'out_of_state') return row.out_of_state === 1;
  return row[field];
}

/**
 * Applies an edit and logs it (who, when, each changed field from and to), in
 * one transaction. Fields sent with their current value are not changes.
 * Returns the changed field names; none when nothing changed (then nothing is logged).
 */
export function editClub(db: Db, id: number, edit: ClubEdit, who: string, now = new Date()): string[] | undefined {
  return db.transaction(() => {
    const row = clubById(db, id);
    if (!row) return undefined;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of CLUB_EDIT_FIELDS) {
      const to = edit[field];
      if (to === undefined) continue;
      const from = storedValue(row, field);
      if (JSON.stringify(from) === JSON.stringify(to)) continue;
      changes[field] = { from, to };
      const [col, value] = column(field, to);
      db.prepare(`UPDATE clubs SET "${col}" = ? WHERE id = ?`).run(value, id);
    }
    const changed = Object.keys(changes);
    if (changed.length) {
      db.prepare('INSERT INTO club_edits (club_id, edited_by, edited_at, changes) VALUES (?, ?, ?, ?)').run(
        id,
        who,
        now.toISOString(),
        JSON.stringify(changes),
      );
    }
    return changed;
  })();
}

/**
 * A new club (an admin's, e.g. from a club submission): the row, its creation
 * in the edit log, then the other given fields as an edit (logged too), in one
 * transaction. A name already taken (any case) is a 409.
 */
export function createClub(db: Db, input: ClubCreate, who: string, now = new Date()): number {
  return db.transaction(() => {
    const taken = db.prepare('SELECT name FROM clubs WHERE name = ? COLLATE NOCASE').pluck().get(input.name) as
      string | undefined;
    if (taken) throw new HttpError(409, 'conflict', `There is already a club named ${taken}.`, { name: ['Taken.'] });
    const { name, city, region, leaders, ...rest } = input;
    const id = Number(
      db
        .prepare('INSERT INTO clubs (name, city, region, leaders) VALUES (?, ?, ?, ?)')
        .run(name, city, region, JSON.stringify(leaders)).lastInsertRowid,
    );
    const created = {
      name: { from: null, to: name },
      city: { from: null, to: city },
      region: { from: null, to: region },
      leaders: { from: null, to: leaders },
    };
    db.prepare('INSERT INTO club_edits (club_id, edited_by, edited_at, changes) VALUES (?, ?, ?, ?)').run(
      id,
      who,
      now.toISOString(),
      JSON.stringify(created),
    );
    if (Object.values(rest).some((v) => v !== undefined)) editClub(db, id, rest, who, now);
    return id;
  })();
}
