import { fileURLToPath } from 'node:url';
import { loadMigrations } from './migrate.ts';

/**
 * The schema's history: one SQL file per migration in migrations/ beside this
 * file (0001_....sql, 0002_....sql, ...), applied in the order of their
 * numbers. Append only: never edit a migration that has shipped, add the next
 * number instead. No migration needs code today (see loadMigrations for how
 * one would).
 */
export const migrations = loadMigrations(fileURLToPath(new URL('./migrations/', import.meta.url)));
