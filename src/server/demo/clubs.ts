import type { Db } from '../db/connection.ts';
import type { DemoCatalogue } from './catalogue.ts';
import { mulberry32 } from '../../shared/prng.ts';

/**
 * The demo clubs' details, drawn from the seed once the roster is written:
 * leaders are the club's athletes marked club_leader, members its athletes by
 * name plus a few newcomers (people on the club sheet with no results yet),
 * training nights, sizes, founding years and links. With four clubs or more,
 * the last one in a town of its own trains across the state line (or the
 * border). Names and times come from the demo association's catalogue.
 */

const NIGHTS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

/** A club's page name for its links: its letters without accents, and its digits. */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export function fillDemoClubs(db: Db, seed: number, catalogue: DemoCatalogue): void {
  const { firstNames, lastNames, training: times } = catalogue;
  const clubs = db.prepare('SELECT id, name, city FROM clubs ORDER BY id').all() as {
    id: number;
    name: string;
    city: string;
  }[];
  const athletes = db.prepare('SELECT name FROM athletes').pluck().all() as string[];
  const taken = new Set(athletes.map((n) => n.toLowerCase()));
  const membersOf = db.prepare('SELECT name, club_leader FROM athletes WHERE club_id = ? ORDER BY name COLLATE NOCASE');
  const update = db.prepare(
    `UPDATE clubs SET leaders = ?, verified = ?, image_url = ?, training = ?, practice_end = ?, avg_practice_size = ?,
       description = ?, out_of_state = ?, founded = ?, facebook = ?, instagram = ?, supermatches_hosted = ?
     WHERE id = ?`,
  );
  const addMember = db.prepare('INSERT INTO club_members (club_id, position, name) VALUES (?, ?, ?)');
  // The club across the state line: the last one in a town of its own (rosters of four clubs or more).
  const alone = clubs.filter((c) => clubs.filter((o) => o.city === c.city).length === 1);
  const awayId = clubs.length >= 4 ? alone.at(-1)?.id : undefined;

  clubs.forEach((club) => {
    const rng = mulberry32((Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(club.id, 0x85ebca6b)) >>> 0);
    const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;

    const roster = membersOf.all(club.id) as { name: string; club_leader: number }[];
    const leaders = roster.filter((m) => m.club_leader).map((m) => m.name);
    const names = roster.map((m) => m.name);
    // Newcomers: on the sheet, not yet on a leaderboard.
    for (let n = int(1, 3), tries = 0; n > 0 && tries < 50; tries++) {
      const sex = rng() < 0.75 ? 'M' : 'F';
      const first = pick(firstNames[sex]);
      const name = `${first} ${pick(lastNames[sex])}`;
      if (taken.has(name.toLowerCase())) continue;
      taken.add(name.toLowerCase());
      names.push(name);
      n--;
    }
    names.forEach((name, position) => addMember.run(club.id, position, name));

    const nights = [...NIGHTS].sort(() => rng() - 0.5).slice(0, int(2, 3));
    nights.sort((a, b) => NIGHTS.indexOf(a) - NIGHTS.indexOf(b));
    const start = pick(times.starts);
    const end = pick(times.ends);
    const training = [`${nights.join(' & ')} ${start}–${end}`];
    if (rng() < 0.5) training.push(times.saturday);
    const slug = slugOf(club.name);
    const outOfState = club.id === awayId;
    update.run(
      JSON.stringify(leaders),
      leaders.length && rng() < 0.75 ? 1 : 0,
      // No pictures of our own: the app draws each club's placeholder.
      null,
      JSON.stringify(training),
      end,
      Math.max(4, Math.round(roster.length / 3) + int(-2, 4)),
      `${club.name} pulls in ${club.city}: ${pick([
        'beginners welcome, bring chalk',
        'tables for both hands and a strap coach every night',
        'a small room with a loud crowd',
        'competition prep before every tournament',
      ])}.`,
      outOfState ? 1 : 0,
      int(1995, 2023),
      rng() < 0.8 ? `https://facebook.com/${slug}` : null,
      rng() < 0.7 ? `https://instagram.com/${slug}` : null,
      int(0, 20),
      club.id,
    );
  });
}
