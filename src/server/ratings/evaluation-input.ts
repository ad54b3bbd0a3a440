import type { AssociationSettings } from '../../shared/association.ts';
import { writeInitialSettings } from '../association/store.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { importResultsCsv, type ImportError } from '../results/import-csv.ts';
import { loadUnits } from './engine.ts';
import type { Unit } from './units.ts';

/**
 * The results an evaluation replays, from a results file: the file goes through the import itself (the same
 * checks and messages, line by line) into a database of its own in memory, so a file is read exactly as
 * `npm run import` would read it, and nothing reaches the configured database, good file or bad.
 */
export function unitsFromFile(
  text: string,
  profile: AssociationSettings | null,
  today?: string,
): { units: Unit[] } | { errors: ImportError[] } {
  const db = openDatabase(':memory:');
  try {
    migrate(db, migrations);
    // The file is in the association's unit and classes; without a database, the defaults'.
    if (profile) writeInitialSettings(db, profile, 'ratings evaluate');
    const result = importResultsCsv(db, text, { today });
    if (!result.ok) return { errors: result.errors };
    return { units: loadUnits(db, null) };
  } finally {
    db.close();
  }
}
