import { weightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { insertRow } from '../db/connection.ts';
import { DEMO_PROFILES, type DemoAssociation } from './profiles.ts';

/**
 * A few submissions waiting for the demo admin, so the admin screen shows its
 * queues and its inbox on a first `npm start`: results from an anonymous
 * organiser, from a signed-in demo athlete and one naming a new athlete, an
 * event someone proposed and a piece of feedback. The athletes are taken from
 * the demo roster by their rank, so the results read plausibly (an upset or two),
 * with the weights typed in the association's unit and the places of the demo
 * association's catalogue. Only into a database that has no submissions yet.
 */
/** How many results the demo leaves waiting for review (the browser tests count on it). */
export const DEMO_PENDING_RESULTS = 3;

export function seedDemoSubmissions(db: Db, now = new Date(), association: DemoAssociation = 'lbs'): number {
  if (db.prepare('SELECT COUNT(*) FROM supermatch_submissions').pluck().get() !== 0) return 0;
  // Men ranked by their right-hand rating, best first.
  const men = db
    .prepare(
      `SELECT a.name FROM ratings r JOIN athletes a ON a.id = r.athlete_id
       WHERE a.sex = 'M' AND r.hand = 'RH' ORDER BY r.mu - 3 * r.sigma DESC, a.name`,
    )
    .pluck()
    .all() as string[];
  if (men.length < 30) return 0;
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const at = (daysAgo: number) => day(daysAgo).toISOString();
  const date = (daysAgo: number) => at(daysAgo).slice(0, 10);
  const { units } = readAssociation(db);
  const base = { source: 'web', status: 'pending', submitter_ip: '203.0.113.24', weight_unit: units };
  // Typed as whole numbers, as the form takes them.
  const typed = (lbs: number) => Math.round(weightIn(lbs, 'lbs', units));
  const texts = DEMO_PROFILES[association].catalogue.submissions;

  const rows = [
    // An upset: the 9th best beats the 3rd.
    {
      a_name: men[8],
      b_name: men[2],
      hand: 'RH',
      winner: 'A',
      score: '3-2',
      best_of: 5,
      date: date(2),
      location: texts.gym,
      notes: 'Went the distance, last pin on the strap.',
      submitter: 'Anonymous',
      created_at: at(2),
    },
    // From the demo athlete's account: a signed-in submitter.
    {
      a_name: men[14],
      b_name: men[19],
      hand: 'LH',
      winner: 'A',
      score: '3-1',
      best_of: 5,
      date: date(1),
      location: texts.pullNight,
      weight_a: typed(205),
      weight_b: typed(198),
      head_ref: texts.headRef,
      submitter: 'Jordan Reyes',
      submitter_sub: 'demo-athlete',
      submitter_email: 'athlete@demo.armwrestling.test',
      created_at: at(1),
    },
    // A name the roster does not have yet: approving asks who the new athlete is.
    {
      a_name: texts.newcomer,
      b_name: men[29],
      hand: 'RH',
      winner: 'A',
      date: date(0),
      location: 'Garage session',
      submitter: texts.newcomer,
      created_at: at(0),
    },
  ];
  if (rows.length !== DEMO_PENDING_RESULTS) throw new Error('DEMO_PENDING_RESULTS is out of date.');
  db.transaction(() => {
    for (const r of rows) insertRow(db, 'supermatch_submissions', { ...base, ...r });
    insertRow(db, 'event_submissions', {
      ...texts.proposed,
      date: date(0),
      link: 'https://example.org/harvest-pull',
      submitter_ip: '198.51.100.7',
      status: 'pending',
      created_at: at(3),
    });
    insertRow(db, 'feedback', {
      text: 'Would love a filter for masters on the leaderboards.',
      name: 'Anonymous',
      submitter_ip: '198.51.100.9',
      created_at: at(4),
    });
  })();
  return rows.length;
}
