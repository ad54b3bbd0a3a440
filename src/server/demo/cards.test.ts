import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { publicCards } from '../supermatches/public-cards.ts';
import { DEMO_PORTRAITS, seedDemoCards } from './cards.ts';
import { seedDemoEvents } from './events.ts';
import { DEMO_PEOPLE, seedDemoState } from './generate.ts';

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db, migrations);
  seedDemoState(db, { athletes: 80, end: '2026-03-10' });
  seedDemoEvents(db, '2026-03-10');
});
afterEach(() => db.close());

describe('the demo supermatch cards', () => {
  it('six featured upcoming cards on the featured event, two at tonight’s practice, the rated history as past cards', () => {
    expect(seedDemoCards(db)).toBe(8);
    const cards = publicCards(db);
    const featured = cards.filter((c) => c.eventId === 2);
    expect(featured).toHaveLength(6);
    expect(featured.every((c) => c.featured && c.aWins === null && c.date === '2026-04-05')).toBe(true);
    expect(featured.map((c) => c.eventName)).toEqual(Array(6).fill('State Armwrestling Championship'));
    // Twelve different athletes, none of them the demo accounts' own.
    const names = featured.flatMap((c) => [c.a, c.b]);
    expect(new Set(names).size).toBe(12);
    expect(names.some((n) => DEMO_PEOPLE.some((p) => p.name === n))).toBe(false);
    expect(featured.map((c) => c.hand).sort()).toEqual(['LH', 'LH', 'RH', 'RH', 'RH', 'both']);

    const practice = cards.filter((c) => c.eventName === 'Friday Night Pulls');
    expect(practice.map((c) => [c.a, c.b, c.date])).toEqual([
      ['Jordan Reyes', 'Sam Lindqvist', '2026-03-10'],
      ['Casey Morrow', 'Morgan Vance', '2026-03-10'],
    ]);
    const rated = db.prepare('SELECT COUNT(*) FROM supermatch_results').pluck().get() as number;
    const past = cards.filter((c) => c.aWins !== null);
    expect(past).toHaveLength(rated);
    expect(past.every((c) => c.id.startsWith('r') && c.bWins !== null && c.aWins !== c.bWins)).toBe(true);
  });

  it('gives drawn portraits (shipped in public/portraits) to all featured athletes but one, and runs once', () => {
    seedDemoCards(db);
    const featured = publicCards(db, { featured: true });
    const pictures = featured.flatMap((c) => [c.leftImage, c.rightImage]);
    expect(pictures.filter((p) => p === null)).toHaveLength(1);
    for (const url of pictures.filter((p) => p !== null)) {
      expect([...DEMO_PORTRAITS.M, ...DEMO_PORTRAITS.F]).toContain(url);
      expect(fs.existsSync(path.join('public', url))).toBe(true);
    }
    expect(featured[0]!.leftCrop).toEqual({ scale: 1, object_position: { x: 50, y: 40 } });
    expect(seedDemoCards(db)).toBe(0);
    expect(publicCards(db, { featured: true })).toEqual(featured);
  });
});
