import type { Sex } from '../../shared/weight-classes.ts';
import type { Db } from '../db/connection.ts';
import { compressedForms } from '../http/encoding.ts';
import { strongEtag } from '../http/etag.ts';
import { resultsVersion } from '../ratings/engine.ts';
import { computeStandings, type Standings } from './standings.ts';

/**
 * Standings are precomputed once per change of results (or of the association profile) and kept, with the
 * serialized body, its brotli and gzip forms and a strong ETag, so a leaderboard request costs
 * one indexed read of the two versions and a memory copy. The versions live
 * in the database, so an import run from the command line is seen at once.
 */
export interface CachedStandings extends Standings {
  json: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

export function createStandingsCache(db: Db) {
  let version = '';
  const bySex = new Map<Sex, CachedStandings>();
  // The association profile's version too: its classes and unit are what the standings are cut by.
  const readVersion = db
    .prepare(
      `SELECT coalesce((SELECT value FROM settings WHERE key = 'results_version'), 0) || ':' ||
            coalesce((SELECT version FROM association WHERE id = 1), 0)`,
    )
    .pluck();

  function get(sex: Sex): CachedStandings {
    const v = readVersion.get() as string;
    if (v !== version) {
      bySex.clear();
      version = v;
    }
    let entry = bySex.get(sex);
    if (!entry) {
      const standings = computeStandings(db, sex);
      const json = Buffer.from(JSON.stringify(standings.board));
      entry = {
        ...standings,
        json: new Uint8Array(json),
        ...compressedForms(json),
        etag: strongEtag(json),
      };
      bySex.set(sex, entry);
    }
    return entry;
  }
  return { get, version: () => resultsVersion(db) };
}

export type StandingsCache = ReturnType<typeof createStandingsCache>;
