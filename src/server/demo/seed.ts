import { DEFAULT_SETTINGS } from '../../shared/association.ts';
import { associationSettingsSchema } from '../../shared/association-schema.ts';
import { sameSettings } from '../association/changes.ts';
import { readAssociation, settingsOf, writeInitialSettings } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { rerate } from '../ratings/engine.ts';
import { seedDemoCards } from './cards.ts';
import { seedDemoEvents } from './events.ts';
import { writeDemoResults, type DemoSummary } from './generate.ts';
import { DEMO_PROFILES, type DemoAssociation } from './profiles.ts';
import { seedDemoSubmissions } from './submissions.ts';
import { seedDemoTournaments } from './tournaments.ts';

/**
 * The whole demo `npm start` writes into an empty database, following the demo association's profile (the kilogram
 * federation's is stored first; the pounds one's is the defaults an empty database has): the league's results, the
 * events and their tournaments (publishing the past one rates every result at once; rerate then finds nothing
 * left, or rates it all had no tournament been published), the supermatch cards, and the submissions waiting for
 * the demo admin.
 */
export function seedDemo(db: Db, association: DemoAssociation = 'lbs', now = new Date()): DemoSummary {
  const today = now.toISOString().slice(0, 10);
  const summary = db.transaction(() => {
    storeDemoProfile(db, association);
    return writeDemoResults(db, { association, end: today });
  })();
  seedDemoEvents(db, today, association);
  seedDemoTournaments(db, association);
  rerate(db);
  // The featured event's supermatch card and tonight's practice session (issue 13).
  seedDemoCards(db);
  seedDemoSubmissions(db, now, association);
  return summary;
}

/**
 * Stores the demo association's profile as the database's first, unless it is the defaults. A database with a
 * profile of its own (set before any athlete) gets no demo of another association: its categories would be refused.
 */
export function storeDemoProfile(db: Db, association: DemoAssociation): void {
  const { settings } = DEMO_PROFILES[association];
  if (settings === DEFAULT_SETTINGS) return;
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM association)').pluck().get() === 0) {
    writeInitialSettings(db, settings, 'demo');
    return;
  }
  if (!sameSettings(settingsOf(readAssociation(db)), associationSettingsSchema.parse(settings))) {
    throw new Error(
      `DEMO_ASSOCIATION=${association}: the database has an association profile of its own, so the ` +
        `${settings.name} demo is not written into it. Start with an empty DATA_DIR, or set DEMO_DATA=false.`,
    );
  }
}
