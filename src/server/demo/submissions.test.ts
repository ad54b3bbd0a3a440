import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { listSupermatchSubmissions } from '../supermatches/review.ts';
import { listInbox } from '../submissions/inbox.ts';
import { seedDemoState } from './generate.ts';
import { DEMO_PENDING_RESULTS, seedDemoSubmissions } from './submissions.ts';

let db: Db;
afterEach(() => db.close());

describe('the demo submissions', () => {
  it('leave results, an event and feedback waiting for the admin, once', () => {
    db = openDatabase(':memory:');
    migrate(db, migrations);
    expect(seedDemoSubmissions(db)).toBe(0); // no roster yet: nothing to name
    seedDemoState(db, { end: '2026-11-01' });
    expect(seedDemoSubmissions(db)).toBe(DEMO_PENDING_RESULTS);
    expect(seedDemoSubmissions(db)).toBe(0);

    const results = listSupermatchSubmissions(db, 'pending');
    expect(results).toHaveLength(DEMO_PENDING_RESULTS);
    expect(results.map((r) => r.submitter_trust).sort()).toEqual(['anonymous', 'anonymous', 'logged_in']);
    // One names an athlete the roster does not have; the others name rated athletes.
    expect(results.filter((r) => r.a_athlete_id === null || r.b_athlete_id === null).map((r) => r.a_name)).toEqual([
      'Drew Hollis',
    ]);
    expect(listInbox(db).map((i) => i.kind)).toEqual(['event', 'feedback']);
  });
});
