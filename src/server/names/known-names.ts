import type { Db } from '../db/connection.ts';
import { compareText } from '../../shared/compare-text.ts';

/** Case- and accent-insensitive order for people reading a list; ties in plain code-point order. */
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: string, b: string) => collator.compare(a, b) || compareText(a, b);

/** Every athlete's name, in reading order, for the forms' name autocomplete (one indexed scan). */
export function knownNames(db: Db): string[] {
  return (db.prepare('SELECT name FROM athletes').pluck().all() as string[]).sort(byName);
}

/** The athlete with this name in any case, if there is one (names are unique without regard to case). */
export function athleteIdByName(db: Db, name: string): number | null {
  const id = db.prepare('SELECT id FROM athletes WHERE name = ? COLLATE NOCASE').pluck().get(name) as
    number | undefined;
  return id ?? null;
}
